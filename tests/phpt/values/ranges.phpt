--TEST--
Values: a sized range view (iota, transform, all) is returned as a list
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_squares(5), pb_squares(0), pb_words_view());
try { pb_squares(-1); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
echo (new ReflectionFunction('pb_squares'))->getReturnType(), "\n";
?>
--EXPECT--
array(5) {
  [0]=>
  int(0)
  [1]=>
  int(1)
  [2]=>
  int(4)
  [3]=>
  int(9)
  [4]=>
  int(16)
}
array(0) {
}
array(3) {
  [0]=>
  string(5) "alpha"
  [1]=>
  string(4) "beta"
  [2]=>
  string(5) "gamma"
}
pb_squares(): Argument #1 ($n) must be greater than or equal to 0
array
