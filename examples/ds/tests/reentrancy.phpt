--TEST--
ds: callbacks that change the structure they were called from (ext-ds 1.4.0 crashes on these; README.md)
--EXTENSIONS--
ds
--FILE--
<?php
class Clears { function __construct(public $v) {} function __serialize(): array { $this->v->clear(); return []; } function __unserialize(array $a): void {} }
foreach (['Ds\Vector', 'Ds\Deque'] as $C) {
    echo "== $C\n";
    // A comparator that grows the sequence: the sort's result replaces what it added.
    $v = new $C(range(17, 1));
    $v->sort(function ($a, $b) use ($v) { $v->push(0); return $a <=> $b; });
    echo count($v), " ", $v->join(","), "\n";
    $v = new $C([3, 1, 2]);
    echo $v->sorted(function ($a, $b) use ($v) { $v->clear(); return $a <=> $b; })->join(","), " | ", count($v), "\n";
    // A comparator that throws is called no more: the comparisons left count as "equal", and
    // the sort runs to its end and is kept, as under ext-ds (tests/cases/engine_ops.php).
    $v = new $C([5, 3, 9, 1, 7, 2]);
    $n = 0;
    try {
        $v->sort(function ($a, $b) use (&$n) { if (++$n == 4) throw new LogicException("no"); return $b <=> $a; });
    } catch (LogicException $e) { echo $e->getMessage(), " after $n calls: ", $v->join(","), "\n"; }
    // apply() sees the sequence as the callback leaves it: values it adds are applied to too.
    $v = new $C([1, 2, 3]);
    $v->apply(function ($x) use ($v) { if (count($v) < 6) $v->push(10); return $x * 2; });
    echo $v->join(","), "\n";
    $v = new $C([1, 2, 3]);
    $v->apply(function ($x) use ($v) { $v->clear(); return $x; });
    echo count($v), "\n";
    // map(), filter(), reduce() walk what is there at each step.
    $v = new $C([1, 2, 3]);
    echo $v->map(function ($x) use ($v) { if ($x == 1) $v->clear(); return $x; })->join(","), " | ", count($v), "\n";
    $v = new $C([1, 2, 3]);
    echo $v->filter(function ($x) use ($v) { $v->pop(); return true; })->join(","), " | ", count($v), "\n";
    $v = new $C([1, 2, 3]);
    var_dump($v->reduce(function ($c, $x) use ($v) { if ($x == 1) $v->push(4); return $c + $x; }, 0));
    // __toString() and serialization of an element that empties the sequence.
    $v = new $C();
    $o = new class($v) { function __construct(public $v) {} function __toString(): string { $this->v->clear(); return "o"; } };
    $v->push($o, "x", "y");
    echo $v->join("-"), " | ", count($v), "\n";
    $v = new $C();
    $s = new Clears($v);
    $v->push($s, 1, 2);
    echo strlen(serialize($v)) > 0 ? "serialized" : "", " | ", count($v), "\n";
    $s->v = null; $o->v = null;
}
echo "== inconsistent comparators\n";
// A comparator that contradicts itself loses no value and reads nothing out of range.
foreach ([fn($a, $b) => 1, fn($a, $b) => -1, fn($a, $b) => mt_rand(-1, 1)] as $cmp) {
    mt_srand(3);
    $v = new Ds\Vector(range(1, 100));
    $v->sort($cmp);
    $m = new Ds\Map(array_flip(range(1, 50)));
    $m->ksort($cmp);
    echo count($v), " ", $v->sum(), " ", count($m), " ", $m->keys()->sum(), "\n";
}
echo "== Ds\\Map\n";
// A key's equals() that changes the map being searched: an Error, never a stale read.
class Meddler implements Ds\Hashable {
    function __construct(public $m) {}
    function hash() { return 1; }
    function equals($o): bool { $this->m->clear(); return false; }
}
$m = new Ds\Map;
$k = new Meddler($m);
$m->put($k, 1);
try { $m->put(new Meddler($m), 2); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump(count($m));
$k->m = null;
// A comparator that removes entries: the sort's result replaces the map.
$m = new Ds\Map(['a' => 3, 'b' => 1, 'c' => 2]);
$m->sort(function ($x, $y) use ($m) { $m->remove('a', null); return $x <=> $y; });
echo json_encode($m->toArray()), "\n";
// apply() whose callback empties the map.
$m = new Ds\Map(['a' => 1, 'b' => 2]);
$m->apply(function ($k, $v) use ($m) { $m->clear(); return $v; });
var_dump(count($m));
echo "== Ds\\PriorityQueue\n";
// A priority whose comparison (through __toString()) pops from the queue: an Error.
class Popper { function __construct(public $q) {} function __toString(): string { $this->q->pop(); return "m"; } }
$q = new Ds\PriorityQueue;
$q->push("first", "a");
$q->push("second", "b");
$p = new Popper($q);
try { $q->push("third", $p); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump($q->toArray());  // PHP's comparison converted the object (and so popped) twice
$p->q = null;
?>
--EXPECT--
== Ds\Vector
17 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17
1,2,3 | 0
no after 4 calls: 9,5,3,1,7,2
2,4,6,20,20,20
0
1 | 0
1,2 | 1
int(10)
o | 0
serialized | 0
== Ds\Deque
17 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17
1,2,3 | 0
no after 4 calls: 9,5,3,1,7,2
2,4,6,20,20,20
0
1 | 0
1,2 | 1
int(10)
o | 0
serialized | 0
== inconsistent comparators
100 5050 50 1275
100 5050 50 1275
100 5050 50 1275
== Ds\Map
Error: A key's equals() changed the structure being searched
int(0)
{"b":1,"c":2,"a":3}
int(0)
== Ds\PriorityQueue
Error: The queue changed while priorities were compared
array(1) {
  [0]=>
  string(5) "first"
}
