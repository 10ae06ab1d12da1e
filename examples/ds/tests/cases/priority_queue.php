<?php
// Ds\PriorityQueue: order by priority then push order, output, serialization, consuming iteration, capacity and errors
function t(callable $f) { try { $r = $f(); echo "ok: ", json_encode($r), "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; } }
$q = new Ds\PriorityQueue();
$q->push("a", 1); $q->push("b", 3); $q->push("c", 3); $q->push("d", 2); $q->push("e", 3); $q->push("f", -1);
t(fn() => $q->toArray()); t(fn() => $q->peek()); t(fn() => count($q)); t(fn() => $q->jsonSerialize());
var_dump($q); print_r($q); var_export($q); echo "\n"; echo serialize($q), "\n";
t(fn() => unserialize(serialize($q))->toArray());
$c = $q->copy(); t(fn() => $c->pop()); t(fn() => count($q));
foreach ($q as $k => $v) echo "$k=>$v "; echo "| ", count($q), "\n";
t(fn() => $q->pop()); t(fn() => $q->peek());
$q->push("x", 1.5); $q->push("y", "2"); $q->push("z", true);
t(fn() => $q->toArray());
t(fn() => $q->push("w", [1])); t(fn() => $q->push("w", new stdClass)); t(fn() => $q->push("w", null)); t(fn() => $q->push("w", "abc"));
t(fn() => $q->push(1));
$q = new Ds\PriorityQueue; $last = -1;
for ($i = 0; $i < 100; $i++) { if ($q->capacity() != $last) echo count($q), ":", $last = $q->capacity(), " "; $q->push($i, $i % 7); }
echo "\n";
for ($i = 0; $i < 100; $i++) { if ($q->capacity() != $last) echo count($q), ":", $last = $q->capacity(), " "; $q->pop(); }
echo "\n";
$q->allocate(100); t(fn() => $q->capacity()); $q->clear(); t(fn() => $q->capacity());
t(fn() => new Ds\PriorityQueue([1]));
t(fn() => $q[0]);
$q = new Ds\PriorityQueue; $q->push(1, 1); $q->push(2, 2);
foreach ($q as $v) { echo $v, " "; if ($v == 2) $q->push(9, 9); } echo "\n";
t(function () use ($q) { foreach ($q as &$v) {} });
var_dump($q->getIterator() === $q);
t(fn() => unserialize('C:16:"Ds\PriorityQueue":6:{i:1;i:2;}'));
t(fn() => unserialize('C:16:"Ds\PriorityQueue":4:{i:1;}'));
var_dump(new Ds\PriorityQueue == new Ds\PriorityQueue);
$q = new Ds\PriorityQueue; for ($i = 0; $i < 20; $i++) $q->push($i, 5); t(fn() => $q->toArray());
$q = new Ds\PriorityQueue; $q->push("big", PHP_INT_MAX); $q->push("small", PHP_INT_MIN); $q->push("f", 1e300); t(fn() => $q->toArray());
class Pri { function __construct(public $p) {} }
$q = new Ds\PriorityQueue; $q->push("lo", new Pri(1)); $q->push("hi", new Pri(5)); $q->push("mid", new Pri(3)); t(fn() => $q->toArray());
$o = new stdClass; $q = new Ds\PriorityQueue; $q->push($o, $o); $o->q = $q; unset($o, $q); var_dump(gc_collect_cycles() > 0);
$q = new Ds\PriorityQueue; foreach (range(1, 50) as $i) $q->push($i, $i % 5); $out = []; while (!$q->isEmpty()) $out[] = $q->pop(); echo implode(",", $out), "\n";
