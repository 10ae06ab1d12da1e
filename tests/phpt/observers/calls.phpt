--TEST--
Observers: a call observer sees the functions its filter chose (decided once per function), with their arguments and results, internal functions too; an exception from its begin is raised from the function's first instruction, one from its end at the call site; it may call PHP; the error observer sees errors before any handler, silenced ones too
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function obs_add($a, $b = 10, ...$rest) { return $a + $b; }
function obs_void() { $GLOBALS['touched'] = true; }
function other() { return 1; }
class ObsTarget { function m(string $s) { return strtoupper($s); } static function s() { return $GLOBALS['nothing'] ?? null; } }
function obs_begin_throws($x) { echo "body ran\n"; return $x; }
function obs_end_throws() { return $GLOBALS['five']; }
function obs_begin_calls_php() { return $GLOBALS['x']; }
function obs_thrower() { throw new DomainException("from PHP called by the observer"); }
function obs_begin_calls_throwing_php() { echo "body ran\n"; }
function obs_inner_throws() { throw new RuntimeException("inner"); }
// Bodies that are not a constant: opcache inlines a function that only returns
// one, and an inlined call is not a call (no observer sees it).
$five = 5;
$x = "x";

echo obs_add(1, 2), "\n";
echo obs_add(1, 2, 3, 4), "\n";
obs_void(); other();
(new ObsTarget)->m("abc"); ObsTarget::s();
echo pb_obs_internal(21), "\n";
print_r(pb_obs_log());
try { obs_begin_throws(7); echo "not reached\n"; } catch (RuntimeException $e) { echo "caught: ", $e->getMessage(), "\n"; }
print_r(pb_obs_log());
try { $r = obs_end_throws(); echo "returned $r\n"; strlen("x"); echo "after a call\n"; } catch (LogicException $e) { echo "caught: ", $e->getMessage(), "\n"; }
print_r(pb_obs_log());
echo obs_begin_calls_php(), "\n";
print_r(pb_obs_log());
try { obs_begin_calls_throwing_php(); echo "not reached\n"; } catch (DomainException $e) { echo "caught: ", $e->getMessage(), "\n"; }
print_r(pb_obs_log());
try { obs_inner_throws(); } catch (RuntimeException $e) { echo "caught: ", $e->getMessage(), "\n"; }
print_r(pb_obs_log());
pb_obs_errors(true);
$x = @$undefined;
echo intdiv(1, 1), "\n";
trigger_error("user notice");
print_r(pb_obs_log());
$n = pb_obs_filtered(); for ($i = 0; $i < 100; $i++) obs_void(); echo "filter runs again: ", pb_obs_filtered() - $n, "\n";
pb_obs_log();

?>
--EXPECTF--
3
3
42
Array
(
    [0] => begin obs_add(1, 2)
    [1] => end obs_add = 3
    [2] => begin obs_add(1, 2, 3, 4)
    [3] => end obs_add = 3
    [4] => begin obs_void()
    [5] => end obs_void = null
    [6] => begin ObsTarget::m('abc')
    [7] => end ObsTarget::m = 'ABC'
    [8] => begin ObsTarget::s()
    [9] => end ObsTarget::s = null
    [10] => begin pb_obs_internal(21)
    [11] => end pb_obs_internal = 42
)
caught: thrown by the begin observer
Array
(
    [0] => begin obs_begin_throws(7)
    [1] => end obs_begin_throws (no result) [exception in flight]
)
caught: thrown by the end observer
Array
(
    [0] => begin obs_end_throws()
    [1] => end obs_end_throws = 5
)
x
Array
(
    [0] => begin obs_begin_calls_php()
    [1] =>   strtoupper: CALLED
    [2] => end obs_begin_calls_php = 'x'
)
caught: from PHP called by the observer
Array
(
    [0] => begin obs_begin_calls_throwing_php()
    [1] => begin obs_thrower()
    [2] => end obs_thrower (no result) [exception in flight]
    [3] => end obs_begin_calls_throwing_php (no result) [exception in flight]
)
caught: inner
Array
(
    [0] => begin obs_inner_throws()
    [1] => end obs_inner_throws (no result) [exception in flight]
)
1

Notice: user notice in %s on line %d
Array
(
    [0] => error 2: Undefined variable $undefined
    [1] => error 1024: user notice
)
filter runs again: 0
