--TEST--
Classes: foreach by reference over a bound object's native-backed properties — the engine makes each slot a reference typed by the property; the snapshot is refreshed inside it, the C++ member keeps its value, and the object is freed cleanly (a debug engine asserted on a typed reference phpbind released)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$o = new PhpBind\Square(51);
foreach ($o as $k => &$val) {
    echo "$k: ", var_export($val, true), "\n";
    $val = 5;  // into the snapshot: a string property takes "5"
}
unset($val);
var_dump($o->kind, $o->sides);  // read from C++
var_dump($o);                    // the table, refreshed from C++
// The references still carry the properties' types.
foreach ($o as $k => &$val) {
    try {
        $val = [];
    } catch (TypeError $e) {
        echo $e->getMessage(), "\n";
    }
}
unset($val);
var_dump(get_object_vars($o));
unset($o);
echo "freed\n";
?>
--EXPECT--
kind: 'square'
sides: 4
string(6) "square"
int(4)
object(PhpBind\Square)#1 (2) {
  ["kind"]=>
  string(6) "square"
  ["sides"]=>
  int(4)
}
Cannot assign array to reference held by property PhpBind\Shape::$kind of type string
Cannot assign array to reference held by property PhpBind\Shape::$sides of type int
array(2) {
  ["kind"]=>
  string(6) "square"
  ["sides"]=>
  int(4)
}
freed
