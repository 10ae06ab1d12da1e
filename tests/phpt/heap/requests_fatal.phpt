--TEST--
Heap: a fatal error in an autoloader while a stored graph's classes are verified ends that request only; the next request rebuilds the graph
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine leaks what a fatal error interrupts (it frees request memory whole)');
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 7 + 31) % 20000;
$cmd = pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = function (string $query) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?$query");
};
for ($i = 0; $i < 300 && $get('step=stats') === false; $i++) usleep(100000);  // wait until it listens
echo $get('step=put'), "\n";
$r = $get('layout=autoload-fatal&step=read');
echo str_contains($r, 'autoloading Item') && str_contains($r, 'Fatal error') && str_contains($r, 'fatal error in the autoloader')
    ? 'the fatal error ends the request' : $r, "\n";
echo $get('step=read'), "\n";
echo $get('step=stats'), "\n";
proc_terminate($server, 2);  // SIGINT: the server shuts down cleanly
echo "server exit: ", proc_close($server), "\n";
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
stored color,config,items
the fatal error ends the request
first second identity 1 xy 1000
keys 3 objects 3 retired 0
server exit: 0
