--TEST--
Enums: enum parameters under strict_types accept exactly the enum's cases, with the same errors as in weak mode
--EXTENSIONS--
phpbind_test
--FILE--
<?php
declare(strict_types=1);
use PhpBind\Color;
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_next_color(Color::Green));
t(fn() => pb_next_color('Green'));
t(fn() => pb_maybe_color(null));
t(fn() => pb_maybe_color(1));
t(fn() => Color::Red->is(Color::Red));
?>
--EXPECT--
enum(PhpBind\Color::Blue)
TypeError: pb_next_color(): Argument #1 ($c) must be of type PhpBind\Color, string given
NULL
TypeError: pb_maybe_color(): Argument #1 ($c) must be of type ?PhpBind\Color, int given
bool(true)
