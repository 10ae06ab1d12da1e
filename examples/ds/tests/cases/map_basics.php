<?php
// Ds\Map: every method, ArrayAccess, iteration, sorting, set operations and errors
function t(callable $f) { try { $r = $f(); echo "ok: ", json_encode($r), "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; } }
$m = new Ds\Map(['a' => 1, 'b' => 2, 'c' => 3]);
$n = new Ds\Map(['b' => 20, 'c' => 30, 'd' => 40]);
t(fn() => $m->diff($n)->toArray()); t(fn() => $m->intersect($n)->toArray()); t(fn() => $m->union($n)->toArray()); t(fn() => $m->xor($n)->toArray());
t(fn() => $m->union(['x' => 1])->toArray());
t(fn() => $m->filter(fn($k, $v) => $v > 1)->toArray()); t(fn() => (new Ds\Map([1 => 0, 2 => 1]))->filter()->toArray());
t(fn() => $m->map(fn($k, $v) => "$k$v")->toArray()); t(fn() => $m->reduce(fn($c, $k, $v) => $c . $k . $v, '>'));
t(function () use ($m) { $c = $m->copy(); $c->apply(fn($k, $v) => $v * 2); return $c->toArray(); });
t(fn() => $m->keys()); t(fn() => get_class($m->keys())); t(fn() => $m->values()); t(fn() => get_class($m->values())); t(fn() => $m->pairs()); t(fn() => get_class($m->pairs()));
t(fn() => $m->merge(['a' => 9, 'z' => 26])->toArray()); t(function () use ($m) { $c = $m->copy(); $c->putAll(new ArrayIterator(['q' => 1])); return $c->toArray(); });
t(fn() => $m->hasValue(2)); t(fn() => $m->hasValue("2")); t(fn() => $m->hasKey('a'));
t(fn() => $m->reversed()->toArray()); t(fn() => $m->slice(1)->toArray()); t(fn() => $m->slice(-2, 1)->toArray());
$s = new Ds\Map(['x' => 3, 'y' => 1, 'z' => 2]);
t(fn() => $s->sorted()->toArray()); t(fn() => $s->sorted(fn($a, $b) => $b <=> $a)->toArray()); t(fn() => $s->ksorted(fn($a, $b) => $b <=> $a)->toArray()); t(fn() => $s->ksorted()->toArray());
t(function () use ($s) { $c = $s->copy(); $c->sort(); return $c->toArray(); }); t(function () use ($s) { $c = $s->copy(); $c->ksort(); return $c->toArray(); });
t(fn() => $s->sum()); t(fn() => (new Ds\Map(['a' => '1.5', 'b' => 2]))->sum());
t(fn() => $m->first()->key); t(fn() => $m->last()->value); t(fn() => $m->skip(1)->toArray()); t(fn() => $m->skip(-1));
t(function () use ($m) { $c = $m->copy(); $c->reverse(); return $c->toArray(); });
t(fn() => $m->capacity()); t(function () { $c = new Ds\Map; $c->allocate(100); return $c->capacity(); });
t(fn() => new Ds\Map(5)); t(fn() => new Ds\Map([[1, 2]]));
t(fn() => $m->diff([])); t(fn() => $m->get()); t(fn() => $m->put(1)); 
t(function () use ($m) { $c = $m->copy(); $c->remove('a'); $c->put('a', 'back'); return $c->toArray(); });
t(function () { $c = new Ds\Map; $c->put('k', 1); $c->put('k', 2); return $c->toArray(); });
$p = new Ds\Map(['a' => 1]); $pairs = $p->pairs(); $pairs[0]->value = 100; t(fn() => $p->toArray());
$f = $p->first(); $f->value = 5; t(fn() => $p->toArray());
foreach ($m as $k => $v) { echo "$k=$v "; } echo "\n";
foreach ($m as $k => $v) { echo "$k=$v "; if ($k === 'a') $m->put('new', 0); } echo "\n";
$w = new Ds\Map(['x' => 1]); $it = new IteratorIterator($w); $it->rewind(); $it->next(); $it->next();
$w->put('y', 2); $w->put('z', 3); $it->next(); var_dump($it->valid(), $it->key(), $it->current());
var_dump($m->getIterator() === $m);
t(function () { $c = new Ds\Map([1 => 'a']); $c->put(1.5, 'f'); return $c->toArray(); });
t(function () { $c = new Ds\Map(); $c->put(true, 'x'); $c->put(null, 'y'); return $c->toArray(); });
t(function () { $c = new Ds\Map(); $c->put(new stdClass, 'x'); return $c->toArray(); });
t(function () { $c = new Ds\Map(); $c->put("01", 'x'); $c->put("1", 'y'); return $c->toArray(); });
t(fn() => serialize(new Ds\Map([new Ds\Pair(1,2)])));
t(fn() => unserialize('C:6:"Ds\Map":12:{i:1;i:2;i:3;}'));
t(fn() => unserialize(serialize(new Ds\Map(['a' => [1], 'b' => new Ds\Vector([2])]))));
t(fn() => (new Ds\Map(['a' => 1]))->sorted(fn($a, $b) => throw new LogicException("cmp")));
t(fn() => $m->union(new stdClass)); t(fn() => $m->union(null)); t(fn() => $m->xor(null));
$c = new Ds\Map(['a' => null, 'b' => 0]);
t(fn() => [isset($c['a']), isset($c['b']), isset($c['zz']), empty($c['b']), $c->offsetExists('a'), $c->hasKey('a')]);
t(fn() => json_encode(new Ds\Map([0 => 'a', 1 => 'b']))); t(fn() => json_encode(new Ds\Map()));
$m = new Ds\Map(); $last = -1;
for ($i = 0; $i < 300; $i++) { if ($m->capacity() != $last) echo count($m), ":", $last = $m->capacity(), " "; $m->put("k$i", $i); }
echo "\n";
for ($i = 0; $i < 300; $i++) { if ($m->capacity() != $last) echo count($m), ":", $last = $m->capacity(), " "; $m->remove("k$i"); }
echo "\n";
$m = new Ds\Map(range(1, 20));
echo $m->capacity(), " ", $m->copy()->capacity(), " ", $m->filter()->capacity(), " ", $m->map(fn($k, $v) => $v)->capacity(), " ",
     $m->slice(0, 3)->capacity(), " ", $m->reversed()->capacity(), " ", $m->sorted()->capacity(), " ", $m->keys()->capacity(), " ",
     $m->values()->capacity(), " ", $m->pairs()->capacity(), " ", $m->merge([])->capacity(), " ", $m->diff(new Ds\Map)->capacity(), "\n";
$m->clear(); echo $m->capacity(), "\n";
foreach ([0, 1, 8, 9, 17] as $n) { echo (new Ds\Map($n ? range(1, $n) : []))->capacity(), " "; } echo "\n";
