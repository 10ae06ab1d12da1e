--TEST--
Functions: a by-reference parameter is read once, survives later arguments' error handlers, and typed references are assigned, never converted in place
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// An error handler run by a later argument's coercion (null to a string
// parameter is deprecated) reassigns the referenced variable: the function
// works on the value it read, which the handler's assignment must not free.
$s = str_repeat("abc", 10);
set_error_handler(function ($no, $msg) use (&$s) {
    echo "handler: $msg\n";
    $s = str_repeat("z", 30);
    return true;
});
pb_ref_append($s, null);
var_dump($s);
restore_error_handler();

// The same through an array slot the handler assigns, and through one
// whose array the handler replaces (the result goes to the slot's
// reference, which no variable holds any more).
$a = [str_repeat("q", 20)];
set_error_handler(function () use (&$a) { $a[0] = str_repeat("y", 20); return true; });
pb_ref_append($a[0], null);
var_dump($a);
set_error_handler(function () use (&$a) { $a = null; return true; });
pb_ref_append($a[0], null);
var_dump($a);
restore_error_handler();

// A typed property by reference, weak mode: the int is read as "42" without
// touching the property; the result is assigned with the property's checks.
$o = new class { public int $x = 42; public float $f = 1.5; public ?int $n = 7; };
pb_ref_append($o->x, "");
var_dump($o->x);
try { pb_ref_append($o->x, "!"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($o->x);
pb_ref_append($o->f, "25");
var_dump($o->f);
try { pb_ref_append($o->n, "x"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($o->n);

// A later argument refused: the copy read for the reference is released,
// the variable untouched.
$t = str_repeat("t", 12);
try { pb_ref_append($t, []); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($t);

// A plain variable holding an int is a variable, not a typed reference: it
// takes the string.
$i = 5;
pb_ref_append($i, "0");
var_dump($i);
?>
--EXPECTF--
handler: pb_ref_append(): Passing null to parameter #2 ($suffix) of type string is deprecated
string(30) "abcabcabcabcabcabcabcabcabcabc"
array(1) {
  [0]=>
  string(20) "qqqqqqqqqqqqqqqqqqqq"
}
NULL
int(42)
Cannot assign string to reference held by property class@anonymous::$x of type int
int(42)
float(1.525)
Cannot assign string to reference held by property class@anonymous::$n of type ?int
int(7)
pb_ref_append(): Argument #2 ($suffix) must be of type string, array given
string(12) "tttttttttttt"
string(2) "50"
