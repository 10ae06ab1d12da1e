<?php
// Ds\Vector and Ds\Deque: capacity as ext-ds grows, shrinks and allocates it
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $v = new $Seq(); $last = -1;
    for ($i = 0; $i < 700; $i++) { if ($v->capacity() != $last) echo count($v), ":", $last = $v->capacity(), " "; $v->push($i); }
    echo "\n";
    for ($i = 0; $i < 700; $i++) { if ($v->capacity() != $last) echo count($v), ":", $last = $v->capacity(), " "; $v->pop(); }
    echo "\n";
    $r = fn($n) => $n ? range(1, $n) : [];
    foreach ([0, 1, 8, 9, 12, 13, 40, 41, 100] as $n) {
        $a = new $Seq($r($n));
        $u = new $Seq([1]); $u->unshift(...$r($n));
        $s = new $Seq([1, 2]); $s->insert(1, ...$r($n));
        echo "$n: ", $a->capacity(), " ", (new $Seq(new ArrayIterator($r($n))))->capacity(), " ", $u->capacity(), " ", $s->capacity(),
             " ", (new $Seq([1]))->merge($r($n))->capacity(), " ", $a->map(fn($x) => $x)->capacity(), " ", $a->copy()->capacity(),
             " ", $a->filter()->capacity(), " ", $a->slice(1)->capacity(), " ", $a->reversed()->capacity(), "\n";
    }
    foreach ([-1, 0, 5, 9, 100, 20] as $c) { $v = new $Seq([1, 2]); $v->allocate($c); echo "allocate $c: ", $v->capacity(), "\n"; }
    foreach ([9, 12, 16, 24, 33] as $c) { $v = new $Seq(); $v->allocate($c); $v->push(1, 2, 3, 4, 5); while (count($v)) { $v->shift(); echo count($v), ":", $v->capacity(), " "; } echo "\n"; }
    $v = new $Seq(range(1, 100)); $v->clear(); echo $v->capacity(), "\n";
    $v = new $Seq(range(1, 100)); for ($i = 0; $i < 90; $i++) { $v->remove(count($v) - 1); } echo count($v), ":", $v->capacity(), "\n";
    $v = new $Seq(range(1, 100)); for ($i = 0; $i < 90; $i++) { unset($v[0]); } echo count($v), ":", $v->capacity(), "\n";
}
