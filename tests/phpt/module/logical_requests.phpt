--TEST--
Module: on_logical_request_start/end once per engine request under a SAPI — the CLI, the built-in web server, php-fpm
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
require __DIR__ . '/../memory/oom.inc';
if (getenv('PHPBIND_TEST_MODE') === 'asan') die('skip php-fpm is not run under ASan here');
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip php-fpm\'s own exit leaves its startup registrations unfreed under memcheck (as resident-fpm-valgrind notes)');
if (!is_executable(pb_php_fpm())) die('skip no php-fpm beside ' . PHP_BINARY);
?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
require __DIR__ . '/../memory/oom.inc';
require __DIR__ . '/../fcgi.inc';
echo "cli:     ", pb_logical_counts(), "\n";

// The built-in web server: five requests in one process.
$port = fcgi_free_port();
$server = proc_open(pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc'),
                    [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = fn() => @file_get_contents("http://127.0.0.1:$port/?step=logical");
for ($i = 0; $i < 300 && $get() === false; $i++) usleep(100000);
for ($i = 0; $i < 4; $i++) $last = $get();
echo "php -S:  $last\n";
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);

// php-fpm: one worker, five requests.
$work = sys_get_temp_dir() . '/pblogical' . getmypid();
@mkdir($work);
$port = fcgi_free_port();
file_put_contents("$work/fpm.conf", "[global]\npid = $work/fpm.pid\nerror_log = $work/fpm.log\ndaemonize = no\n"
    . "[t]\nlisten = 127.0.0.1:$port\npm = static\npm.max_children = 1\nsecurity.limit_extensions = .inc\n");
file_put_contents("$work/counts.inc", "<?php echo pb_logical_counts();");
$fpm = proc_open([pb_php_fpm(), '-n', '-R', '-F', '-y', "$work/fpm.conf", '-d', 'extension=' . getenv('PHPBIND_TEST_EXT')],
                 [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$work/fpm.err", 'w']], $pipes);
for ($i = 0; $i < 300 && !($c = @stream_socket_client("tcp://127.0.0.1:$port", $e1, $e2, 1)); $i++) usleep(100000);
fclose($c);
for ($i = 0; $i < 5; $i++) {
    $s = fcgi_connect($port);
    $last = fcgi_get($s, "$work/counts.inc", '');
    fclose($s);
}
echo "php-fpm: $last\n";
proc_terminate($fpm, 3);
proc_close($fpm);
array_map('unlink', glob("$work/*"));
rmdir($work);
?>
--EXPECT--
cli:     logical start=1 end=0 rinit=1 rshutdown=0
php -S:  logical start=5 end=4 rinit=5 rshutdown=4
php-fpm: logical start=5 end=4 rinit=5 rshutdown=4
