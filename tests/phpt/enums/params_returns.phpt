--TEST--
Enums: C++ enums as parameters and results — the engine's case singletons (=== identity), nullable std::optional, std::vector, std::map and std::pair elements, calls into PHP, wrong types, C++ values with no case
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Color, Level};
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
// Results are the engine's own case objects.
var_dump(pb_next_color(Color::Red) === Color::Green, pb_next_color(Color::Blue) === Color::Red);
$a = pb_next_color(Color::Red); $b = pb_next_color(Color::Red);
var_dump($a === $b, spl_object_id($a) === spl_object_id(Color::Green));
var_dump(pb_color_name(Color::Blue), pb_color_from_int(2) === Color::Blue);
// std::optional<Color>: ?PhpBind\Color
var_dump(pb_maybe_color(), pb_maybe_color(null), pb_maybe_color(Color::Green) === Color::Green);
// std::vector<Color>: arrays of cases, both ways.
var_dump(pb_all_colors() === Color::cases(), pb_color_names([Color::Blue, Color::Red, Color::Blue]));
var_dump(pb_color_names(['x' => Color::Green]), pb_color_names([]));
var_dump(pb_colors_from_ints([2, 0]), pb_colors_by_name([1]), pb_color_pair(0, 2) === [Color::Red, Color::Blue]);
// An element with no case: Error, and the partly built array is released.
t(fn() => pb_colors_from_ints([0, 1, 9, 2]));
t(fn() => pb_colors_by_name([0, 1, 5]));
t(fn() => pb_color_pair(1, 3));
// Calls into PHP: the enum goes in as its case, the result comes back as a C++ enumerator.
var_dump(pb_color_via(fn(Color $c) => pb_next_color($c), Color::Green));
var_dump(pb_color_via(function ($c) { var_dump($c === Color::Red); return Color::Red; }, Color::Red));
// Wrong types: PHP's own TypeError, in weak and strict mode alike (no coercion to an enum).
t(fn() => pb_color_name('Red'));
t(fn() => pb_color_name(0));
t(fn() => pb_color_name(null));
t(fn() => pb_color_name(Level::Low));
t(fn() => pb_color_name(new stdClass));
t(fn() => pb_maybe_color('Green'));
t(fn() => pb_maybe_color(Level::Mid));
t(fn() => pb_color_names([Color::Red, 'Green']));
t(fn() => pb_color_via(fn() => 'Red', Color::Red));
t(fn() => pb_color_via(fn() => Level::Low, Color::Red));
// A C++ value that is no case: Error, and nothing is returned.
t(fn() => pb_color_from_int(3));
t(fn() => pb_color_from_int(-1));
var_dump(pb_color_from_int(0));
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
bool(true)
string(4) "blue"
bool(true)
NULL
NULL
bool(true)
bool(true)
string(14) "blue;red;blue;"
string(6) "green;"
string(0) ""
array(2) {
  [0]=>
  enum(PhpBind\Color::Blue)
  [1]=>
  enum(PhpBind\Color::Red)
}
array(1) {
  ["c1"]=>
  enum(PhpBind\Color::Green)
}
bool(true)
Error: C++ value 9 of pbtest::Color has no case in enum PhpBind\Color
Error: C++ value 5 of pbtest::Color has no case in enum PhpBind\Color
Error: C++ value 3 of pbtest::Color has no case in enum PhpBind\Color
enum(PhpBind\Color::Blue)
bool(true)
enum(PhpBind\Color::Red)
TypeError: pb_color_name(): Argument #1 ($c) must be of type PhpBind\Color, string given
TypeError: pb_color_name(): Argument #1 ($c) must be of type PhpBind\Color, int given
TypeError: pb_color_name(): Argument #1 ($c) must be of type PhpBind\Color, null given
TypeError: pb_color_name(): Argument #1 ($c) must be of type PhpBind\Color, PhpBind\Level given
TypeError: pb_color_name(): Argument #1 ($c) must be of type PhpBind\Color, stdClass given
TypeError: pb_maybe_color(): Argument #1 ($c) must be of type ?PhpBind\Color, string given
TypeError: pb_maybe_color(): Argument #1 ($c) must be of type ?PhpBind\Color, PhpBind\Level given
TypeError: pb_color_names(): Argument #1 ($colors) must be of type array<PhpBind\Color>, string given at key 1
TypeError: {closure%S}(): Return value must be of type PhpBind\Color, string returned
TypeError: {closure%S}(): Return value must be of type PhpBind\Color, PhpBind\Level returned
Error: C++ value 3 of pbtest::Color has no case in enum PhpBind\Color
Error: C++ value -1 of pbtest::Color has no case in enum PhpBind\Color
enum(PhpBind\Color::Red)
