--TEST--
Functions: strict_types=1 is honoured like for internal functions
--EXTENSIONS--
phpbind_test
--FILE--
<?php declare(strict_types=1);
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_add("5"));
t(fn() => pb_add(1.0));
t(fn() => pb_add(null));
t(fn() => pb_scale(3));
t(fn() => pb_reverse(123));
t(fn() => pb_negate(1));
t(fn() => pb_opt_int(null));
t(fn() => pb_opt_str(null));
?>
--EXPECT--
TypeError: pb_add(): Argument #1 ($a) must be of type int, string given
TypeError: pb_add(): Argument #1 ($a) must be of type int, float given
TypeError: pb_add(): Argument #1 ($a) must be of type int, null given
float(1.5)
TypeError: pb_reverse(): Argument #1 ($s) must be of type string, int given
TypeError: pb_negate(): Argument #1 ($b) must be of type bool, int given
NULL
string(4) "null"
