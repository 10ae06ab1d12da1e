--TEST--
Hooks: two separately built phpbind extensions hook the same pointers — in one process the chain runs most recent first and unwinds only from the top; under php -S each request's hooks are gone in the next, whichever extension installed first; startup hooks of both run for every compiled file
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip hooks for a request need an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$with_second = fn (string ...$args) => [...pb_php('-d', 'extension=' . getenv('PHPBIND_SECOND_EXT')), ...$args];

// One process: the chain across the two copies of phpbind.
$code = <<<'PHP'
$trace = [];
function tr($tag) { $GLOBALS['trace'][] = $tag; }
pb_hook_install('execute_internal', 'tr');
second_hook_install('tr');
eval('str_repeat("a", 1);');
echo 'chain: ', implode(', ', $trace), "\n";
try {
    pb_hook_remove('execute_internal');
} catch (LogicException $e) {
    echo 'refused: ', $e->getMessage(), "\n";
}
second_hook_remove();
pb_hook_remove('execute_internal');
echo 'left: ', implode(', ', pb_hook_changed_points()) ?: 'nothing', "\n";
$before = [pb_hook_compiled(), second_hook_compiled()];
$f = tempnam(sys_get_temp_dir(), 'pbinc');
file_put_contents($f, '<?php return 7;');
echo 'included: ', include $f, "\n";
unlink($f);
echo 'compiled by each startup hook: ', pb_hook_compiled() - $before[0], ' ', second_hook_compiled() - $before[1], "\n";
PHP;
$p = proc_open($with_second('-r', $code), [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo 'exit status: ', proc_close($p), "\n";

// php -S: one process, many requests.
$port = 20000 + (getmypid() * 11 + 7) % 20000;
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open($with_second('-S', "127.0.0.1:$port", __DIR__ . '/two_extensions_router.inc'),
                    [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = fn (string $step) => @file_get_contents("http://127.0.0.1:$port/?step=$step");
for ($i = 0; $i < 300 && $get('none') === false; $i++) usleep(100000);  // until it listens
foreach (['second-first', 'none', 'test-first', 'none', 'all', 'none', 'replace', 'none', 'second-first', 'none'] as $step) {
    echo "-- $step\n", $get($step);
}
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
chain: second:str_repeat, execute_internal:str_repeat
refused: phpbind: hook on zend_execute_internal: another hook was installed on this pointer after it and is still there; remove that one first (a chain is only ever unwound from its most recent holder)
left: nothing
included: 7
compiled by each startup hook: 1 1
exit status: 0
-- second-first
found: every pointer as the first request found it, strlen("magic") = 5
trace: execute_internal:str_repeat, second:str_repeat
now strlen("magic") = 5
-- none
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 5
-- test-first
found: every pointer as the first request found it, strlen("magic") = 5
trace: second:str_repeat, execute_internal:str_repeat
now strlen("magic") = 5
-- none
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 5
-- all
found: every pointer as the first request found it, strlen("magic") = 5
trace: compile_string:function hk_step() { return str_repeat("-", 2); } hk_step();, execute_ex:hk_step, execute_internal:str_repeat, second:str_repeat, after:str_repeat = string, throw:LogicException
now strlen("magic") = 5
-- none
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 5
-- replace
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 42
-- none
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 5
-- second-first
found: every pointer as the first request found it, strlen("magic") = 5
trace: execute_internal:str_repeat, second:str_repeat
now strlen("magic") = 5
-- none
found: every pointer as the first request found it, strlen("magic") = 5
trace: 
now strlen("magic") = 5
