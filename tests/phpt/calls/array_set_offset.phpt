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
// Keys no array can have: PHP's TypeError, and nothing leaks. The message is the engine's own
// (8.2 "Illegal offset type", 8.3+ names the key's type): the same as $a[$key] = $v in PHP here.
function same_as_php(callable $f, array $before, $key) {
    try { $f(); echo "no error\n"; return; } catch (Throwable $e) { $class = get_class($e); $ours = "$class: " . $e->getMessage(); }
    try { $a = $before; $a[$key] = "x"; $php = "no error"; } catch (Throwable $e) { $php = get_class($e) . ": " . $e->getMessage(); }
    echo $class, ", as \$a[\$key] = \$v: ", $ours === $php ? "same" : "differs\n  phpbind: $ours\n  php:     $php", "\n";
}
same_as_php(fn() => pb_set_offsets([[1, "kept"], [[1], "array"]]), [1 => "kept"], [1]);
same_as_php(fn() => pb_set_offsets([[new stdClass, "object"]]), [], new stdClass);
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
TypeError, as $a[$key] = $v: same
TypeError, as $a[$key] = $v: same
ValueError: pb_set_offsets(): each element must be a [key, value] pair
array(1) {
  ["k"]=>
  string(6) "by ref"
}
