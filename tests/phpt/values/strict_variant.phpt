--TEST--
Values: union types (std::variant) under strict_types=1 take exact types only
--EXTENSIONS--
phpbind_test
--FILE--
<?php declare(strict_types=1);
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_variant_next(1));
t(fn() => pb_variant_next("x"));
t(fn() => pb_variant_next(2.0));
t(fn() => pb_variant_kind(1));
t(fn() => pb_variant_kind("1.5"));
?>
--EXPECT--
int(2)
string(2) "x+"
TypeError: pb_variant_next(): Argument #1 ($value) must be of type string|int, float given
string(14) "float:1.000000"
TypeError: pb_variant_kind(): Argument #1 ($value) must be of type float|bool, string given
