--TEST--
Functions: named arguments, skipped optionals and defaults
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_add(b: 2, a: 1));
t(fn() => pb_add(a: 7));
t(fn() => pb_add(b: 2));
t(fn() => pb_add(1, c: 2));
t(fn() => pb_add(1, a: 2));
t(fn() => pb_scale(2, factor: 3));
t(fn() => pb_defaults());
t(fn() => pb_defaults(c: "zz", g: null));
t(fn() => pb_defaults(1, 2, "three", false, 5, [], "seven"));
t(fn() => pb_opt_str(s: "named"));
t(fn() => pb_join_ints(",", 1, 2, x: 3));
t(fn() => pb_join_ints(separator: "+"));
t(fn() => pb_unnamed(arg0: 4));
?>
--EXPECT--
int(3)
int(8)
ArgumentCountError: pb_add(): Argument #1 ($a) not passed
Error: Unknown named parameter $c
Error: Named parameter $a overwrites previous argument
float(6)
string(48) "-5|1.500000|it's \ "q"|true|null|string|tab	here"
string(36) "-5|1.500000|zz|true|null|string|null"
string(36) "1|2.000000|three|false|5|array|seven"
string(9) "got:named"
ArgumentCountError: pb_join_ints() does not accept unknown named parameters
string(0) ""
int(4)
