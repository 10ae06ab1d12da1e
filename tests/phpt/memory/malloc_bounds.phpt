--TEST--
Memory: the test functions that build in plain C++ memory (not counted against memory_limit) refuse sizes that would exhaust the machine instead of the limit
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// A fuzzer case once called pb_oom_number_map(PHP_INT_MAX): a std::map filled
// node by node with malloc until the system killed the process.
foreach (['pb_oom_words', 'pb_oom_map', 'pb_oom_number_map', 'pb_oom_string'] as $f) {
    try {
        $f(PHP_INT_MAX);
        echo "$f: no error\n";
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
// A fuzzer case on a 32-bit engine: iterator_to_array(new PhpBind\Countdown(2147483646)).
try {
    new PhpBind\Countdown(PHP_INT_MAX);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
pb_oom_words(): Argument #1 ($n) must be at most 4000000
pb_oom_map(): Argument #1 ($n) must be at most 4000000
pb_oom_number_map(): Argument #1 ($n) must be at most 4000000
pb_oom_string(): Argument #1 ($n) must be at most 1073741824
PhpBind\Countdown::__construct(): Argument #1 ($from) must be at most 10000000
