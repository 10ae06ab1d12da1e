--TEST--
Values: a user-defined caster (a C++ struct crossing as an array)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_point_mid(['x' => 0, 'y' => 0], ['x' => 2, 'y' => 4.0]));
var_dump(pb_points(3));
try { pb_point_mid([], ['x' => 1, 'y' => 1]); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { pb_point_mid(['x' => 1, 'y' => 1], "p"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
echo new ReflectionFunction('pb_point_mid');
?>
--EXPECT--
array(2) {
  ["x"]=>
  float(1)
  ["y"]=>
  float(2)
}
array(3) {
  [0]=>
  array(2) {
    ["x"]=>
    float(0)
    ["y"]=>
    float(0)
  }
  [1]=>
  array(2) {
    ["x"]=>
    float(1)
    ["y"]=>
    float(1)
  }
  [2]=>
  array(2) {
    ["x"]=>
    float(2)
    ["y"]=>
    float(4)
  }
}
pb_point_mid(): Argument #1 ($a) must be a point array{x: float, y: float}, array given
pb_point_mid(): Argument #2 ($b) must be a point array{x: float, y: float}, string given
Function [ <internal:phpbind_test> function pb_point_mid ] {

  - Parameters [2] {
    Parameter #0 [ <required> array $a ]
    Parameter #1 [ <required> array $b ]
  }
  - Return [ array ]
}
