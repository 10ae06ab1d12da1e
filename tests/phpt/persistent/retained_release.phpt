--TEST--
Persistent: values retained in process-lifetime storage are released when their request ends, before module shutdown
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$log = tempnam(sys_get_temp_dir(), 'pbret');
$code = 'pb_set_listener(fn($e) => $e); pb_keep_object(new ArrayObject([1]));'
      . ' var_dump(pb_notify("in request"), pb_has_object());';
$cmd = pb_php('-r', $code);
$p = proc_open($cmd, [1 => ['pipe', 'w']], $pipes, null, ['PHPBIND_TEST_LIFECYCLE_LOG' => $log] + getenv());
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
echo implode('', preg_grep('/^retained/', file($log)));
unlink($log);
?>
--EXPECT--
string(10) "in request"
bool(true)
exit status: 0
retained at MSHUTDOWN: listener=0 object=0
