<?php
// Ds\Pair: construction, properties, copy, output, serialization, comparison and Reflection
$p = new Ds\Pair("k", [1]);
var_dump($p, new Ds\Pair, new Ds\Pair(1)); print_r($p); echo "\n"; var_export($p); echo "\n";
echo json_encode($p), " ", serialize($p), " ", serialize(new Ds\Pair), "\n";
var_dump(unserialize(serialize($p)), $p->toArray(), $p->jsonSerialize(), $p->copy(), $p == $p->copy(), $p === $p->copy());
$p->key = "changed"; $p->value = 5; $p->extra = 1;
var_dump($p, (array) $p, get_object_vars($p), isset($p->key), isset($p->nope), property_exists($p, 'value'));
$p->value += 10; $p->value++; $p->key .= "!"; var_dump($p->toArray());
$c = clone $p; $c->value = 9; var_dump($p->value, $c->value);
foreach (new Ds\Pair(1, 2) as $k => $v) echo "$k=>$v ";
echo "\n";
var_dump(new Ds\Pair(1, 2) == new Ds\Pair(1, 2), new Ds\Pair(1, 2) < new Ds\Pair(1, 3), new Ds\Pair(2, 0) <=> new Ds\Pair(1, 9));
try { new Ds\Pair(1, 2, 3); echo "ok\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
foreach (['C:7:"Ds\Pair":0:{}', 'C:7:"Ds\Pair":4:{i:1;}', 'O:7:"Ds\Pair":2:{s:3:"key";i:1;s:5:"value";i:2;}',
          'C:7:"Ds\Pair":12:{i:1;i:2;i:3;}', 'C:7:"Ds\Pair":8:{i:1;i:2;}',
          'a:2:{i:0;C:7:"Ds\Pair":8:{i:1;i:2;}i:1;r:2;}'] as $s) {
    // print_r: after a rejected payload the object handles differ (README).
    try { print_r(unserialize($s)); echo "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
$o = new stdClass; $q = new Ds\Pair($o, $o); $o->pair = $q; unset($o, $q); var_dump(gc_collect_cycles() > 0);
echo new ReflectionClass("Ds\Pair");
