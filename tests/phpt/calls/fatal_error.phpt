--TEST--
Calls: a fatal error in PHP called from C++ unwinds every C++ frame, then ends the script as PHP would (message, status 255, shutdown functions)
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
// pb_user_fatal() (line 3 of the child) raises a user-level fatal error:
// E_USER_ERROR with E_DEPRECATED masked, which PHP 8.4 reports for it.
pb_run_child(<<<'CODE'

<?php
function pb_user_fatal(string $msg): void { $r = error_reporting(error_reporting() & ~E_DEPRECATED); trigger_error($msg, E_USER_ERROR); error_reporting($r); }
register_shutdown_function(function () {
    echo "shutdown function ran: ", json_encode(pb_counters()), "\n";
});
class D { function __destruct() { echo "destructor ran\n"; } }
$keep = new D;  // PHP runs no destructor after a fatal error; neither does phpbind
// pb_guarded_call() catches std::exception: a fatal error must not stop there.
pb_guarded_call(function () {
    $d = new D;
    pb_user_fatal("fatal inside a callback");
});
echo "not reached\n";
CODE);
?>
--EXPECT--


Fatal error: fatal inside a callback in CHILD on line 3
shutdown function ran: {"alive":0,"destroyed":1}
exit status: 255
