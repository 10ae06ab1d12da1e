--TEST--
Functions: scalar parameters and returns (bool, integers, float, string, void)
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_INT_SIZE < 8) die("skip the expected output is for 64-bit PHP ints (this engine's are 32-bit: wasm32)"); ?>
--FILE--
<?php
var_dump(pb_add(2), pb_add(2, 3), pb_add_alias(5), pb_add(PHP_INT_MAX, 0));
var_dump(pb_u8(0), pb_u8(255), pb_i8(-128), pb_u16(65535), pb_i32(-2147483648), pb_u32(4294967295));
var_dump(pb_u64(PHP_INT_MAX), pb_i64_min());
var_dump(pb_negate(true), pb_negate(0), pb_negate("yes"));
var_dump(pb_scale(3), pb_scale(3, 2), pb_half(3), pb_half("5"));
var_dump(pb_reverse("abc"), pb_reverse(""), pb_reverse(123), bin2hex(pb_reverse("a\0b")));
var_dump(pb_view_len("h\xc3\xa9llo"), pb_view_len(""), pb_view_len(1.5), pb_first_word("hello world"));
var_dump(pb_nothing());
var_dump(PhpBind\Test\hello(), function_exists('phpbind\test\HELLO'));
?>
--EXPECT--
int(3)
int(5)
int(6)
int(9223372036854775807)
int(0)
int(255)
int(-128)
int(65535)
int(-2147483648)
int(4294967295)
int(9223372036854775807)
int(-9223372036854775808)
bool(false)
bool(true)
bool(false)
float(1.5)
float(6)
float(1.5)
float(2.5)
string(3) "cba"
string(0) ""
string(3) "321"
string(6) "620061"
int(6)
int(0)
int(3)
string(5) "hello"
NULL
string(10) "namespaced"
bool(true)
