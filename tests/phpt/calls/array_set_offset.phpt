--TEST--
Calls: php::Array::set(ValueView key, ValueView value) converts the key as $array[$key] = $value does
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function show(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
$r = "by ref";
$pairs = [[1, "int"], ["2", "numeric string"], ["02", "string"], [true, "true"], [false, "false"], [null, "null"],
          [3.0, "whole float"], [-0.0, "negative zero"], ["x", &$r]];
show(fn() => pb_set_offsets($pairs));
$expected = [];
foreach ($pairs as [$k, $v]) $expected[$k] = $v;
var_dump(pb_set_offsets($pairs) === $expected);
// A fraction: PHP's deprecation, then the truncated key.
show(fn() => pb_set_offsets([[1.5, "a"]]));
// Keys no array can have: PHP's TypeError, and nothing leaks.
show(fn() => pb_set_offsets([[1, "kept"], [[1], "array"]]));
show(fn() => pb_set_offsets([[new stdClass, "object"]]));
show(fn() => pb_set_offsets([5]));
// A reference as value: the array holds the value.
$a = pb_set_offsets([["k", &$r]]);
$r = "changed";
var_dump($a);
?>
--EXPECTF--
array(7) {
  [1]=>
  string(4) "true"
  [2]=>
  string(14) "numeric string"
  ["02"]=>
  string(6) "string"
  [0]=>
  string(13) "negative zero"
  [""]=>
  string(4) "null"
  [3]=>
  string(11) "whole float"
  ["x"]=>
  string(6) "by ref"
}
bool(true)

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
array(1) {
  [1]=>
  string(1) "a"
}
TypeError: Illegal offset type
TypeError: Illegal offset type
ValueError: pb_set_offsets(): each element must be a [key, value] pair
array(1) {
  ["k"]=>
  string(6) "by ref"
}
