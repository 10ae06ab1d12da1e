--TEST--
Classes: a class that does not define what its interface declares is a module error, reported when the module starts, which then fails to start
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
// The test extension binds the faulty class only when asked to.
$cmd = pb_php('-r', 'echo "script ran\n";');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['PHPBIND_TEST_BAD_INTERFACE' => '1'] + getenv());
echo trim(preg_replace('/\n+/', "\n", stream_get_contents($pipes[1]))), "\n";
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
?>
--EXPECTF--
%AWarning: phpbind_test: class PhpBind\Unshaped does not define PhpBind\HasArea::area() in Unknown on line 0%A
