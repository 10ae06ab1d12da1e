--TEST--
Functions: php::variadic<T> is a trailing ...$param
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_join_ints("-"));
t(fn() => pb_join_ints("-", 1));
t(fn() => pb_join_ints("-", 1, "2", 3.0));
t(fn() => pb_join_ints("-", ...[4, 5, 6]));
t(fn() => pb_join_ints("-", 1, "x"));
t(fn() => pb_join_ints("-", 1, null));
t(fn() => pb_join_ints());
t(fn() => pb_total_len());
t(fn() => pb_total_len("ab", "cde", 12345));
t(fn() => pb_types_of(1, "a", null, [], 1.5));
t(fn() => pb_join_ints("-", 1, x: 2));
?>
--EXPECTF--
string(0) ""
string(1) "1"
string(5) "1-2-3"
string(5) "4-5-6"
TypeError: pb_join_ints(): Argument #3 must be of type int, string given

Deprecated: pb_join_ints(): Passing null to parameter #3 of type int is deprecated in %s on line %d
string(3) "1-0"
ArgumentCountError: pb_join_ints() expects at least 1 argument, 0 given
int(0)
int(10)
string(27) "int,string,null,array,float"
ArgumentCountError: pb_join_ints() does not accept unknown named parameters
