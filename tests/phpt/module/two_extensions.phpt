--TEST--
Module: two phpbind extensions in one php process, each with its own callbacks, run exactly once in the engine's order
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$log = tempnam(sys_get_temp_dir(), 'pbtwo');
$code = 'echo second_hello("test"), "\n", pb_add(2, 3), "\n", second_requests_seen(), "\n", pb_lifecycle_counts(), "\n";';
$cmd = pb_php(
        '-d', 'extension=' . getenv('PHPBIND_SECOND_EXT'), '-r', $code);
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['PHPBIND_TEST_LIFECYCLE_LOG' => $log] + getenv());
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
// Both modules' own lines (the first extension logs with its counters).
foreach (file($log) as $line) {
    if (preg_match('/^(second )?[MR](INIT|SHUTDOWN)( |$)/', $line)) echo preg_replace('/ minit=.*/', '', $line);
}
unlink($log);
?>
--EXPECT--
second says hello to test
5
1
minit=1 rinit=1 rshutdown=0 mshutdown=0
exit status: 0
MINIT
second MINIT
RINIT
second RINIT
second RSHUTDOWN
RSHUTDOWN
second MSHUTDOWN
MSHUTDOWN
