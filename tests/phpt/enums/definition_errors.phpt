--TEST--
Enums: definitions the engine would reject (or that would be ambiguous) are module errors, reported when the module starts, which then fails to start
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
// The test extension binds its faulty enums only when asked to.
$cmd = pb_php('-r', 'echo "script ran\n";');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['PHPBIND_TEST_BAD_ENUMS' => '1'] + getenv());
echo trim(preg_replace('/\n+/', "\n", stream_get_contents($pipes[1]))), "\n";
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
?>
--EXPECT--
Warning: phpbind_test: enum PhpBind\BadPure: case A has a value, but the enum is pure; bind it with php::backed_int or php::backed_string in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadInt: Duplicate value in enum PhpBind\BadInt for cases A and B in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadInt: case C: C++ value 0 is already bound to case A in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadInt: case D needs an int value: the enum is int-backed in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadStr: case A is bound twice in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadStr: case B needs a string value: the enum is string-backed in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadStr: case C needs a string value: the enum is string-backed in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadName: case name 'class' is not a valid PHP case name in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadName: case name '1st' is not a valid PHP case name in Unknown on line 0
Warning: phpbind_test: enum PhpBind\BadNameAgain: C++ type pbtest::BadName is already bound as enum PhpBind\BadName in Unknown on line 0
Warning: phpbind_test: enum PhpBind\ColorAgain: C++ type pbtest::Color is already bound as enum PhpBind\Color in Unknown on line 0
Warning: phpbind_test: enum Php Bind\Nope: not a valid PHP class name in Unknown on line 0
Warning: phpbind_test: enum PhpBind\: not a valid PHP class name in Unknown on line 0
Warning: phpbind_test: enum PhpBind\Huge: case Big: its value is out of PHP's int range in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
