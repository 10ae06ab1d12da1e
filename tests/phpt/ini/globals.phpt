--TEST--
Globals: state kept between calls in a request; built before MINIT and destroyed after MSHUTDOWN, once per process
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
echo pb_globals_state(), "\n";
var_dump(pb_globals_hit('first'), pb_globals_hit('second'), pb_globals_hit('third'));
echo pb_globals_state(), "\n";
var_dump(pb_globals_remember(10), pb_globals_remember(20));
echo pb_globals_lifecycle(), "\n";

// A child process logs the globals' construction and destruction next to
// the module's own callbacks.
$log = tempnam(sys_get_temp_dir(), 'pbgl');
$cmd = pb_php('-r', 'pb_globals_hit("child"); echo pb_globals_state(), " ", pb_globals_lifecycle(), "\n";');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, ['PHPBIND_TEST_LIFECYCLE_LOG' => $log] + getenv());
echo "child said: ", stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo "child exit: ", proc_close($p), "\n";
foreach (file($log) as $line) {
    if (preg_match('/^(GLOBALS|MINIT |MSHUTDOWN )/', $line)) echo preg_replace('/^(M\w+) .*/', '$1', $line);
}
unlink($log);
?>
--EXPECT--
calls=0 last=
int(1)
int(2)
int(3)
calls=3 last=third
int(1)
int(2)
ctors=1 dtors=0
child said: calls=1 last=child ctors=1 dtors=0
child exit: 0
GLOBALS constructed ctors=1 dtors=0
MINIT
GLOBALS at MSHUTDOWN ctors=1 dtors=0
MSHUTDOWN
GLOBALS destroyed ctors=1 dtors=1
