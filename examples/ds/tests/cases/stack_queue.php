<?php
// Ds\Stack and Ds\Queue: every method, ArrayAccess, consuming iteration, output, capacity and errors
function t(callable $f) {
    try { $r = $f(); echo "ok: ", json_encode($r), "\n"; }
    catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
foreach ([Ds\Stack::class, Ds\Queue::class] as $C) {
    echo "== $C\n";
    $s = new $C([1, "two", 3.5]);
    $s->push(4, [5]); $s[] = null;
    var_dump(count($s), $s->isEmpty(), $s->peek(), $s->toArray(), $s->jsonSerialize(), json_encode($s));
    var_dump($s); print_r($s); echo "\n"; var_export($s); echo "\n";
    echo $ser = serialize($s), "\n";
    $u = unserialize($ser); var_dump($u->toArray() === $s->toArray(), $u == $s, $u->capacity());
    $c = clone $s; $c->push("only in the clone"); $d = $s->copy(); $d->pop();
    var_dump(count($s), count($c), count($d), $c->peek());
    var_dump($s->pop(), $s->pop(), count($s));
    foreach ($s as $k => $v) echo "$k=>", json_encode($v), " ";
    echo "| ", count($s), "\n";
    $s->push(1, 2, 3);
    foreach ($s as $k => $v) { echo "$k=>$v "; if ($v === 2) $s->push(7); }
    echo "| ", count($s), "\n";
    $s->push(1, 2, 3, 4);
    foreach ($s as $v) { echo $v, " "; if ($v === 3 || $v === 2) break; }
    echo "| ", count($s), " ", json_encode($s->toArray()), "\n";
    var_dump($s->getIterator() === $s, iterator_to_array($s), count($s));
    $s->push(1, 2); $gen = (function () use ($s) { yield from $s; })(); var_dump(iterator_to_array($gen, false), count($s));
    $s->push(5, 6); var_dump([...$s], count($s));
    $s = new $C(); $last = -1;
    for ($i = 0; $i < 300; $i++) { if ($s->capacity() != $last) echo count($s), ":", $last = $s->capacity(), " "; $s->push($i); }
    echo "\n";
    for ($i = 0; $i < 300; $i++) { if ($s->capacity() != $last) echo count($s), ":", $last = $s->capacity(), " "; $s->pop(); }
    echo "\n";
    foreach ([-1, 0, 5, 9, 100, 20] as $n) { $s = new $C([1, 2]); $s->allocate($n); echo "allocate $n: ", $s->capacity(), "\n"; }
    foreach ([0, 1, 8, 9, 13, 40] as $n) { echo "$n: ", (new $C($n ? range(1, $n) : []))->capacity(), " "; } echo "\n";
    $s = new $C(range(1, 50)); $s->clear(); var_dump($s->capacity(), $s->toArray());
    var_dump((new $C(["k" => "v", 5 => "x"]))->toArray(), (new $C(new ArrayIterator([1, 2])))->toArray());
    $s = new $C([1, 2, 3]);
    t(fn() => isset($s[0])); t(fn() => empty($s[0])); t(fn() => $s[0]); t(fn() => $s["a"]);
    t(function () use ($s) { $s[0] = 1; }); t(function () use ($s) { unset($s[0]); }); t(function () use ($s) { $s[0][] = 1; });
    t(fn() => $s->offsetExists(0)); t(fn() => $s->offsetGet(0)); t(fn() => $s->offsetSet(0, 1)); t(fn() => $s->offsetUnset(0));
    t(fn() => $s->offsetSet(null, 9)); t(fn() => $s->toArray());
    t(fn() => (new $C)->pop()); t(fn() => (new $C)->peek()); t(fn() => new $C(5)); t(fn() => new $C(null));
    t(fn() => $s->allocate("x")); t(fn() => $s->push()); t(fn() => $s->pop(1)); t(fn() => $s->nope());
    t(function () use ($s) { foreach ($s as &$v) {} });
    var_dump(new $C([1]) == new $C([2]), new $C([1]) === new $C([1]));
    $o = new stdClass; $o->s = new $C([$o]); unset($o); var_dump(gc_collect_cycles() > 0);
    $n = new $C([new $C([1]), new $C()]); print_r($n); echo serialize($n), "\n";
}
