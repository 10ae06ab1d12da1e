--TEST--
Native: PHP Closures published as a function or a method during a request — Reflection shows them, `use` variables and statics shared with the Closure, the Closure kept alive as long as the entry, refusals with clear errors, gone when the request ends (php -S, many requests)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';

$k = 10;
$c = function (int $x, int $y = 2) use (&$k): int {
    static $calls = 0;
    return $x * $y + $k + 1000 * ++$calls;
};
pb_publish_function('pub_calc', $c);
var_dump(pub_calc(1), pub_calc(1, 3), $c(1));
$k = 20;
var_dump(pub_calc(1), call_user_func('pub_calc', 1), array_map('pub_calc', [1]), (pub_calc(...))(1));
$r = new ReflectionFunction('pub_calc');
var_dump($r->getName(), $r->isUserDefined(), $r->isClosure(), (string) $r->getReturnType(), $r->getNumberOfRequiredParameters());
echo $r->getParameters()[1], "\n";
try {
    pub_calc('x');
} catch (TypeError $e) {
    echo get_class($e), ': ', preg_replace('/, called in .*/', '', $e->getMessage()), "\n";
}
// The function keeps the Closure alive.
$d = new class { function __destruct() { echo "closure released\n"; } };
pb_publish_function('Pub\\keeper', function () use ($d) { return 'kept'; });
unset($d);
echo \Pub\keeper(), "\n";
pb_publish_function('pub_gen', function () { yield 1; yield 2; });
echo implode(',', iterator_to_array(pub_gen())), "\n";

// A method of a declared class (declared by eval: not one opcache keeps immutable).
eval('class PubTarget { public $v = 5; }');
pb_publish_method('PubTarget', 'times', function (int $m): int { return $this->v * $m; });
pb_publish_method('PubTarget', 'make', static function (): static { return new static; }, true);
$t = new PubTarget;
var_dump($t->times(3), PubTarget::make() instanceof PubTarget, method_exists($t, 'times'));
$m = new ReflectionMethod('PubTarget', 'make');
var_dump($m->isStatic(), $m->isPublic(), $m->getDeclaringClass()->name);

// Refusals.
class PubBound { function f() { return fn() => 1; } }
$refused = [
    fn() => pb_publish_function('pub_calc', fn() => 1),
    fn() => pb_publish_function('STRLEN', fn() => 1),
    fn() => pb_publish_function('no good', fn() => 1),
    fn() => pb_publish_function('pub_bound', (new PubBound)->f()),
    fn() => pb_publish_function('pub_native', pb_native_adder(1)),
    fn() => pb_publish_function('pub_object', new stdClass),
    fn() => pb_publish_method('stdClass', 'm', fn() => 1),
    fn() => pb_publish_method('Countable', 'm', fn() => 1),
    fn() => pb_publish_method('PubTarget', 'times', fn() => 1),
    fn() => pb_publish_method('PubTarget', '__get', fn() => 1),
    fn() => pb_publish_method('PubTarget', 'a\\b', fn() => 1),
    fn() => pb_publish_method('PubNope', 'm', fn() => 1),
    fn() => pb_publish_method('PubTarget', 'st', function () { return $this; }, true),
];
foreach ($refused as $f) {
    try {
        $f();
        echo "published\n";
    } catch (LogicException $e) {
        echo $e->getMessage(), "\n";
    }
}

// php -S: published in one request, gone in the next.
$port = 20000 + (getmypid() * 17 + 5) % 20000;
$log = tempnam(sys_get_temp_dir(), 'pbsrv');
$server = proc_open([...pb_php('-S', "127.0.0.1:$port", __DIR__ . '/publish_router.inc')],
                    [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log, 'w']], $pipes);
$get = fn (int $n) => @file_get_contents("http://127.0.0.1:$port/?n=$n");
for ($i = 0; $i < 300 && $get(0) === false; $i++) usleep(100000);  // until it listens
foreach ([1, 2, 3] as $n) {
    // opcache keeps the router's class immutable: the method is then refused.
    echo "-- request $n\n", str_replace('refused (immutable)', $n * 3, $get($n));
}
proc_terminate($server, 2);
proc_close($server);
pb_check_child_stderr(file_get_contents($log));
unlink($log);
echo "end\n";
?>
--EXPECT--
int(1012)
int(2013)
int(3012)
int(4022)
int(5022)
array(1) {
  [0]=>
  int(6022)
}
int(7022)
string(8) "pub_calc"
bool(true)
bool(false)
string(3) "int"
int(1)
Parameter #1 [ <optional> int $y = 2 ]
TypeError: pub_calc(): Argument #1 ($x) must be of type int, string given
kept
1,2
int(15)
bool(true)
bool(true)
bool(true)
bool(true)
string(9) "PubTarget"
phpbind: publish_function("pub_calc"): a function pub_calc() exists already
phpbind: publish_function("STRLEN"): a function STRLEN() exists already
phpbind: publish_function("no good"): "no good" is not a valid function name
phpbind: publish_function("pub_bound"): the Closure is bound to an object or a class scope (Closure::bind($c, null, null) unbinds both)
phpbind: publish_function("pub_native"): a Closure of C++ code (define a C++ function with php::define_function)
phpbind: publish_function("pub_object"): not a Closure
phpbind: publish_method("stdClass", "m"): an internal class
phpbind: publish_method("Countable", "m"): an internal class
phpbind: publish_method("PubTarget", "times"): the class has this method, or it is a magic method name
phpbind: publish_method("PubTarget", "__get"): the class has this method, or it is a magic method name
phpbind: publish_method("PubTarget", "a\b"): not a valid method name
phpbind: publish_method("PubNope", "m"): no class PubNope is declared
phpbind: publish_method("PubTarget", "st"): a static method cannot use $this
-- request 1
found: no function, no method
now: 10, method: 3
-- request 2
found: no function, no method
now: 20, method: 6
-- request 3
found: no function, no method
now: 30, method: 9
end
closure released
