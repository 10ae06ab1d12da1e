--TEST--
Calls: exit() in PHP called from C++ ends the script with its status, after C++ destructors and shutdown functions
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'CODE'

<?php
register_shutdown_function(function () { echo "shutdown: ", json_encode(pb_counters()), "\n"; });
var_dump(pb_guarded_call(function () { echo "exiting\n"; exit(3); }));
echo "not reached\n";
CODE);
?>
--EXPECT--

exiting
shutdown: {"alive":0,"destroyed":1}
exit status: 3
