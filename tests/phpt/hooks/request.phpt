--TEST--
Hooks: a request installs engine hooks (execute_ex, execute_internal in both forms, compile_string, error_cb, throw hook, interrupt); they chain most recent first, are removed only from the top, and leave every pointer as it was
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip hooks for a request need an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
$trace = [];
function tr($tag) { $GLOBALS['trace'][] = $tag; }
function hk_add($a, $b) { return $a + $b; }
function show(string $title) {
    echo "-- $title\n";
    foreach (pb_hook_log() as $line) echo "  $line\n";
}

pb_hook_install('execute_internal', 'tr');
pb_hook_install('execute_ex');
pb_hook_install('execute_internal/before-after');
var_dump(pb_hook_changed_points());
// Code compiled before the hooks calls through the opcodes it was compiled to:
// DO_ICALL / DO_UCALL do not consult the hook pointers (zend_get_call_op()).
var_dump(str_repeat('ab', 2), pb_hook_target());
show('compiled before the install');
// Code compiled after them, and every dynamic call, goes through them.
eval('var_dump(str_repeat("ab", 2), hk_add(1, 2), pb_hook_target());');
$f = 'str_repeat';
var_dump($f('x', 3));
show('compiled after the install, and a dynamic call');
echo "trace: ", implode(', ', $trace), "\n";

try {
    pb_hook_install('execute_ex');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    pb_hook_remove('execute_internal');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    pb_hook_remove('compile_string');
} catch (LogicException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    pb_hook_install('nothing');
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
pb_hook_remove('execute_internal/before-after');
pb_hook_remove('execute_internal');
var_dump(pb_hook_installed('execute_internal'), pb_hook_installed('execute_ex'));
var_dump(pb_hook_changed_points());
pb_hook_remove('execute_ex');
var_dump(pb_hook_changed_points());
eval('var_dump(str_repeat("ab", 2), pb_hook_target());');
show('after removal');

pb_hook_install('compile_string');
eval('echo "evaluated\n";');
try {
    eval('BLOCKED;');
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
show('compile_string');

pb_hook_install('error_cb');
echo @$silenced;
echo $undefined;
trigger_error('please swallow this', E_USER_WARNING);
trigger_error('shown', E_USER_NOTICE);
show('error_cb: what reaches display');

pb_hook_install('throw_exception');
try {
    throw new LogicException('one');
} catch (LogicException) {
}
try {
    intdiv(1, 0);
} catch (DivisionByZeroError) {
}
show('throw hook');

// An exception set aside for the next interrupt check (a begin observer that throws).
pb_hook_install('interrupt');
function obs_begin_throws() { echo "not reached\n"; }
try {
    obs_begin_throws();
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
pb_obs_log();
show('interrupt');
echo "installed at the end: ", implode(', ', pb_hook_changed_points()), "\n";
?>
--EXPECTF--
array(2) {
  [0]=>
  string(15) "zend_execute_ex"
  [1]=>
  string(21) "zend_execute_internal"
}
string(4) "abab"
string(8) "original"
-- compiled before the install
string(4) "abab"
int(3)
string(8) "replaced"
string(3) "xxx"
-- compiled after the install, and a dynamic call
  before:str_repeat
  execute_internal:str_repeat
  after:str_repeat = string
  execute_ex:hk_add
  execute_ex done:hk_add
  execute_internal:replaced
  before:str_repeat
  execute_internal:str_repeat
  after:str_repeat = string
trace: execute_internal:str_repeat, after:str_repeat = string, execute_ex:hk_add, execute_internal:replaced, execute_internal:str_repeat, after:str_repeat = string
LogicException: phpbind: hook on zend_execute_ex: this hook is installed already
LogicException: phpbind: hook on zend_execute_internal: another hook was installed on this pointer after it and is still there; remove that one first (a chain is only ever unwound from its most recent holder)
LogicException: phpbind: hook on zend_compile_string: remove() takes a hook install() installed in this request
ValueError: pb_hook_install(): Argument #1 ($point) must name a hook this extension has
bool(false)
bool(true)
array(1) {
  [0]=>
  string(15) "zend_execute_ex"
}
array(0) {
}
string(4) "abab"
string(8) "original"
-- after removal
evaluated
caught: eval of BLOCKED code refused
-- compile_string
  compile_string:echo "evaluated\n";
  compile_string:BLOCKED;

Warning: Undefined variable $undefined in %s on line %d

Notice: shown in %s on line %d
-- error_cb: what reaches display
  error_cb 2:Undefined variable $silenced
  error_cb 2:Undefined variable $undefined
  error_cb 512:please swallow this
  error_cb 1024:shown
-- throw hook
  throw:LogicException
  throw:DivisionByZeroError
caught: thrown by the begin observer
-- interrupt
  throw:RuntimeException
  interrupt
  throw:RuntimeException
installed at the end: zend_compile_string, zend_error_cb, zend_interrupt_function, zend_throw_exception_hook
