--TEST--
Calls: PHP functions by name, typed results, methods, static methods, new, by-reference arguments
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class K { static function s($x) { return "static $x"; } }
var_dump(pb_call_by_name("strtoupper", "abc"), pb_call_by_name("K::s", 1), pb_call_strlen("hello"));
var_dump(pb_call_typed_wrong(), pb_call_missing());
try { pb_call_by_name("nope_fn", 1); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump(pb_call_sort([3, 1, 2]));
var_dump(pb_call_by_ref_int(function (&$x) { $x *= 3; }, 5));
try { pb_call_by_ref_int(function (&$x) { $x = "str"; }, 5); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump(pb_call_static("K", "s", "Y"));
try { pb_call_static("K", "nope", 1); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { pb_call_static("NoSuchClass", "nope", 1); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
$ao = pb_make_object("ArrayObject", [1, 2]);
var_dump(get_class($ao), count($ao));
try { pb_make_object("stdClass", 1); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump(pb_function_handle(4));
var_dump(pb_call_eight(fn(...$a) => json_encode($a)));
// A PHP user function called by name, defined after the first call resolved another.
function late_defined($x) { return "late $x"; }
var_dump(pb_call_by_name("late_defined", 2));
?>
--EXPECT--
string(3) "ABC"
string(8) "static 1"
int(5)
string(63) "str_repeat(): Return value must be of type int, string returned"
string(57) "Call to undefined function pb_no_such_function_anywhere()"
Error: Call to undefined function nope_fn()
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
int(15)
By-reference argument #1 must be of type int, string assigned
string(8) "static Y"
Error: Call to undefined method K::nope()
Error: Class "NoSuchClass" not found
string(11) "ArrayObject"
int(2)
Error: Class stdClass does not have a constructor, so you cannot pass any constructor arguments
int(6)
string(34) "[1,2.5,"three",true,null,[],7,"8"]"
string(6) "late 2"
