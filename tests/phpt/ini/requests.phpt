--TEST--
INI and globals across requests in one process (the built-in web server): ini_set() lasts one request, the engine's restore reaches the C++ field, globals are reset at each request start and built once
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 7) % 20000;
$cmd = pb_php('-d', 'phpbind_test.greeting=configured',
        '-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = function (string $step) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?step=$step");
};
for ($i = 0; $i < 300 && $get('read') === false; $i++) usleep(100000);  // wait until it listens
foreach (['read', 'change', 'read', 'change', 'read'] as $step) {
    echo str_pad($step, 6), ' ', $get($step), "\n";
}
proc_terminate($server, 2);  // SIGINT: the server shuts down cleanly
proc_close($server);
pb_check_child_stderr(file_get_contents($log));  // the server logs each request there
unlink($log);
?>
--EXPECT--
read   level=3 greeting=configured calls=0 last= seen=1 ctors=1 dtors=0
change level=7 greeting=changed in this request calls=2 last=y seen=2
read   level=3 greeting=configured calls=0 last= seen=1 ctors=1 dtors=0
change level=7 greeting=changed in this request calls=2 last=y seen=2
read   level=3 greeting=configured calls=0 last= seen=1 ctors=1 dtors=0
