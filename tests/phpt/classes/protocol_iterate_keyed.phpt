--TEST--
Protocols: positional iteration whose at(i) returns a pair gives key => value, keys of any type
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$l = new PhpBind\Ledger;
$o = new stdClass;
$l->add("a", 1);
$l->add(2.5, "float key");
$l->add($o, "object key");
$l->add([1, 2], null);
foreach ($l as $k => $v) echo gettype($k), " => ", json_encode($v), "\n";
foreach ($l as $k => $v) if (is_object($k)) var_dump($k === $o);
// Live: an entry added during the loop is visited, one removed before its turn is not.
foreach ($l as $k => $v) {
    echo json_encode($k), " ";
    if ($k === "a") { $l->add("late", 0); $l->dropFirst(); }
}
echo "\n";
$it = $l->getIterator();
var_dump($it->key(), $it->current());
// iterator_to_array() keys must be array keys: PHP's own deprecation and TypeError.
try {
    var_dump(iterator_to_array($l));
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
function gen($l) { yield from $l; }
foreach (gen($l) as $k => $v) echo json_encode($k), "=", json_encode($v), " ";
echo "\n";
?>
--EXPECTF--
string => 1
double => "float key"
object => "object key"
array => null
bool(true)
"a" {} [1,2] "late" 
float(2.5)
string(9) "float key"

Deprecated: Implicit conversion from float 2.5 to int loses precision in %s on line %d
TypeError: %s
2.5="float key" {}="object key" [1,2]=null "late"=0 
