--TEST--
Module: many requests in one process (the built-in web server) — callbacks once per request, detached data shared, retained values released per request
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
require_once __DIR__ . '/../fcgi.inc';  // fcgi_free_port()
$port = fcgi_free_port();
$cmd = pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = function (string $step) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?step=$step");
};
for ($i = 0; $i < 300 && $get('counts') === false; $i++) usleep(100000);  // wait until it listens
foreach (['counts', 'store', 'fetch', 'retain', 'retain', 'fetch', 'counts'] as $step) {
    echo str_pad($step, 7), ' ', $get($step), "\n";
}
proc_terminate($server, 2);  // SIGINT: the server shuts down cleanly
proc_close($server);
pb_check_child_stderr(file_get_contents($log));  // the server logs each request there
unlink($log);
?>
--EXPECT--
counts  minit=1 rinit=2 rshutdown=1 mshutdown=0
store   stored
fetch   {"n":1,"list":[1,2,3]}
retain  no listener / listener saw after
retain  no listener / listener saw after
fetch   {"n":1,"list":[1,2,3]}
counts  minit=1 rinit=8 rshutdown=7 mshutdown=0
