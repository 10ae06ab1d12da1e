--TEST--
Hooks: two separately built phpbind extensions override the same handler of one class — the objects made after both run both (most recent first, each passing on what it does not answer), objects made between run the first only, and the overrides end in either order
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip overriding for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$code = <<<'PHP'
eval('class Money { function __construct(public int $c) {} }');
function cb($slot, $op, $a, $b) { return $op === 'ZEND_ADD' ? new Money($a->c + $b) : null; }
function show($f) { try { return var_export($f(), true); } catch (TypeError $e) { return 'TypeError'; } }
$before = new Money(10);
pb_handler_override('do_operation', 'Money', 'cb');
$one = new Money(20);
second_handler_override('Money');
$both = new Money(30);
foreach (['before' => $before, 'test only' => $one, 'both' => $both] as $k => $m) {
    echo "$k: + ", show(fn() => ($m + 1)->c), ', - ', show(fn() => $m - 1), "\n";
}
$order = $argv[1] ?? 'second first';
if ($order === 'second first') { second_handler_restore(); pb_handler_restore('do_operation'); }
else { pb_handler_restore('do_operation'); second_handler_restore(); }
$after = new Money(40);
foreach (['both, ended' => $both, 'after' => $after] as $k => $m) {
    echo "$k: + ", show(fn() => ($m + 1)->c), ', - ', show(fn() => $m - 1), "\n";
}
PHP;
$base = tempnam(sys_get_temp_dir(), 'pbtwo');
$file = "$base.php";
file_put_contents($file, "<?php\n$code");
foreach (['second first', 'test first'] as $order) {
    echo "-- ends: $order\n";
    $p = proc_open([...pb_php('-d', 'extension=' . getenv('PHPBIND_SECOND_EXT')), $file, $order],
                   [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
    echo stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    echo 'exit status: ', proc_close($p), "\n";
}
unlink($file);
unlink($base);
?>
--EXPECT--
-- ends: second first
before: + TypeError, - TypeError
test only: + 21, - TypeError
both: + 31, - 29
both, ended: + TypeError, - TypeError
after: + TypeError, - TypeError
exit status: 0
-- ends: test first
before: + TypeError, - TypeError
test only: + 21, - TypeError
both: + 31, - 29
both, ended: + TypeError, - TypeError
after: + TypeError, - TypeError
exit status: 0
