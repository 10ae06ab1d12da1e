<?php
// Ds\Vector and Ds\Deque: every method on ordinary values
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $v = new $Seq([1, "two", 3.5, null, [5], true]);
    var_dump(count($v), $v->count(), $v->isEmpty(), (new $Seq)->isEmpty(), $v->toArray());
    var_dump($v->first(), $v->last(), $v->get(1), $v[2], isset($v[3]), isset($v[0]), isset($v[9]), isset($v["0"]), empty($v[3]));
    $v->set(0, "one"); $v[1] = 2; $v[] = "pushed"; $v->push(7, 8); $v->unshift(-1, 0); $v->insert(3, "in", "serted");
    print_r($v->toArray());
    var_dump($v->pop(), $v->shift(), $v->remove(2), $v->toArray());
    unset($v[0]);
    var_dump($v->join(), $v->join(", "), $v->find(3.5), $v->find("3.5"), $v->find(null), $v->contains(), $v->contains(2, true), $v->contains(2, false));
    $n = new $Seq([3, 1, 2, 10, -4]);
    var_dump($n->sum(), (new $Seq(["1.5", 2, true]))->sum(), (new $Seq)->sum(), (new $Seq([PHP_INT_MAX, 1]))->sum());
    $n->reverse(); print_r($n->toArray());
    print_r($n->reversed()->toArray());
    foreach ([0, 1, 2, 5, -1, -7, 100] as $r) { $c = $n->copy(); $c->rotate($r); echo "rotate $r: ", $c->join(" "), "\n"; }
    foreach ([[0], [1], [-2], [1, 2], [1, -1], [-3, 2], [2, -10], [10], [0, 0], [-10, 2]] as $args) {
        echo "slice(", implode(", ", array_map('json_encode', $args)), "): ", $n->slice(...$args)->join(" "), "\n";
    }
    $s = $n->sorted(); echo $s->join(" "), " | ", $n->join(" "), "\n";
    $n->sort(); echo $n->join(" "), "\n";
    var_dump($n->merge([9, 8])->toArray(), $n->merge(new ArrayIterator(["a" => 1]))->toArray(), $n->toArray());
    $n->clear(); var_dump($n->toArray(), count($n), $n->capacity());
    $m = new $Seq(["k" => "v", 5 => "x"]); var_dump($m->toArray());
    $g = new $Seq((function () { yield 1; yield "k" => 2; yield 1 => 3; })()); var_dump($g->toArray());
    var_dump((new $Seq([1, 2]))->jsonSerialize(), json_encode(new $Seq([1, "a" => 2])), json_encode(new $Seq()));
}
