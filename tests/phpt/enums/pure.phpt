--TEST--
Enums: a pure enum from a C++ enum class — cases(), case constants, UnitEnum, identity, match, serialization, methods bound from C++ functions, what PHP forbids on enums
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Color;
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
var_dump(Color::cases());
var_dump(Color::Red->name, Color::Red instanceof UnitEnum, Color::Red instanceof BackedEnum);
var_dump(Color::Red === Color::cases()[0], Color::Green === constant('PhpBind\Color::Green'), Color::Red == Color::Blue);
var_dump(match (Color::Blue) { Color::Red => 'r', Color::Green => 'g', Color::Blue => 'b' });
var_dump(serialize(Color::Green), unserialize(serialize(Color::Green)) === Color::Green);
var_dump(Color::Red->label(), Color::Blue->is(Color::Blue), Color::Blue->is(Color::Red), Color::favourite());
var_dump(Color::favourite() === Color::Green);
t(fn() => Color::Red->is('Red'));
t(fn() => property_exists(Color::Red, 'value'));
t(fn() => Color::from(0));
t(fn() => new Color);
t(fn() => clone Color::Red);
t(fn() => Color::Red < Color::Green);
t(function () { $c = Color::Red; $c->name = 'Blue'; });
t(fn() => Color::Purple);
var_dump((new ReflectionClass(Color::class))->isFinal());
?>
--EXPECT--
array(3) {
  [0]=>
  enum(PhpBind\Color::Red)
  [1]=>
  enum(PhpBind\Color::Green)
  [2]=>
  enum(PhpBind\Color::Blue)
}
string(3) "Red"
bool(true)
bool(false)
bool(true)
bool(true)
bool(false)
string(1) "b"
string(27) "E:19:"PhpBind\Color:Green";"
bool(true)
string(9) "Color red"
bool(true)
bool(false)
enum(PhpBind\Color::Green)
bool(true)
TypeError: PhpBind\Color::is(): Argument #1 ($other) must be of type PhpBind\Color, string given
bool(false)
Error: Call to undefined method PhpBind\Color::from()
Error: Cannot instantiate enum PhpBind\Color
Error: Trying to clone an uncloneable object of class PhpBind\Color
bool(false)
Error: Cannot modify readonly property PhpBind\Color::$name
Error: Undefined constant PhpBind\Color::Purple
bool(true)
