--TEST--
Memory: C++ containers in request memory (php::request_allocator) are counted by memory_get_usage() and end the script at memory_limit with PHP's own fatal error, as their userland twin does, after the C++ frames unwound — on every engine
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php require __DIR__ . '/oom.inc'; pb_oom_skip(); ?>
--FILE--
<?php
require __DIR__ . '/oom.inc';
// The C++ frame's destructor ran once, before the shutdown functions.
$note = 'register_shutdown_function(function () { echo pb_oom_unwound() === 1 ? "unwound once\n" : "unwound: " . pb_oom_unwound() . "\n"; });';
// The twins: PHP code growing a list of ints and a string, on this engine.
$twin_ints = pb_oom_child('$a = []; for ($i = 0; $i < 2000000; $i++) { $a[] = $i; } echo "after\n";');
$twin_text = pb_oom_child('$s = ""; for ($i = 0; $i < 4000; $i++) { $s .= str_repeat("t", 4096); } echo "after\n";');
echo $twin_ints;
$cells = [
    'a request_vector past the limit' => [$twin_ints, 'pb_oom_request_ints(2000000);', true],
    'a request_string past the limit' => [$twin_text, 'pb_oom_request_text(4000);', true],
    'a request_vector in a loop of calls' => [$twin_ints, 'for ($i = 0; $i < 1000; $i++) { $keep[] = pb_oom_request_ints(1000); $keep[] = str_repeat("k", 20000); }', false],
];
foreach ($cells as $name => [$twin, $code, $once]) {
    $out = pb_oom_child($code . ' echo "after\n";');
    echo $name, ': ', $out === $twin ? 'as the twin' : "differs:\n$out", "\n";
    if ($once) echo pb_oom_child($note . $code);
}
// Under the limit nothing changes, and the memory is the request's.
echo pb_oom_child('echo pb_oom_request_ints(1000), " ", pb_oom_request_text(10), "\n";');
$n = 100000;
$counted = pb_request_ints_counted($n);
echo $counted >= 8 * $n && $counted < 8 * $n + 65536 ? "counted\n" : "counted: $counted\n";
echo json_encode(pb_request_reverse(['a', "b\0c", ''], '!')), "\n";
try {
    pb_request_reverse(['a', 1], '!');
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
exit status: 255
a request_vector past the limit: as the twin

Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
unwound once
exit status: 255
a request_string past the limit: as the twin

Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
unwound once
exit status: 255
a request_vector in a loop of calls: as the twin
N N
shutdown ran
exit status: 0
counted
["!","b\u0000c!","a!"]
TypeError: pb_request_reverse(): Argument #1 ($words) must be of type array<string>, int given at key 1
