<?php
// Ds\Set: every method, ArrayAccess, iteration, set operations, output and errors
function t(callable $f) { try { $r = $f(); echo "ok: ", json_encode($r), "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; } }
class H implements Ds\Hashable { function __construct(public $id, public $n) {} function hash() { echo "hash({$this->n}) "; return $this->id; } function equals($o): bool { echo "equals({$this->n},{$o->n}) "; return $o->id == $this->id; } }
$a = new H(1, 'a'); $b = new H(1, 'b'); $c = new H(2, 'c');
$m = new Ds\Map; $m->put($a, 1); $m->put($c, 3); echo "| "; $m->put($b, 2); echo "| "; var_dump($m->hasKey($b)); $m->remove($b); echo "\n"; var_dump(count($m));
$s = new Ds\Set([1, 2, "2", 2.0, null, 1]);
t(fn() => $s->toArray()); t(fn() => $s[0]); t(fn() => $s[10]); t(fn() => isset($s[0])); t(fn() => $s["a"]);
t(function () use ($s) { $s[] = 9; return $s->toArray(); }); t(function () use ($s) { $s[0] = 9; }); t(function () use ($s) { unset($s[0]); });
t(fn() => $s->offsetExists(0)); t(fn() => $s->contains(1, 2)); t(fn() => $s->contains()); t(fn() => $s->get(1)); t(fn() => $s->get(100));
t(fn() => $s->map(fn($x) => $x * 2)); t(fn() => get_class($s->map(fn($x) => 1))); t(fn() => $s->filter(fn($x) => $x)->toArray());
t(fn() => $s->join("-")); t(fn() => $s->join());
$x = new Ds\Set([1, 2, 3]); $y = new Ds\Set([2, 3, 4]);
t(fn() => $x->diff($y)->toArray()); t(fn() => $x->intersect($y)->toArray()); t(fn() => $x->union($y)->toArray()); t(fn() => $x->xor($y)->toArray());
t(fn() => $x->merge([5, 1])->toArray()); t(function () use ($x) { $c = $x->copy(); $c->remove(1, 7); return $c->toArray(); });
t(fn() => $x->slice(1, 1)->toArray()); t(fn() => $x->reversed()->toArray()); t(fn() => (new Ds\Set([3, 1, 2]))->sorted()->toArray());
t(fn() => $x->sum()); t(fn() => $x->first()); t(fn() => $x->last()); t(fn() => (new Ds\Set)->first());
t(fn() => $x->reduce(fn($c, $v) => $c + $v, 10));
var_dump($x); print_r($x); echo serialize($x), " ", json_encode($x), "\n"; var_export($x); echo "\n";
t(fn() => (new Ds\Set(['a' => 1]))->toArray());
foreach ($x as $k => $v) echo "$k=>$v "; echo "\n";
t(fn() => $x->capacity()); t(function () { $s = new Ds\Set; $s->allocate(20); return $s->capacity(); });
t(fn() => (new Ds\Set([[1], [1]]))->count()); t(fn() => (new Ds\Set([NAN, NAN]))->count());
t(fn() => unserialize('C:6:"Ds\Set":12:{i:1;i:2;i:1;}')->toArray());
t(fn() => $x->diff([1]));
t(fn() => $x->union(new Ds\Vector)); t(fn() => $x->intersect(null));
$s = new Ds\Set(); $last = -1;
for ($i = 0; $i < 300; $i++) { if ($s->capacity() != $last) echo count($s), ":", $last = $s->capacity(), " "; $s->add($i); }
echo "\n";
for ($i = 0; $i < 300; $i++) { if ($s->capacity() != $last) echo count($s), ":", $last = $s->capacity(), " "; $s->remove($i); }
echo "\n";
$s = new Ds\Set(range(1, 20));
echo $s->capacity(), " ", $s->copy()->capacity(), " ", $s->filter()->capacity(), " ", $s->map(fn($v) => $v)->capacity(), " ",
     $s->slice(0, 3)->capacity(), " ", $s->reversed()->capacity(), " ", $s->sorted()->capacity(), " ", $s->merge([])->capacity(), " ",
     $s->diff(new Ds\Set)->capacity(), " ", $s->union(new Ds\Set)->capacity(), "\n";
foreach ($s as $k => $v) { if ($v == 1) $s->add(100); if ($v > 18) echo "$k=>$v "; } echo "\n";
$w = new Ds\Set([1]); $it = new IteratorIterator($w); $it->rewind(); $it->next(); $it->next();
$w->add(2, 3); $it->next(); var_dump($it->valid(), $it->key(), $it->current());
t(function () { foreach (new Ds\Set([1]) as &$v) {} });
$u = unserialize(serialize(new Ds\Set([1, "a", [2], new Ds\Set([3])]))); print_r($u);
