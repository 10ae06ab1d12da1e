--TEST--
Calls: a PHP exception escaping C++ uncaught ends the script like any uncaught exception (status 255)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'CODE'


<?php
register_shutdown_function(function () { echo "shutdown: ", json_encode(pb_counters()), "\n"; });
function level($d) {
    if ($d == 0) throw new UnexpectedValueException("from the innermost level");
    return pb_nest('level', $d - 1);
}
pb_nest('level', 2);
CODE);
?>
--EXPECT--



Fatal error: Uncaught UnexpectedValueException: from the innermost level in CHILD:6
Stack trace:
#0 [internal function]: level(0)
#1 CHILD(7): pb_nest('level', 0)
#2 [internal function]: level(1)
#3 CHILD(7): pb_nest('level', 1)
#4 [internal function]: level(2)
#5 CHILD(9): pb_nest('level', 2)
#6 {main}
  thrown in CHILD on line 6
shutdown: {"alive":0,"destroyed":3}
exit status: 255
