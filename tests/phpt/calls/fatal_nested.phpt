--TEST--
Calls: a fatal error at the innermost of PHP -> C++ -> PHP -> C++ -> PHP reaches the outermost level
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'CODE'


<?php
register_shutdown_function(function () { echo "shutdown: ", json_encode(pb_counters()), "\n"; });
function level($d) {
    if ($d == 0) { $big = str_repeat("x", 1 << 16); eval('function strlen() {}'); }
    try { return pb_nest('level', $d - 1); } catch (Throwable $e) { echo "must not catch a fatal error\n"; }
}
pb_nest('level', 3);
echo "not reached\n";
CODE);
?>
--EXPECTF--



Fatal error: Cannot redeclare %r(function )?%rstrlen() in CHILD(6) : eval()'d code on line 1
shutdown: {"alive":0,"destroyed":4}
exit status: 255
