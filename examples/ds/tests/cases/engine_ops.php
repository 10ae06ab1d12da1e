<?php
// Engine operations on every class: string conversion (ext-ds's cast handler, no __toString),
// reads in "is" mode (isset, empty, ??), unset of a Pair's properties
function t(string $what, Closure $f): void {
    echo $what, ": ";
    try { var_export($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(); }
    echo "\n";
}
$all = [new Ds\Vector([1, 2]), new Ds\Deque([1]), new Ds\Map(["a" => 1]), new Ds\Set([1]), new Ds\Stack([1]),
        new Ds\Queue([1]), new Ds\PriorityQueue, new Ds\Pair(1, 2)];
foreach ($all as $o) {
    $c = get_class($o);
    t("$c string", fn() => [(string)$o, "[$o]", strlen($o), join(",", [$o, $o]), $o == "object($c)",
                            $o instanceof Stringable, method_exists($o, '__toString'), str_pad($o, 3)]);
    echo $o, "\n";
}
// Reads in "is" mode and their plain twins.
$v = new Ds\Vector([null, 0, "x", [1]]);
$d = new Ds\Deque([null, 0, "x"]);
foreach (['Vector' => $v, 'Deque' => $d] as $name => $s) {
    t("$name ??", fn() => [$s[0] ?? "d", $s[1] ?? "d", $s[9] ?? "d", $s[-1] ?? "d", $s["1"] ?? "d", $s[1.0] ?? "d",
                           $s[true] ?? "d", $s[null] ?? "d", $s[2][0] ?? "d", $s[9][0] ?? "d"]);
    t("$name isset", fn() => [isset($s[0]), isset($s[1]), isset($s[9]), isset($s["1"]), isset($s[2][0]), isset($s[9][1])]);
    t("$name empty", fn() => [empty($s[0]), empty($s[1]), empty($s[2]), empty($s[9]), empty($s["x"])]);
    t("$name read 9", fn() => $s[9]);
    t("$name read '1'", fn() => $s["1"]);
}
t("Vector nested ??", fn() => $v[3][0] ?? "d");
$m = new Ds\Map(["a" => 1, "n" => null, 2 => [1]]);
t("Map ??", fn() => [$m["a"] ?? "d", $m["n"] ?? "d", $m["zz"] ?? "d", $m[2][0] ?? "d", $m[[1]] ?? "d", $m[new stdClass] ?? "d"]);
t("Map isset", fn() => [isset($m["a"]), isset($m["n"]), isset($m["zz"]), isset($m[2][0])]);
t("Map empty", fn() => [empty($m["a"]), empty($m["n"]), empty($m["zz"])]);
t("Map read zz", fn() => $m["zz"]);
$set = new Ds\Set([1, 2]);
t("Set ?? 1", fn() => $set[1] ?? "d");
t("Set ?? 9", fn() => $set[9] ?? "d");
t("Set ?? 'x'", fn() => $set["x"] ?? "d");
t("Set isset", fn() => isset($set[0]));
t("Set empty", fn() => empty($set[0]));
t("Set read", fn() => [$set[0], $set[1]]);
foreach ([new Ds\Stack([1]), new Ds\Queue([1])] as $a) {
    $c = get_class($a);
    t("$c ??", fn() => $a[0] ?? "d");
    t("$c isset", fn() => isset($a[0]));
    t("$c empty", fn() => empty($a[0]));
}
t("PriorityQueue ??", fn() => (new Ds\PriorityQueue)[0] ?? "d");
// unset() of a Pair's properties sets them to null; other names as for any object.
$p = new Ds\Pair("k", "v");
unset($p->key);
var_dump($p);
unset($p->value, $p->nope);
var_dump($p, $p->toArray(), isset($p->key), (array)$p);
$p->key = 5;
$name = "key";
unset($p->$name);
var_dump($p->key);
// unset() of a sequence's offset reads it as a weak int parameter: floats (with PHP's
// deprecation when that loses precision), bools and numeric strings convert; others remove nothing.
set_error_handler(function ($no, $msg) { echo "[$msg] "; return true; });
foreach ([0.1, 1.9, "1", " 1", "01", "1.5", "x", true, false, [], 5, -1, 1e30, NAN] as $k) {
    foreach ([new Ds\Vector([1, 2, 3]), new Ds\Deque([1, 2, 3])] as $s) {
        unset($s[$k]);
        echo get_class($s), " unset ", json_encode($k), ": ", json_encode($s->toArray()), "\n";
    }
}
restore_error_handler();
// Sorting with a comparator that is inconsistent, or values PHP cannot order: ext-ds's order.
foreach ([fn($a, $b) => 1, fn($a, $b) => -1, fn($a, $b) => $a > 2 ? 1 : -1, fn($a, $b) => 0, fn($a, $b) => is_int($a) ? $a % 3 - 1 : 1] as $i => $cmp) {
    echo "comparator $i: ", json_encode((new Ds\Vector([5, 1, 4, 2, 3, 9, 7, 8, 6]))->sorted($cmp)->toArray()), " ",
        json_encode((new Ds\Deque([3, 1, 2]))->sorted($cmp)->toArray()), " ",
        json_encode((new Ds\Map(["c" => 1, "a" => 3, "b" => 2]))->sorted($cmp)->keys()->toArray()), " ",
        json_encode((new Ds\Map(["c" => 1, "a" => 3, "b" => 2]))->ksorted($cmp)->keys()->toArray()), " ",
        json_encode((new Ds\Set([3, 1, 2]))->sorted($cmp)->toArray()), "\n";
}
echo json_encode((new Ds\Vector([[1], "a", 1.5, null, true, [0, 1], "10", 9, NAN, -INF]))->sorted()->toArray()), "\n";
// The type an offset of the wrong type is named by.
foreach ([new stdClass, new Ds\Map, [], "x", 1.5, true, null] as $k) {
    t("Vector[" . get_debug_type($k) . "]", fn() => (new Ds\Vector([1]))[$k]);
    t("Set[" . get_debug_type($k) . "]", fn() => (new Ds\Set([1]))[$k]);
}
// By-reference and nested writes through dimensions and Pair properties reach the storage,
// which keeps a PHP reference while one is held (var_dump and toArray() show it).
foreach (['Ds\Vector', 'Ds\Deque'] as $c) {
    t("$c =&", function () use ($c) { $v = new $c([1, 2]); $x = &$v[0]; $x = 9; var_dump($v->toArray(), $v[0], $v->get(0)); unset($x); var_dump($v); });
    t("$c [0][]", function () use ($c) { $v = new $c([[1], 2]); $v[0][] = 5; $v[0]['k'] = 6; unset($v[0][0]); var_dump($v->toArray()); });
    t("$c [0][] on int", function () use ($c) { $v = new $c([1]); $v[0][] = 5; });
    t("$c [3][]", function () use ($c) { $v = new $c([1]); $v[3][] = 5; });
    t("$c ['a'][]", function () use ($c) { $v = new $c([1]); $v["a"][] = 5; });
    t("$c [0]->p", function () use ($c) { $v = new $c([new stdClass, [1]]); $v[0]->p = 5; var_dump($v->toArray()); $v[1]->p = 1; });
    t("$c op=", function () use ($c) { $v = new $c([1, 2, "s"]); $v[0] += 5; $v[1] .= "x"; $v[2]++; --$v[0]; var_dump($v->toArray()); });
    t("$c copy", function () use ($c) { $v = new $c([1, 2]); $x = &$v[0]; $w = $v->copy(); $x = 7; $v[0] = 8; var_dump($v->toArray(), $w->toArray(), $x); });
    t("$c sort()", function () use ($c) { $v = new $c([[3, 1, 2]]); sort($v[0]); var_dump($v->toArray(), $v->first(), $v->map(fn($e) => $e)->toArray()); });
    t("$c foreach &", function () use ($c) { $v = new $c([1, 2]); foreach ($v as &$x) { $x *= 10; } });
}
t("Map =&", function () { $m = new Ds\Map(['k' => 1]); $x = &$m['k']; $x = 9; var_dump($m->toArray(), $m->get('k')); $m['k'] = 3; var_dump($x, $m); });
t("Map [new][]", function () { $m = new Ds\Map(); $m['k'][] = 1; });
t("Map [k][]", function () { $m = new Ds\Map(['k' => [1]]); $m['k'][] = 2; $m['k']['z'] = 3; unset($m['k'][0]); var_dump($m->toArray()); });
t("Map [obj][]", function () { $k = new stdClass; $m = new Ds\Map(); $m[$k][] = 1; });
t("Map op=", function () { $m = new Ds\Map(['k' => 1]); $m['k'] += 2; $m['n'] ??= 4; $m['k']++; var_dump($m->toArray()); });
t("Map foreach &", function () { $m = new Ds\Map(['k' => 1]); foreach ($m as $k => &$x) { $x = 2; } });
t("Map unset([q][0])", function () { $m = new Ds\Map(['k' => [1, 2]]); unset($m['q'][0]); });
t("Set =&", function () { $s = new Ds\Set([1]); $x = &$s[0]; $x = 9; var_dump($s->toArray()); });
t("Set [0][]", function () { $s = new Ds\Set([[1]]); $s[0][] = 9; var_dump($s->toArray()); });
t("Stack [][]", function () { $s = new Ds\Stack([1]); $s[][] = 1; });
t("Queue [0][]", function () { $s = new Ds\Queue([1]); $s[0][] = 1; });
t("PriorityQueue [0][]", function () { $s = new Ds\PriorityQueue(); $s[0][] = 1; });
t("Pair =&", function () { $p = new Ds\Pair('a', [1]); $x = &$p->value; $x = 9; var_dump($p); $p->value = 10; var_dump($x); });
t("Pair ->value[]", function () { $p = new Ds\Pair('a', [1]); $p->value[] = 2; $p->key .= 'b'; $p->value['q'] = 1; $p->key++; var_dump($p, $p->toArray()); });
t("Pair = &", function () { $p = new Ds\Pair(); $y = 1; $p->value = &$y; $y = 2; var_dump($p->value, $p->copy()); });
// `$x[null] = $v` through the write handler is refused; offsetSet(null, $v) appends.
foreach (['Ds\Vector', 'Ds\Deque', 'Ds\Set', 'Ds\Stack', 'Ds\Queue'] as $c) {
    t("$c [null] =", function () use ($c) { $s = new $c; $s->offsetSet(null, 1); $s[] = 2; var_dump(count($s)); $s[null] = 3; });
}
// clear() of an empty Vector (or Stack) keeps the capacity it had; others go back to 8.
foreach (['Ds\Vector', 'Ds\Stack', 'Ds\Deque', 'Ds\Queue', 'Ds\Map', 'Ds\Set', 'Ds\PriorityQueue'] as $c) {
    $s = new $c;
    $s->allocate(40);
    $s->clear();
    echo "$c: ", $s->capacity(), "\n";
}
// A key no array can have ends toArray() with a TypeError; a float key after it is not reported.
set_error_handler(function ($no, $msg) { echo "[$msg] "; return true; });
foreach ([[1.5, []], [[], 1.5]] as $keys) {
    $m = new Ds\Map;
    foreach ($keys as $i => $k) $m->put($k, $i);
    t("Map keys " . json_encode($keys) . " toArray", fn() => $m->toArray());
    t("Map keys " . json_encode($keys) . " jsonSerialize", fn() => $m->jsonSerialize());
}
restore_error_handler();
// A comparator's result is read as (int), then as a C int (its low 32 bits): PHP_INT_MAX is
// "less", 2**32 "equal", 2**31 "less".
foreach ([1, PHP_INT_MAX, 0x100000000, 0x1FFFFFFFF, 0x80000000, -0.5, 2.9, "5"] as $r) {
    $line = [];
    foreach (['Ds\Vector', 'Ds\Deque', 'Ds\Map', 'Ds\Set'] as $c) {
        $s = new $c([1, 2, 3, 4, 5]);
        $s->sort(fn($a, $b) => $r);
        $line[] = json_encode($c === 'Ds\Map' ? $s->values() : $s->toArray());
        if ($c === 'Ds\Map') {
            $s->ksort(fn($a, $b) => $r);
            $line[] = json_encode($s->keys());
        }
    }
    echo var_export($r, true), ': ', implode(' ', $line), "\n";
}
// offsetExists(), offsetGet(), offsetSet() and offsetUnset() called as methods: a sequence's and
// a Set's offset is a weak-mode int parameter there (deprecations for null and for a float that
// loses precision; a TypeError naming the method), and offsetUnset() of a missing index throws.
set_error_handler(function ($no, $msg) { echo "[$msg] "; return true; });
foreach (['Ds\Vector', 'Ds\Deque', 'Ds\Stack', 'Ds\Queue', 'Ds\Map', 'Ds\Set', 'Ds\PriorityQueue'] as $c) {
    foreach ([0, "1", null, "a", 1.5, "1.0", true, [], -1, "9", " 2", "2abc"] as $k) {
        $r = [];
        foreach (['offsetExists', 'offsetGet', 'offsetSet', 'offsetUnset'] as $m) {
            $s = match ($c) { 'Ds\PriorityQueue' => new $c, 'Ds\Map' => new $c([0 => 'a', 1 => 'b', 'a' => 'c']), default => new $c([10, 20, 30]) };
            try {
                // offsetSet() and offsetUnset() are void (ext-ds's offsetUnset() returns a value).
                if ($m === 'offsetSet') $s->$m($k, 'n');
                elseif ($m === 'offsetUnset') $s->$m($k);
                else $r[] = $s->$m($k);
                $r[] = $s->toArray();
            } catch (Throwable $e) {
                $r[] = get_class($e) . ': ' . $e->getMessage();
            }
        }
        echo "$c ", var_export($k, true), ": ", json_encode($r), "\n";
    }
}
restore_error_handler();
// A comparator that throws is called no more; the sort runs to its end with the comparisons
// left as "equal" and is kept (sorted() returns nothing).
foreach (['Ds\Vector', 'Ds\Deque', 'Ds\Map', 'Ds\Set'] as $c) {
    foreach (['sort', 'sorted', 'ksort', 'ksorted'] as $m) {
        if (!method_exists($c, $m)) continue;
        $s = new $c([5, 3, 9, 1, 7, 2]);
        $n = 0;
        try {
            $s->$m(function ($a, $b) use (&$n) { if (++$n == 4) throw new Exception("x"); return $b <=> $a; });
        } catch (Exception $e) {
            echo "$c $m: ", $e->getMessage(), " after $n calls; ", json_encode($c === 'Ds\Map' ? [$s->keys(), $s->values()] : $s->toArray()), "\n";
        }
    }
}
// A copy (clone, copy()) of an empty Vector or Stack has the least capacity; a Deque's or a
// Queue's keeps its own.
foreach (['Ds\Stack', 'Ds\Vector', 'Ds\Queue', 'Ds\Deque'] as $c) {
    $s = new $c(range(1, 9));
    for ($i = 0; $i < 9; $i++) $s->pop();
    $e = new $c();
    $e->allocate(100);
    $one = new $c([1]);
    $one->allocate(100);
    echo $c, ": ", implode(' ', [$s->capacity(), (clone $s)->capacity(), $s->copy()->capacity(), $e->capacity(),
                              (clone $e)->capacity(), $e->copy()->capacity(), (clone $one)->capacity(), $one->copy()->capacity()]), "\n";
}
// Priorities PHP compares without a total order (true == -1, true == 1, true > 0): pop(),
// foreach, spread and toArray() give ext-ds's orders (its heap's choices, its sorted copy).
foreach ([[["a", 1], ["b", 3], ["x", -1], ["y", true], ["s", 0]], [["a", 1], ["v", true], ["h", 5], ["a2", 1]]] as $pairs) {
    $make = function () use ($pairs) {
        $q = new Ds\PriorityQueue;
        foreach ($pairs as [$v, $p]) $q->push($v, $p);
        return $q;
    };
    $q = $make();
    $popped = [];
    while (!$q->isEmpty()) $popped[] = $q->pop();
    $each = [];
    foreach ($make() as $v) $each[] = $v;
    echo json_encode([$popped, $each, [...$make()], $make()->toArray(), unserialize(serialize($make()))->toArray()]), "\n";
}
// Priorities PHP compares in neither direction (objects of two classes: each is "greater"),
// with warnings for objects compared with ints: ext-ds's pop order, toArray() order and
// warnings.
set_error_handler(function ($no, $msg) { echo "[$msg] "; return true; });
$make = function () {
    $q = new Ds\PriorityQueue;
    foreach ([["a", 1], ["b", 3], ["m", new stdClass], ["two", new ArrayObject([1])], ["l", [1]], ["k", ["x" => 1]]] as [$v, $p]) {
        $q->push($v, $p);
    }
    return $q;
};
echo "\n", json_encode($make()->toArray()), "\n";
$q = $make();
$popped = [];
while (!$q->isEmpty()) $popped[] = $q->pop();
echo "\n", json_encode($popped), "\n";
restore_error_handler();
