--TEST--
Edges: a bound object's C++ destructor run after the request's shutdown may not call PHP (refused with php::error, nothing cached): the next request of the same process calls its own function
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 7) % 20000;
$cmd = pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = function (string $step) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?step=$step");
};
for ($i = 0; $i < 300 && $get('last') === false; $i++) usleep(100000);  // wait until it listens
foreach (['leave', 'call', 'leave', 'call', 'early', 'last'] as $step) {
    echo str_pad($step, 6), ' ', $get($step), "\n";
}
proc_terminate($server, 2);
proc_close($server);
// The server's log: no engine error (E_CORE_ERROR "Couldn't execute method") was reported.
echo preg_match('/error/i', file_get_contents($log)) ? "errors logged\n" : "no error logged\n";
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
leave  left
call   2 / refused: PHP code cannot be called now: the request has ended (a destructor run while the engine frees the objects left at the end of the request may not call into PHP)
leave  left
call   2 / refused: PHP code cannot be called now: the request has ended (a destructor run while the engine frees the objects left at the end of the request may not call into PHP)
early  left
last   called: three
no error logged
