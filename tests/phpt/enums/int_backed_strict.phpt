--TEST--
Enums: from()/tryFrom() of bound enums under strict_types take exactly the backing type
--EXTENSIONS--
phpbind_test
--FILE--
<?php
declare(strict_types=1);
use PhpBind\{Level, Suit};
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => Level::from(1));
t(fn() => Level::from("1"));
t(fn() => Level::tryFrom(1.0));
t(fn() => Suit::from("D"));
t(fn() => Suit::from(1));
t(fn() => Suit::tryFrom(1));
?>
--EXPECT--
enum(PhpBind\Level::Low)
TypeError: PhpBind\Level::from(): Argument #1 ($value) must be of type int, string given
TypeError: PhpBind\Level::tryFrom(): Argument #1 ($value) must be of type int, float given
enum(PhpBind\Suit::Diamonds)
TypeError: PhpBind\Suit::from(): Argument #1 ($value) must be of type string, int given
TypeError: PhpBind\Suit::tryFrom(): Argument #1 ($value) must be of type string, int given
