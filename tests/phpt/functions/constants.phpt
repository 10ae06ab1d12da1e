--TEST--
Functions: module constants, global and namespaced
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(PB_INT, PB_FLOAT, PB_STR, PB_BOOL, PB_NULL, PhpBind\Test\NS_CONST, \phpbind\test\NS_CONST);
$c = get_defined_constants(true)['phpbind_test'];
unset($c['PB_DEBUG'], $c['PB_ENOSPC']);  // set by other topics
ksort($c);
var_dump(array_keys($c));
?>
--EXPECT--
int(42)
float(1.25)
string(15) "constant string"
bool(true)
NULL
string(14) "in a namespace"
string(14) "in a namespace"
array(6) {
  [0]=>
  string(7) "PB_BOOL"
  [1]=>
  string(8) "PB_FLOAT"
  [2]=>
  string(6) "PB_INT"
  [3]=>
  string(7) "PB_NULL"
  [4]=>
  string(6) "PB_STR"
  [5]=>
  string(21) "PhpBind\Test\NS_CONST"
}
