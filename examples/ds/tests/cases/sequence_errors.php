<?php
// Ds\Vector and Ds\Deque: bad input gives the exception class and message native ds gives
function t(callable $f) {
    try { $r = $f(); echo "ok: ", json_encode($r), "\n"; }
    catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $v = new $Seq([1, 2, 3]);
    $e = new $Seq();
    t(fn() => new $Seq(5)); t(fn() => new $Seq("abc")); t(fn() => new $Seq(new stdClass)); t(fn() => new $Seq(null));
    t(fn() => $e->first()); t(fn() => $e->last()); t(fn() => $e->pop()); t(fn() => $e->shift());
    t(fn() => $e->get(0)); t(fn() => $e->remove(0)); t(fn() => $e->set(0, 1)); t(fn() => $e->insert(1, 1)); t(fn() => $e->insert(0, 1));
    t(fn() => $v->get(3)); t(fn() => $v->get(-1)); t(fn() => $v->set(3, 0)); t(fn() => $v->remove(-1)); t(fn() => $v->insert(5));
    t(fn() => $v->insert(-1, 0)); t(fn() => $v->get("1")); t(fn() => $v->get("x")); t(fn() => $v->get(1.5)); t(fn() => $v->get(null));
    t(fn() => $v["1"]); t(fn() => $v["x"]); t(fn() => $v[1.0]); t(fn() => $v[null]); t(fn() => $v[true]); t(fn() => $v[10]);
    t(function () use ($v) { $v["1"] = 5; }); t(function () use ($v) { $v[7] = 5; }); t(function () use ($v) { unset($v[7]); });
    t(function () use ($v) { unset($v["a"]); }); t(fn() => isset($v["a"])); t(fn() => isset($v[1.0]));
    t(fn() => $v->offsetGet(1)); t(fn() => $v->offsetExists(1));
    t(fn() => $v->map("nope")); t(fn() => $v->reduce());
    t(fn() => $v->push()); t(fn() => $v->pop(1)); t(fn() => $v->join([])); t(fn() => $v->allocate("x")); t(fn() => $v->rotate("1"));
    t(fn() => $v->merge(1)); t(fn() => $v->merge(null)); t(fn() => $v->slice("a"));
    t(fn() => $v->join()); t(fn() => (new $Seq([[1]]))->join()); t(fn() => (new $Seq([new stdClass]))->join());
    t(fn() => (new $Seq([[1], 2]))->sum()); t(fn() => (new $Seq(["a"]))->sum());
    t(fn() => $v->foo()); t(fn() => $Seq::nope()); t(fn() => $v->nope);
    t(fn() => $v->insert(index: 1, values: 9));
}
