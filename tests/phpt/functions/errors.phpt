--TEST--
Functions: bad arguments raise PHP's own errors (count, type, range, null deprecation)
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_INT_SIZE < 8) die("skip the expected output is for 64-bit PHP ints (this engine's are 32-bit: wasm32)"); ?>
--FILE--
<?php
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_add());
t(fn() => pb_add(1, 2, 3));
t(fn() => pb_nothing(1));
t(fn() => pb_opt_int());
t(fn() => pb_add("x"));
t(fn() => pb_add([]));
t(fn() => pb_add(new stdClass));
t(fn() => pb_add(1.5));
t(fn() => pb_add(null));
t(fn() => pb_reverse([]));
t(fn() => pb_negate([]));
t(fn() => pb_scale("a"));
t(fn() => pb_u8(256));
t(fn() => pb_u8(-1));
t(fn() => pb_i8(-129));
t(fn() => pb_u16(65536));
t(fn() => pb_i32(2147483648));
t(fn() => pb_u32(-5));
t(fn() => pb_u64(-1));
t(fn() => pb_u8("300"));
t(fn() => pb_u64_max());
t(fn() => pb_make_value(9));
?>
--EXPECTF--
ArgumentCountError: pb_add() expects at least 1 argument, 0 given
ArgumentCountError: pb_add() expects at most 2 arguments, 3 given
ArgumentCountError: pb_nothing() expects exactly 0 arguments, 1 given
ArgumentCountError: pb_opt_int() expects exactly 1 argument, 0 given
TypeError: pb_add(): Argument #1 ($a) must be of type int, string given
TypeError: pb_add(): Argument #1 ($a) must be of type int, array given
TypeError: pb_add(): Argument #1 ($a) must be of type int, stdClass given

Deprecated: Implicit conversion from float 1.5 to int loses precision in %s on line %d
int(2)

Deprecated: pb_add(): Passing null to parameter #1 ($a) of type int is deprecated in %s on line %d
int(1)
TypeError: pb_reverse(): Argument #1 ($s) must be of type string, array given
TypeError: pb_negate(): Argument #1 ($b) must be of type bool, array given
TypeError: pb_scale(): Argument #1 ($x) must be of type float, string given
ValueError: pb_u8(): Argument #1 ($x) must be between 0 and 255
ValueError: pb_u8(): Argument #1 ($x) must be between 0 and 255
ValueError: pb_i8(): Argument #1 ($x) must be between -128 and 127
ValueError: pb_u16(): Argument #1 ($x) must be between 0 and 65535
ValueError: pb_i32(): Argument #1 ($x) must be between -2147483648 and 2147483647
ValueError: pb_u32(): Argument #1 ($x) must be between 0 and 4294967295
ValueError: pb_u64(): Argument #1 ($x) must be greater than or equal to 0
ValueError: pb_u8(): Argument #1 ($x) must be between 0 and 255
ArithmeticError: pb_u64_max(): Return value 18446744073709551615 is out of range for type int
ValueError: pb_make_value(): Argument #1 ($kind) must be between 0 and 4
