--TEST--
Memory: C++ that builds values past memory_limit ends the script with PHP's own fatal error (shutdown functions run, status 255), as its userland twin does, on every engine — lists, maps (a table allocated whole), ranges, the Array and String builders, one huge string, and C++ code that catches php::memory_exhausted
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php require __DIR__ . '/oom.inc'; pb_oom_skip(); ?>
--FILE--
<?php
require __DIR__ . '/oom.inc';
// The twin: PHP code building the same list, on this engine.
$twin = pb_oom_child('$a = []; for ($i = 0; $i < 1000000; $i++) { $a[] = str_repeat("w", 40); } echo "after\n";');
echo $twin;
$cells = [
    'a list from a vector (elements past the limit)' => '$r = pb_oom_words(200000);',
    'a list from a vector (the table past the limit)' => '$r = pb_oom_words(1000000);',
    'a map' => '$r = pb_oom_map(200000);',
    'a map of numbers (its table past the limit)' => '$r = pb_oom_number_map(1000000);',
    'a range' => '$r = pb_oom_view(1000000);',
    'Array::push_back' => '$r = pb_oom_push(1000000);',
    'Array::set' => '$r = pb_oom_set(1000000);',
    'String::append' => '$r = pb_oom_append(100000);',
    'one string past the hard limit' => '$r = pb_oom_string(20000000);',
    'C++ catching php::memory_exhausted' => '$r = pb_oom_swallow(1000000);',
    'a call in a loop' => 'for ($i = 0; $i < 1000; $i++) { $keep[] = pb_oom_words(20000); }',
];
foreach ($cells as $name => $code) {
    $out = pb_oom_child($code . ' echo "after\n";');
    echo $name, ': ', $out === $twin ? 'as the twin' : "differs:\n$out", "\n";
}
// What the C++ code that caught php::memory_exhausted noted, read by a later shutdown function.
echo pb_oom_child('register_shutdown_function(function () { echo pb_oom_swallowed(), "\n"; }); pb_oom_swallow(1000000);');
// The map of numbers converts with a C++ object on its frame: the frame unwinds (once) before the
// engine ends the script.
echo pb_oom_child('register_shutdown_function(function () { echo pb_oom_unwound() === 1 ? "unwound once\n" : "unwound: " . pb_oom_unwound() . "\n"; }); $r = pb_oom_number_map(1000000);');
// Under the limit nothing changes.
echo pb_oom_child('echo count(pb_oom_words(1000)), " ", strlen(pb_oom_string(1000)), "\n";');
?>
--EXPECT--
Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
exit status: 255
a list from a vector (elements past the limit): as the twin
a list from a vector (the table past the limit): as the twin
a map: as the twin
a map of numbers (its table past the limit): as the twin
a range: as the twin
Array::push_back: as the twin
Array::set: as the twin
String::append: as the twin
one string past the hard limit: as the twin
C++ catching php::memory_exhausted: as the twin
a call in a loop: as the twin

Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
caught: PHP memory_limit exhausted
exit status: 255

Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
unwound once
exit status: 255
N N
shutdown ran
exit status: 0
