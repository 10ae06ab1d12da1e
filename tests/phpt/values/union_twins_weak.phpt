--TEST--
Values: std::variant arguments coerce exactly as a userland union type does (weak mode)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require __DIR__ . '/union_twins.inc';
pb_union_compare(fn(string $fn, array $args) => $fn(...$args));
?>
--EXPECT--
int_string: 41/41 identical
int_float: 41/41 identical
float_string: 41/41 identical
int_bool: 41/41 identical
string_bool: 41/41 identical
float_bool: 41/41 identical
bool_float_int: 41/41 identical
string_float_int: 41/41 identical
int_array: 41/41 identical
