--TEST--
ds: where ext-ds 1.4.0 contradicts its own declarations, the port follows them (README.md, "Where ext-ds is wrong")
--EXTENSIONS--
ds
--INI--
error_reporting=-1
display_errors=1
--FILE--
<?php
use Ds\Vector;
function t(callable $f) {
    try { $r = $f(); echo "ok: ", json_encode($r), "\n"; }
    catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
$v = new Vector([3, 1, 2]);
// ?callable $comparator / $callback: null is what omitting the argument means.
t(fn() => $v->sorted(null)->toArray());
t(function () use ($v) { $c = $v->copy(); $c->sort(null); return $c->toArray(); });
t(fn() => (new Vector([0, 1, "", "a"]))->filter(null)->toArray());
// ... and a wrong one is refused with the message of a nullable callable parameter.
t(fn() => $v->filter("nope"));
t(fn() => $v->sort(5));
// ?int $length: null is "to the end", without a deprecation.
t(fn() => $v->slice(1, null)->toArray());
t(fn() => $v->slice(-2, null)->toArray());
t(fn() => $v->slice(0, "b"));
// Argument counts as declared: slice() takes one or two, sorted() none or one.
t(fn() => $v->slice());
t(fn() => $v->sorted(null, 1));
// offsetUnset() is void, as declared.
t(fn() => $v->copy()->offsetUnset(0));
t(fn() => (new Ds\Map(['a' => 1]))->offsetUnset('a'));
// Room the request could never have: an Error, not a fatal error (or a silent no-op).
foreach (['Ds\Vector', 'Ds\Deque', 'Ds\Map', 'Ds\Set', 'Ds\PriorityQueue', 'Ds\Stack', 'Ds\Queue'] as $c) {
    t(function () use ($c) { $s = new $c; $s->allocate(PHP_INT_MAX); });
}
// clone keeps a pair's dynamic properties, as PHP's clone of any object does.
$p = new Ds\Pair(1, 2);
$p->extra = 3;
$c = clone $p;
var_dump($c->extra, $c->toArray());
// copy() and clone of a PriorityQueue keep the order equal priorities were pushed in.
$q = new Ds\PriorityQueue;
foreach (['x', 'y', 'z', 'w', 'u'] as $v) $q->push($v, 1);
foreach ([$q->copy(), clone $q] as $c) {
    $out = [];
    while (!$c->isEmpty()) $out[] = $c->pop();
    echo implode(',', $out), "\n";
}
// A Map finds its keys after unserialize() and after an object in an array key changes: objects
// in a key are compared by identity, as `===` compares them.
$a = new ArrayObject([1]);
$m = new Ds\Map;
$m->put([$a], 'v');
$r = unserialize(serialize($m));
$a[] = 2;
var_dump($r->hasKey($r->keys()[0]), $r->get($r->keys()[0]), $m->hasKey([$a]), $m->get([$a]));
?>
--EXPECTF--
ok: [1,2,3]
ok: [1,2,3]
ok: [1,"a"]
TypeError: Ds\Vector::filter(): Argument #1 ($callback) must be a valid callback or null, function "nope" not found or invalid function name
TypeError: Ds\Vector::sort(): Argument #1 ($comparator) must be a valid callback or null, no array or string given
ok: [1,2]
ok: [1,2]
TypeError: Ds\Vector::slice(): Argument #2 ($length) must be of type ?int, string given
ArgumentCountError: Ds\Vector::slice() expects at least 1 argument, 0 given
ArgumentCountError: Ds\Vector::sorted() expects at most 1 argument, 2 given
ok: null
ok: null
Error: Cannot allocate room for 9223372036854775807 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775808 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775807 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775807 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775807 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775807 values: more than memory_limit (%s) allows
Error: Cannot allocate room for 9223372036854775808 values: more than memory_limit (%s) allows

Deprecated: Creation of dynamic property Ds\Pair::$extra is deprecated in %s on line %d
int(3)
array(2) {
  ["key"]=>
  int(1)
  ["value"]=>
  int(2)
}
x,y,z,w,u
x,y,z,w,u
bool(true)
string(1) "v"
bool(true)
string(1) "v"
