--TEST--
INI: wrong definitions (a refused default, a name defined twice, bad flags, a name another extension took) stop the module from starting, saying why
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
if (!is_file(dirname(getenv('PHPBIND_TEST_EXT')) . '/phpbind_ini_bad.so')) die('skip phpbind_ini_bad.so not built');
// Under valgrind the child processes are traced too, and PHP itself does not free its startup
// allocations when a module fails to start (the process ends in a fatal error).
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine leaks when its startup aborts');
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$bad = dirname(getenv('PHPBIND_TEST_EXT')) . '/phpbind_ini_bad.so';
foreach (['none', 'default', 'twice', 'flags', 'taken'] as $case) {
    $cmd = pb_php('-d', 'display_startup_errors=1', '-d', 'extension=' . $bad,
                  '-r', 'var_dump(ini_get("phpbind_ini_bad.level"));');
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, ['PHPBIND_TEST_INI_BAD' => $case] + getenv());
    $out = trim(stream_get_contents($pipes[1]));
    pb_check_child_stderr(stream_get_contents($pipes[2]));
    fclose($pipes[1]); fclose($pipes[2]);
    $status = proc_close($p);
    echo "== $case (exit status $status)\n", $out, "\n";
}
?>
--EXPECT--
== none (exit status 0)
string(1) "1"
== default (exit status 254)
Warning: phpbind_ini_bad: INI entry phpbind_ini_bad.level: the default value 12 is refused: must be between 0 and 9 in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
== twice (exit status 254)
Warning: phpbind_ini_bad: INI entry phpbind_ini_bad.flag is defined twice in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
== flags (exit status 254)
Warning: phpbind_ini_bad: INI entry phpbind_ini_bad.name: modifiable must be a combination of PHP_INI_USER, PHP_INI_PERDIR and PHP_INI_SYSTEM (PHP_INI_ALL) in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
== taken (exit status 254)
Warning: phpbind_ini_bad: registering the INI entries failed (is one of the names taken?) in Unknown on line 0

Fatal error: Unable to start phpbind_ini_bad module in Unknown on line 0
