--TEST--
Functions: php::ref<T> is a by-reference parameter, typed references honoured
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$x = 1; pb_ref_inc($x); var_dump($x);
$s = "a"; pb_ref_append($s, "bc"); var_dump($s);
pb_ref_append($undefined, "new"); var_dump($undefined);
pb_ref_set_mixed($m, 3); var_dump($m);
$arr = [1]; pb_ref_inc($arr[0]); pb_ref_inc($arr[1]); var_dump($arr);

$o = new class { public int $p = 1; public ?string $s = null; };
pb_ref_inc($o->p); var_dump($o->p);
pb_ref_append($o->s, "typed"); var_dump($o->s);
try { pb_ref_set_mixed($o->p, 4); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($o->p);

$v = "str";
try { pb_ref_inc($v); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($v);

// The function did not return normally: the caller's variable is untouched.
$y = 5;
try { pb_ref_then_throw($y); } catch (RuntimeException $e) { echo $e->getMessage(), "\n"; }
var_dump($y);

// A value where a reference is expected, through a dynamic call.
var_dump(call_user_func('pb_ref_inc', 1));
?>
--EXPECTF--
int(2)
string(3) "abc"
string(3) "new"
float(2.5)
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(1)
}
int(2)
string(5) "typed"
Cannot assign string to reference held by property class@anonymous::$p of type int
int(2)
pb_ref_inc(): Argument #1 ($x) must be of type int, string given
string(3) "str"
after changing the reference
int(5)

Warning: pb_ref_inc(): Argument #1 ($x) must be passed by reference, value given in %s on line %d
NULL
