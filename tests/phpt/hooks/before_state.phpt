--TEST--
Hooks: the before/after form with a state: what Before returns is After's first argument; a Before that throws skips After and its exception surfaces after the call
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip hooks for a request need an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
function show(string $title) {
    echo "-- $title\n";
    foreach (pb_hook_log() as $line) echo "  $line\n";
}

pb_hook_install('execute_internal/timed');
$f = 'str_repeat';
var_dump($f('ab', 2), $f('x', 3));
var_dump(array_map($f, ['a', 'b'], [2, 1]));
show('two calls, then two from a callback');

try {
    $f('x', -1);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
show('the call throws');

try {
    $r = $f('!', 13);
    echo "not reached\n";
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($f('y', 1));
show('Before throws');

pb_hook_remove('execute_internal/timed');
var_dump($f('z', 2));
show('removed');

// noexcept halves, called directly: call number * 1000 + the result's length.
pb_hook_install('execute_internal/quiet-state');
$f('q', 5);
var_dump(pb_hook_quiet_last());
$f('q', 7);
var_dump(pb_hook_quiet_last());
try {
    $f('q', -1);
} catch (ValueError $e) {
    echo get_class($e), "\n";
}
var_dump(pb_hook_quiet_last());
pb_hook_remove('execute_internal/quiet-state');
?>
--EXPECT--
string(4) "abab"
string(3) "xxx"
array(2) {
  [0]=>
  string(2) "aa"
  [1]=>
  string(1) "b"
}
-- two calls, then two from a callback
  timed before:1
  timed after:1 depth 1 = string
  timed before:2
  timed after:2 depth 1 = string
  timed before:3
  timed after:3 depth 1 = string
  timed before:4
  timed after:4 depth 1 = string
ValueError: str_repeat(): Argument #2 ($times) must be greater than or equal to 0
-- the call throws
  timed before:5
  timed after:5 depth 1 = null [exception]
ValueError: timed: 13 refused
string(1) "y"
-- Before throws
  timed before:6
  timed after:6 depth 1 = string
string(2) "zz"
-- removed
int(1005)
int(2007)
ValueError
int(3999)
