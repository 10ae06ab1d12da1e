--TEST--
Memory: under php-fpm, a request whose C++ code goes past memory_limit ends with PHP's fatal error and its shutdown functions; the same worker serves the next requests as before
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
require __DIR__ . '/oom.inc';
pb_oom_skip();
if (getenv('PHPBIND_TEST_MODE') === 'asan') die('skip php-fpm is not run under ASan here (examples/resident does)');
if (!is_executable(pb_php_fpm())) die('skip no php-fpm beside ' . PHP_BINARY);
?>
--FILE--
<?php
require __DIR__ . '/oom.inc';
require __DIR__ . '/../fcgi.inc';
$work = sys_get_temp_dir() . '/pbfpm' . getmypid();
@mkdir($work);
$port = fcgi_free_port();
file_put_contents("$work/fpm.conf", "[global]\npid = $work/fpm.pid\nerror_log = $work/fpm.log\ndaemonize = no\n"
    . "[oom]\nlisten = 127.0.0.1:$port\npm = static\npm.max_children = 1\npm.max_requests = 0\nsecurity.limit_extensions = .inc\n");
$cmd = [pb_php_fpm(), '-n', '-R', '-F', '-y', "$work/fpm.conf", '-d', 'extension=' . getenv('PHPBIND_TEST_EXT'),
        '-d', 'memory_limit=8M', '-d', 'display_errors=1', '-d', 'html_errors=0', '-d', 'log_errors=0'];
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$work/fpm.err", 'w']], $pipes);
for ($i = 0; $i < 300; $i++) {
    if ($c = @stream_socket_client("tcp://127.0.0.1:$port", $e1, $e2, 1)) break;
    usleep(100000);
}
fclose($c);
// 'oom' (phpbind's builders) and 'alloc' (php::request_allocator), each past the limit, with a
// request under it between them.
$steps = ['ok', 'oom', 'ok', 'alloc', 'ok', 'oom', 'ok'];
$fatal = 'Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) | shutdown ran';
$workers = [];
$bad = 0;
foreach ($steps as $step) {
    // A connection per request: the only worker serves each.
    $s = fcgi_connect($port);
    $out = fcgi_get($s, __DIR__ . '/oom_fpm.inc', "step=$step");
    fclose($s);
    if (preg_match('/^ok worker (\d+)/', $out, $m)) $workers[$m[1]] = true;
    // (A debug engine names the allocation's source: "exhausted at zend_hash.c:N (tried".)
    $out = preg_replace(['/ok worker \d+/', '/\d+ bytes/', '/ in \S+ on line \d+/', '/ exhausted at \S+ \(/'],
                        ['ok worker', 'N bytes', '', ' exhausted ('], $out);
    $out = str_replace("\n", ' | ', trim($out));
    if ($out !== ($step === 'ok' ? 'ok worker 1000 small | shutdown ran' : $fatal)) {
        $bad++;
        echo "$step: $out\n";
    }
}
echo $bad ? "$bad of " . count($steps) . " requests not as expected\n" : "every request as expected\n";
echo count($workers) === 1 ? "one worker served every request\n" : count($workers) . " workers\n";
proc_terminate($server, 3);  // SIGQUIT: graceful
proc_close($server);
$log = @file_get_contents("$work/fpm.log") . @file_get_contents("$work/fpm.err");
echo preg_match('/exited on signal|SIGSEGV|core dumped|exited with code [1-9]/', $log) ? "php-fpm log:\n$log" : "no worker died\n";
pb_check_child_stderr($log);
array_map('unlink', glob("$work/*"));
rmdir($work);
?>
--EXPECT--
every request as expected
one worker served every request
no worker died
