--TEST--
Values: a result larger than PHP can hold (array elements, string bytes) raises ValueError before anything is allocated
--EXTENSIONS--
phpbind_test
--INI--
memory_limit=128M
--SKIPIF--
<?php if (PHP_INT_SIZE < 8) die("skip the expected output is for 64-bit PHP ints (this engine's are 32-bit: wasm32)"); ?>
--FILE--
<?php
define('MAX', pb_max_array_size());
function t(callable $f) {
    try {
        $r = $f();
        echo is_array($r) ? "array(" . count($r) . ")\n" : var_export($r, true) . "\n";
    } catch (Throwable $e) {
        echo get_class($e), ": ", str_replace((string) MAX, 'MAX', $e->getMessage()), "\n";
    }
}
// The largest size an array can be created with is accepted (capacity is
// reserved lazily, so this allocates nothing yet); one more is refused.
t(fn() => pb_array_with_capacity(MAX));
t(fn() => pb_array_with_capacity(MAX + 1));
t(fn() => pb_array_with_capacity(2 ** 32 + 5));
// A sized range: past the maximum array size (the engine would abort), past
// 2^32 (a size truncated to 32 bits would under-allocate), and far past.
t(fn() => pb_squares(3));
t(fn() => pb_squares(MAX + 1));
t(fn() => pb_squares(2 ** 32 - 1));
t(fn() => pb_squares(2 ** 32 + 5));
t(fn() => pb_squares(PHP_INT_MAX));
// Strings longer than the maximum string size, as a result, built by
// php::String, and grown by append().
t(fn() => pb_string_too_long());
t(fn() => pb_string_ctor_too_long());
t(fn() => pb_string_append_too_long());
echo "memory ok: ", var_export(memory_get_peak_usage() < 64 * 1024 * 1024, true), "\n";
?>
--EXPECTF--
array(0)
ValueError: An array of %d elements exceeds the maximum array size (MAX elements)
ValueError: An array of 4294967301 elements exceeds the maximum array size (MAX elements)
array(3)
ValueError: An array of %d elements exceeds the maximum array size (MAX elements)
ValueError: An array of 4294967295 elements exceeds the maximum array size (MAX elements)
ValueError: An array of 4294967301 elements exceeds the maximum array size (MAX elements)
ValueError: An array of 9223372036854775807 elements exceeds the maximum array size (MAX elements)
ValueError: A string of %d bytes exceeds the maximum string size (%d bytes)
ValueError: A string of %d bytes exceeds the maximum string size (%d bytes)
ValueError: Appending %d bytes to a string of 2 bytes exceeds the maximum string size (%d bytes)
memory ok: true
