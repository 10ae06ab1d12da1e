--TEST--
Module: startup, request start, request end and shutdown each run exactly once, in the engine's order
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
// The callbacks of this process: startup and request start have run.
echo pb_lifecycle_counts(), "\n";

// A child process logs every callback, including MSHUTDOWN after its last output.
$log = tempnam(sys_get_temp_dir(), 'pblc');
$cmd = pb_php('-r', 'echo pb_lifecycle_counts(), "\n";');
$env = getenv();
$env['PHPBIND_TEST_LIFECYCLE_LOG'] = $log;
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
echo "child said: ", stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
fclose($pipes[1]); fclose($pipes[2]);
pb_check_child_stderr($err);
echo "child exit: ", proc_close($p), "\n";
// The module's own callbacks (other topics log their own lines too).
echo implode('', preg_grep('/^[MR](INIT|SHUTDOWN)/', file($log)));
unlink($log);
?>
--EXPECT--
minit=1 rinit=1 rshutdown=0 mshutdown=0
child said: minit=1 rinit=1 rshutdown=0 mshutdown=0
child exit: 0
MINIT minit=1 rinit=0 rshutdown=0 mshutdown=0
MINIT-second minit=1 rinit=0 rshutdown=0 mshutdown=0
RINIT minit=1 rinit=1 rshutdown=0 mshutdown=0
RSHUTDOWN minit=1 rinit=1 rshutdown=1 mshutdown=0
MSHUTDOWN-second minit=1 rinit=1 rshutdown=1 mshutdown=0
MSHUTDOWN minit=1 rinit=1 rshutdown=1 mshutdown=1
