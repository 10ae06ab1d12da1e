--TEST--
Enums: many requests in one process (the built-in web server) — each request gets the engine's case objects for that request, whether C++ or PHP asks first
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 7 + 13) % 20000;
$cmd = pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = function (string $step) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?step=$step");
};
for ($i = 0; $i < 300 && $get('php-first') === false; $i++) usleep(100000);  // wait until it listens
foreach (['cpp-first', 'cpp-first', 'php-first', 'cpp-first', 'php-first'] as $step) {
    echo str_pad($step, 9), ' ', $get($step), "\n";
}
proc_terminate($server, 2);  // SIGINT: the server shuts down cleanly
echo "server exit: ", proc_close($server), "\n";
pb_check_child_stderr(file_get_contents($log));  // the server logs each request there
unlink($log);
?>
--EXPECT--
cpp-first [true,true,true,true]
cpp-first [true,true,true,true]
php-first [true,"green",100,true]
cpp-first [true,true,true,true]
php-first [true,"green",100,true]
server exit: 0
