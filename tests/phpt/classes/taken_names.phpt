--TEST--
Classes, interfaces and enums: a name the engine or an earlier binding has taken is a module error (the engine's registration would replace that class and free it under its users)
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine leaks its own startup memory when a module fails to start');
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
foreach (['class', 'core_class', 'interface', 'enum'] as $case) {
    echo "-- $case\n";
    $p = proc_open(pb_php('-r', 'echo "script ran\n";'), [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null,
                   ['PHPBIND_TEST_TAKEN_NAME' => $case] + getenv());
    echo trim(preg_replace('/\n+/', "\n", stream_get_contents($pipes[1]))), "\n";
    fclose($pipes[1]);
    echo "exit status: ", proc_close($p), "\n";
}
?>
--EXPECT--
-- class
Warning: phpbind_test: class PhpBind\entry: a class of that name already exists in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- core_class
Warning: phpbind_test: class ArrayObject: a class of that name already exists in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- interface
Warning: phpbind_test: interface phpbind\hasarea: a class of that name already exists in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- enum
Warning: phpbind_test: enum Countable: a class of that name already exists in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
