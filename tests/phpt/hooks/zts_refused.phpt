--TEST--
Hooks: on a thread-safe engine a request cannot install a hook (the engine's pointers are shared by every thread); hooks installed at startup work
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (!PHP_ZTS) die('skip thread-safe engines only (hooks/request.phpt covers NTS)'); ?>
--FILE--
<?php
try {
    pb_hook_install('execute_internal');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    pb_hook_replace('strlen');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    pb_handler_override('compare', 'ArrayObject');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(pb_hook_installed('execute_internal'), pb_hook_changed_points());
pb_handler_count_on(true);
echo 'ArrayObject counts one more (overridden at startup): ', count(new ArrayObject([1, 2])), "\n";
echo str_rot13('phpbind'), "\n";  // replaced at startup
$before = pb_hook_compiled();
$f = tempnam(sys_get_temp_dir(), 'pbinc');
file_put_contents($f, '<?php return 7;');
echo 'included: ', include $f, "\n";
unlink($f);
echo 'compiled: ', pb_hook_compiled() - $before, "\n";
?>
--EXPECT--
LogicException: phpbind: hook on zend_execute_internal: a thread-safe engine's hook pointers are shared by every thread; install the hook at startup (module::hook, module::replace_function, module::override_handler) instead
LogicException: phpbind: hook on strlen(): a thread-safe engine's hook pointers are shared by every thread; install the hook at startup (module::hook, module::replace_function, module::override_handler) instead
LogicException: phpbind: hook on the compare handler of ArrayObject: a thread-safe engine's hook pointers are shared by every thread; install the hook at startup (module::hook, module::replace_function, module::override_handler) instead
bool(false)
array(0) {
}
ArrayObject counts one more (overridden at startup): 3
replaced at startup
included: 7
compiled: 1
