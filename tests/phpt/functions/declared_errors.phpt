--TEST--
Functions: a declaration the C++ signature contradicts (an untyped parameter C++ reads as int, a return type narrower than the C++ result's) or that is no type is a module error when the module starts
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// The failed start is the engine's: it exits without freeing what it had set
// up, and valgrind follows the child process.
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine leaks its own startup memory when a module fails to start');
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
// The test extension binds the faulty functions only when asked to.
$cmd = pb_php('-r', 'echo "script ran\n";');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['PHPBIND_TEST_BAD_DECLARATIONS' => '1'] + getenv());
echo trim(preg_replace('/\n+/', "\n", stream_get_contents($pipes[1]))), "\n";
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
?>
--EXPECTF--
%AWarning: phpbind_test: function pb_bad_untyped(): parameter #1 is declared untyped but its C++ type does not take every value (take a php::ValueView or php::Value) in Unknown on line 0
Warning: phpbind_test: function pb_bad_narrower(): declared return type 'int': it does not admit every value of the C++ result's type (string) in Unknown on line 0
Warning: phpbind_test: function pb_bad_class(): declared return type 'Countable': it does not admit every value of the C++ result's type (mixed) in Unknown on line 0
Warning: phpbind_test: function pb_bad_nullable(): declared return type '?mixed': '?' on a type that cannot take it in Unknown on line 0
Warning: phpbind_test: function pb_bad_two_classes(): declared return type 'int|Countable|Traversable': more than one class in a union is not supported in Unknown on line 0
Warning: phpbind_test: function pb_bad_syntax(): declared return type 'int|': '' is not a type in Unknown on line 0
%AFatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
