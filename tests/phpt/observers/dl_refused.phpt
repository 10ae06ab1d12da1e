--TEST--
Observers: an extension that observes, loaded by dl() (after the engine sized its observer slots), loads without its observers, with a warning that says why
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// PHP 8.2 unloads a dl() module's classes in declaration order at request end
// (clean_module_classes), so a subclass reads its parent's freed property
// info: memcheck reports the engine's invalid read for any dl() module with
// inherited declared properties.
if (getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine reads freed memory unloading a dl() module\'s class hierarchy');
?>
--FILE--
<?php
$ext = getenv('PHPBIND_TEST_EXT');
$code = 'var_dump(dl(' . var_export(basename($ext), true) . '));
function obs_seen() { return 1; }
obs_seen();
var_dump(pb_obs_log());';
$cmd = [PHP_BINARY, '-n', '-d', 'enable_dl=1', '-d', 'display_errors=1', '-d', 'log_errors=0', '-d', 'extension_dir=' . dirname($ext),
        '-r', $code];
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
echo stream_get_contents($pipes[1]);
fclose($pipes[1]);
echo "exit status: ", proc_close($p), "\n";
?>
--EXPECTF--
Warning: %s: observers need the extension loaded at startup (php.ini or -d extension=), not by dl(): its observers are off in Unknown on line 0
bool(true)
array(0) {
}
exit status: 0
