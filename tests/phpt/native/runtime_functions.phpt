--TEST--
Native: a C++ callable defined as a PHP function during a request — arg info and defaults from php::arg, Reflection, refusals with clear errors, and gone when the request ends (php -S, many requests)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';

var_dump(function_exists('pb_rt_triple'));
pb_native_define('pb_rt_triple', 3);
var_dump(function_exists('pb_rt_triple'), pb_rt_triple(5), pb_rt_triple(5, 3), pb_rt_triple(times: 1, x: 7));
echo new ReflectionFunction('pb_rt_triple');
$r = new ReflectionFunction('PB_RT_TRIPLE');
var_dump($r->isInternal(), $r->getExtensionName(), in_array('pb_rt_triple', get_defined_functions()['internal'], true));

// Namespaced, and called through every way PHP calls a function.
pb_native_define('Pb\\Rt\\double', 2);
var_dump(\Pb\Rt\double(4), call_user_func('Pb\Rt\double', 4), array_map('Pb\Rt\double', [1]), (\Pb\Rt\double(...))(4));

// Arguments are checked as for a bound function.
foreach (['"x"', '', '1, 2, 3', 'PHP_INT_MAX'] as $args) {
    try {
        var_dump(eval("return pb_rt_triple($args);"));
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

// Backtraces naming the functions outlive them: kept until the script ends, after the
// functions are gone (opcache may name a function registered at run time with a
// persistent string: a backtrace must not hold that one).
function pb_rt_thrower() { throw new RuntimeException('kept'); }
pb_native_define_caller('pb_rt_kept');
try {
    pb_rt_kept('pb_rt_thrower');
} catch (RuntimeException $kept) {
}
try {
    pb_rt_triple([]);
} catch (TypeError $kept_too) {
}
echo $kept->getTrace()[1]['function'], ' ', $kept_too->getTrace()[0]['function'], "\n";

// Refusals.
foreach (['pb_rt_triple', 'strlen', 'STRLEN', '', '1abc', 'a b', "a\0b", '\\lead', 'trail\\', 'a\\\\b'] as $name) {
    try {
        pb_native_define($name, 1);
        echo "defined $name\n";
    } catch (LogicException $e) {
        echo get_class($e), ': ', addcslashes($e->getMessage(), "\0"), "\n";
    }
}

// A function of a request is gone in the next one (php -S: one process, many requests).
$port = 20000 + (getmypid() * 13 + 11) % 20000;
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open([...pb_php('-S', "127.0.0.1:$port", __DIR__ . '/runtime_functions_router.inc')],
                    [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = fn (int $n) => @file_get_contents("http://127.0.0.1:$port/?n=$n");
for ($i = 0; $i < 300 && $get(0) === false; $i++) usleep(100000);  // until it listens
foreach ([1, 2, 3] as $n) echo "-- request $n\n", $get($n);
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);
?>
--EXPECT--
bool(false)
bool(true)
int(30)
int(45)
int(21)
Function [ <internal:phpbind_test> function pb_rt_triple ] {

  - Parameters [2] {
    Parameter #0 [ <required> int $x ]
    Parameter #1 [ <optional> int $times = 2 ]
  }
  - Return [ int ]
}
bool(true)
string(12) "phpbind_test"
bool(true)
int(16)
int(16)
array(1) {
  [0]=>
  int(4)
}
int(16)
TypeError: pb_rt_triple(): Argument #1 ($x) must be of type int, string given
ArgumentCountError: pb_rt_triple() expects at least 1 argument, 0 given
ArgumentCountError: pb_rt_triple() expects at most 2 arguments, 3 given
ArithmeticError: Integer overflow
pb_rt_kept pb_rt_triple
LogicException: phpbind: define_function(): a function pb_rt_triple() exists already
LogicException: phpbind: define_function(): a function strlen() exists already
LogicException: phpbind: define_function(): a function STRLEN() exists already
LogicException: phpbind: define_function(): "" is not a valid function name
LogicException: phpbind: define_function(): "1abc" is not a valid function name
LogicException: phpbind: define_function(): "a b" is not a valid function name
LogicException: phpbind: define_function(): "a\000b" is not a valid function name
LogicException: phpbind: define_function(): "\lead" is not a valid function name
LogicException: phpbind: define_function(): "trail\" is not a valid function name
LogicException: phpbind: define_function(): "a\\b" is not a valid function name
-- request 1
found: gone
now: 20 10
via a first-class callable: 2
-- request 2
found: gone
now: 40 20
via a first-class callable: 4
-- request 3
found: gone
now: 60 30
via a first-class callable: 6
