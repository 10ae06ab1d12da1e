--TEST--
Hooks: object handler overrides made in a request of php -S are gone in the next — the userland class is declared afresh, the internal class makes its objects as before, objects made under an override and alive at the request's end (held by a static property, released by the engine's executor shutdown after every RSHUTDOWN) are released; an override ended during its request
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip overriding for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 13 + 5) % 20000;
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open(pb_php('-S', "127.0.0.1:$port", __DIR__ . '/object_handlers_router.inc'),
                    [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = fn (string $step) => @file_get_contents("http://127.0.0.1:$port/?step=$step");
for ($i = 0; $i < 300 && $get('none') === false; $i++) usleep(100000);  // until it listens
foreach (['override', 'none', 'override', 'ended', 'none'] as $step) {
    echo "-- $step\n", $get($step);
}
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
-- override
found: no override, count(SplFixedArray(2)) = 2
now: Money(5) + 1 = 6, count(SplFixedArray(2)) = 10, $m->x = virtual x
-- none
found: no override, count(SplFixedArray(2)) = 2
now: Money(5) + 1 = TypeError, count(SplFixedArray(2)) = 2, $m->x = null
-- override
found: no override, count(SplFixedArray(2)) = 2
now: Money(5) + 1 = 6, count(SplFixedArray(2)) = 10, $m->x = virtual x
-- ended
found: no override, count(SplFixedArray(2)) = 2
while on: 2 10
ended: Unsupported operand types: Money + int 3
now: Money(5) + 1 = TypeError, count(SplFixedArray(2)) = 2, $m->x = null
-- none
found: no override, count(SplFixedArray(2)) = 2
now: Money(5) + 1 = TypeError, count(SplFixedArray(2)) = 2, $m->x = null
