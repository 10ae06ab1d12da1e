--TEST--
Classes: a class whose C++ base is bound after it, or never, stops the module from starting, naming the base
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
if (!is_file(dirname(getenv('PHPBIND_TEST_EXT')) . '/phpbind_ini_bad.so')) die('skip phpbind_ini_bad.so not built');
// The engine does not free its startup allocations when a module fails to start.
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine leaks when its startup aborts');
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$bad = dirname(getenv('PHPBIND_TEST_EXT')) . '/phpbind_ini_bad.so';
foreach (['base_later', 'base_unbound'] as $case) {
    $cmd = [PHP_BINARY, '-n', '-d', 'display_startup_errors=1', '-d', 'extension=' . $bad,
            '-r', 'var_dump(class_exists("BadDerived"));'];
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['PHPBIND_TEST_INI_BAD' => $case] + getenv());
    $out = trim(stream_get_contents($pipes[1]));
    pb_check_child_stderr(stream_get_contents($pipes[2]));
    fclose($pipes[1]); fclose($pipes[2]);
    $status = proc_close($p);
    echo "== $case (exit status $status)\n", $out, "\n";
}
?>
--EXPECTF--
== base_later (exit status 254)
Warning: phpbind_ini_bad: class BadDerived: its base class BadBase must be bound before it in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
== base_unbound (exit status 254)
Warning: phpbind_ini_bad: class BadDerived: its base class, C++ type %SBase, is not bound: bind it with class_<T> before this class in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
