<?php
// Ds\Vector and Ds\Deque: apply, filter, map, reduce, sort with comparators, and callbacks that throw
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $v = new $Seq([5, 3, 8, 1, 9, 2]);
    $c = $v->copy(); $c->apply(fn($x) => $x * 10); echo $c->join(","), "\n";
    echo $v->filter(fn($x) => $x % 2)->join(","), "|", (new $Seq([0, 1, "", "a", null, [], [0]]))->filter()->count(), "\n";
    echo $v->map(fn($x) => "<$x>")->join(""), "\n";
    var_dump($v->reduce(fn($carry, $x) => $carry + $x), $v->reduce(fn($carry, $x) => $carry . $x, "s:"), (new $Seq)->reduce(fn() => 1, "init"));
    echo $v->sorted(fn($a, $b) => $b <=> $a)->join(","), "\n";
    echo $v->sorted(fn($a, $b) => $a - $b)->join(","), "\n";
    $words = new $Seq(["pear", "fig", "apple", "kiwi", "banana", "date"]);
    echo $words->sorted(fn($a, $b) => strlen($a) <=> strlen($b))->join(","), "\n";
    echo $words->sorted()->join(","), "\n";
    $mixed = new $Seq([3, "10", 2.5, "abc", true, null, [1], "2"]);
    var_dump($mixed->sorted()->toArray());
    foreach (['apply' => fn($x) => throw new RuntimeException("apply $x"),
              'filter' => fn($x) => throw new LogicException("filter $x"),
              'map' => fn($x) => throw new DomainException("map $x"),
              'reduce' => fn($c, $x) => throw new RangeException("reduce $x"),
              'sort' => fn($a, $b) => throw new LengthException("sort"),
              'sorted' => fn($a, $b) => throw new LengthException("sorted")] as $m => $f) {
        $w = new $Seq([1, 2, 3]);
        try { $w->$m($f); echo "$m: no exception\n"; } catch (Exception $e) { echo "$m: ", get_class($e), ": ", $e->getMessage(), "\n"; }
        echo "  after: ", $w->join(","), "\n";
    }
    $w = new $Seq([1, 2, 3]);
    $w->apply(function ($x) use ($w) { return $x + count($w); }); echo $w->join(","), "\n";
    $calls = 0; $w->map(function ($x) use (&$calls) { $calls++; return $x; }); echo "calls $calls\n";
}
