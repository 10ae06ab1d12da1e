<?php
// bench/ds.php — one row of the ds benchmark (bench/ds.sh): the same PHP code runs
// with Debian's ext-ds or with examples/ds loaded (never both).
//
//   php -d extension=<ds.so> bench/ds.php ROW N loop|empty|memory
//
// `empty` does the row's setup only; `loop` the setup and the measured work, so
// the difference is the work. `memory` prints the bytes the structure of N
// elements adds to the process (resident memory: the port allocates with the
// C++ allocator, ext-ds with PHP's, and both show there).
[, $row, $n, $mode] = $argv + [null, null, 0, 'loop'];
$n = (int) $n;

final class Key implements Ds\Hashable {
    public function __construct(public int $id) {}
    public function hash(): mixed { return $this->id; }
    public function equals($other): bool { return $other->id === $this->id; }
}

function rss(): int {
    preg_match('/VmRSS:\s+(\d+) kB/', file_get_contents('/proc/self/status'), $m);
    return (int) $m[1] * 1024;
}

if ($mode === 'memory') {
    $ints = range(0, $n - 1);
    gc_collect_cycles();
    $before = rss();
    $s = match ($row) {
        'vector' => new Ds\Vector($ints),
        'deque' => new Ds\Deque($ints),
        'map' => new Ds\Map($ints),
        'set' => new Ds\Set($ints),
        'pq' => (function () use ($ints) { $q = new Ds\PriorityQueue; foreach ($ints as $i) $q->push($i, $i); return $q; })(),
    };
    echo rss() - $before, "\n";
    exit;
}

$loop = $mode === 'loop';
$ints = range(0, $n - 1);
mt_srand(7);
$shuffled = $ints;
shuffle($shuffled);
[$setup, $work] = match ($row) {
    'vector_push' => [fn() => new Ds\Vector, function ($v) use ($n) { for ($i = 0; $i < $n; $i++) $v->push($i); }],
    'vector_pop' => [fn() => new Ds\Vector($ints), function ($v) use ($n) { for ($i = 0; $i < $n; $i++) $v->pop(); }],
    'vector_get' => [fn() => new Ds\Vector($ints), function ($v) use ($n) { for ($i = 0; $i < $n; $i++) $v->get($i); }],
    'vector_set' => [fn() => new Ds\Vector($ints), function ($v) use ($n) { for ($i = 0; $i < $n; $i++) $v->set($i, $i); }],
    'vector_index' => [fn() => new Ds\Vector($ints), function ($v) use ($n) { for ($i = 0; $i < $n; $i++) $x = $v[$i]; }],
    'deque_shift' => [fn() => new Ds\Deque($ints), function ($d) use ($n) { for ($i = 0; $i < $n; $i++) $d->shift(); }],
    'deque_unshift' => [fn() => new Ds\Deque, function ($d) use ($n) { for ($i = 0; $i < $n; $i++) $d->unshift($i); }],
    'map_put_int' => [fn() => new Ds\Map, function ($m) use ($n) { for ($i = 0; $i < $n; $i++) $m->put($i, $i); }],
    'map_get_int' => [fn() => new Ds\Map($ints), function ($m) use ($n) { for ($i = 0; $i < $n; $i++) $m->get($i); }],
    'map_put_string' => [fn() => [new Ds\Map, array_map(fn($i) => "key$i", $ints)],
                         function ($s) use ($n) { [$m, $k] = $s; for ($i = 0; $i < $n; $i++) $m->put($k[$i], $i); }],
    'map_get_string' => [function () use ($ints) { $k = array_map(fn($i) => "key$i", $ints); return [new Ds\Map(array_flip($k)), $k]; },
                         function ($s) use ($n) { [$m, $k] = $s; for ($i = 0; $i < $n; $i++) $m->get($k[$i]); }],
    'map_put_hashable' => [fn() => [new Ds\Map, array_map(fn($i) => new Key($i), $ints)],
                           function ($s) use ($n) { [$m, $k] = $s; for ($i = 0; $i < $n; $i++) $m->put($k[$i], $i); }],
    'map_get_hashable' => [function () use ($ints) { $k = array_map(fn($i) => new Key($i), $ints); $m = new Ds\Map; foreach ($k as $i => $key) $m->put($key, $i); return [$m, $k]; },
                           function ($s) use ($n) { [$m, $k] = $s; for ($i = 0; $i < $n; $i++) $m->get($k[$i]); }],
    'set_add' => [fn() => new Ds\Set, function ($s) use ($n) { for ($i = 0; $i < $n; $i++) $s->add($i); }],
    'set_contains' => [fn() => new Ds\Set($ints), function ($s) use ($n) { for ($i = 0; $i < $n; $i++) $s->contains($i); }],
    'iterate' => [fn() => new Ds\Vector($ints), function ($v) { foreach ($v as $x) {} }],
    'map' => [fn() => new Ds\Vector($ints), function ($v) { $v->map(fn($x) => $x); }],
    'filter' => [fn() => new Ds\Vector($ints), function ($v) { $v->filter(fn($x) => $x & 1); }],
    'sort' => [fn() => new Ds\Vector($shuffled), function ($v) { $v->sort(); }],
    'to_array' => [fn() => new Ds\Vector($ints), function ($v) { $v->toArray(); }],
    'pq_push' => [fn() => new Ds\PriorityQueue, function ($q) use ($n) { for ($i = 0; $i < $n; $i++) $q->push($i, $i % 1000); }],
    'pq_pop' => [function () use ($n) { $q = new Ds\PriorityQueue; for ($i = 0; $i < $n; $i++) $q->push($i, $i % 1000); return $q; },
                 function ($q) use ($n) { for ($i = 0; $i < $n; $i++) $q->pop(); }],
};
$s = $setup();
if ($loop) $work($s);
