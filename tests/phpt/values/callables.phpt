--TEST--
Values: every PHP callable form, validated with PHP's own errors
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class K {
    function m($x) { return "method $x"; }
    static function s($x) { return "static $x"; }
    function __invoke($x) { return "invoked $x"; }
    function __call($name, $args) { return "__call $name " . implode(",", $args); }
}
$forms = [
    'closure' => fn($x) => "closure $x",
    'function name' => 'strtoupper',
    '[$obj, m]' => [new K, 'm'],
    '[Cls, m]' => ['K', 's'],
    'Cls::m' => 'K::s',
    'invokable' => new K,
    'first-class' => strrev(...),
    'magic __call' => [new K, 'anything'],
];
foreach ($forms as $name => $f) {
    printf("%-14s %s\n", $name, var_export(pb_invoke($f, "a"), true));
}
var_dump(pb_invoke_owned(fn($a, $b) => $a * $b, 6, 7));
foreach (["nope", [1, 2], 'K::nope', ['K', 'm'], 42] as $bad) {
    echo pb_callable_from_value($bad), "\n";
    try { pb_invoke($bad, 1); } catch (TypeError $e) { echo "  ", $e->getMessage(), "\n"; }
}
// The same validated callable called repeatedly, including a __call trampoline.
class T2 { function __call($name, $args) { return $args[0] * 2; } }
var_dump(pb_map_with(fn($v) => $v + 1, [1, 2, 3]), pb_map_with([new T2, 'dbl'], [1, 2, 3]));
// A callable the engine accepts with a deprecation note: called, the note raised once, as
// call_user_func() does on the same engine.
class PA { static function m($x) { return "PA::m $x"; } }
class PB extends PA {
    static function m($x) { return "PB::m $x"; }
    static function both(callable $call) {
        $notes = [];
        set_error_handler(function ($no, $msg) use (&$notes) { $notes[] = [$no, $msg]; return true; });
        $r = $call(['PB', 'parent::m'], 'd');
        restore_error_handler();
        return [$r, $notes];
    }
}
[$got, $got_notes] = PB::both(fn($f, $a) => pb_invoke($f, $a));
[$want, $want_notes] = PB::both(fn($f, $a) => call_user_func($f, $a));
var_dump($got, $got === $want, count($got_notes), $got_notes === $want_notes);
echo new ReflectionFunction('pb_invoke');
?>
--EXPECT--
closure        'closure a'
function name  'A'
[$obj, m]      'method a'
[Cls, m]       'static a'
Cls::m         'static a'
invokable      'invoked a'
first-class    'a'
magic __call   '__call anything a'
int(42)
Value is not a valid callback: function "nope" not found or invalid function name
  pb_invoke(): Argument #1 ($callback) must be a valid callback, function "nope" not found or invalid function name
Value is not a valid callback: first array member is not a valid class name or object
  pb_invoke(): Argument #1 ($callback) must be a valid callback, first array member is not a valid class name or object
Value is not a valid callback: class K does not have a method "nope"
  pb_invoke(): Argument #1 ($callback) must be a valid callback, class K does not have a method "nope"
Value is not a valid callback: non-static method K::m() cannot be called statically
  pb_invoke(): Argument #1 ($callback) must be a valid callback, non-static method K::m() cannot be called statically
Value is not a valid callback: no array or string given
  pb_invoke(): Argument #1 ($callback) must be a valid callback, no array or string given
array(3) {
  [0]=>
  int(2)
  [1]=>
  int(3)
  [2]=>
  int(4)
}
array(3) {
  [0]=>
  int(2)
  [1]=>
  int(4)
  [2]=>
  int(6)
}
string(7) "PA::m d"
bool(true)
int(1)
bool(true)
Function [ <internal:phpbind_test> function pb_invoke ] {

  - Parameters [2] {
    Parameter #0 [ <required> callable $callback ]
    Parameter #1 [ <required> mixed $arg ]
  }
  - Return [ mixed ]
}
