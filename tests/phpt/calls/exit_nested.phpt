--TEST--
Calls: exit() at the innermost of PHP -> C++ -> PHP -> C++ -> PHP, never swallowed
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'CODE'


<?php
register_shutdown_function(function () { echo "shutdown: ", json_encode(pb_counters()), "\n"; });
function level($d) {
    if ($d == 0) exit(7);
    try { return pb_nest('level', $d - 1); } catch (Throwable $e) { echo "must not catch exit\n"; }
}
pb_nest('level', 3);
echo "not reached\n";
CODE);
?>
--EXPECT--


shutdown: {"alive":0,"destroyed":4}
exit status: 7
