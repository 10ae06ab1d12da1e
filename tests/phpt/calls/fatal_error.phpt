--TEST--
Calls: a fatal error in PHP called from C++ unwinds every C++ frame, then ends the script as PHP would (message, status 255, shutdown functions)
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'CODE'

<?php
register_shutdown_function(function () {
    echo "shutdown function ran: ", json_encode(pb_counters()), "\n";
});
class D { function __destruct() { echo "destructor ran\n"; } }
$keep = new D;  // PHP runs no destructor after a fatal error; neither does phpbind
// pb_guarded_call() catches std::exception: a fatal error must not stop there.
pb_guarded_call(function () {
    $d = new D;
    trigger_error("fatal inside a callback", E_USER_ERROR);
});
echo "not reached\n";
CODE);
?>
--EXPECT--


Fatal error: fatal inside a callback in CHILD on line 11
shutdown function ran: {"alive":0,"destroyed":1}
exit status: 255
