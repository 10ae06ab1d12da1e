--TEST--
Memory: a request of the built-in web server whose C++ code goes past memory_limit ends with PHP's fatal error; the server lives on and its next requests run as before
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php require __DIR__ . '/oom.inc'; pb_oom_skip(); ?>
--FILE--
<?php
require __DIR__ . '/oom.inc';
$port = 20000 + (getmypid() * 11) % 20000;
$cmd = pb_php('-d', 'memory_limit=8M', '-d', 'display_errors=1', '-d', 'html_errors=0', '-S', "127.0.0.1:$port", __DIR__ . '/oom_router.inc');
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = function (string $step) use ($port) {
    $r = @file_get_contents("http://127.0.0.1:$port/?step=$step");
    // (A debug engine names the allocation's source: "exhausted at edge.cpp:N (tried".)
    $r = $r === false ? false : preg_replace('/ exhausted at \S+ \(tried/', ' exhausted (tried', $r);
    return $r === false ? "no answer\n" : preg_replace('/\d+ bytes/', 'N bytes', preg_replace('/ in \S+ on line \d+/', '', trim($r))) . "\n";
};
for ($i = 0; $i < 300 && $get('ok') === "no answer\n"; $i++) usleep(100000);  // wait until it listens
foreach (['oom', 'ok', 'oom', 'oom', 'ok'] as $step) echo str_pad($step, 4), $get($step);
echo proc_get_status($server)['running'] ? "server running\n" : "server gone\n";
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
oom Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes)
ok  ok 1000 small
oom Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes)
oom Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes)
ok  ok 1000 small
server running
