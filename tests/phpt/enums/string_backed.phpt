--TEST--
Enums: a string-backed enum — case values given at binding, from()/tryFrom() with PHP's own ValueError and TypeError, values as array keys, instance methods
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Suit;
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
foreach (Suit::cases() as $c) echo $c->name, " = ", var_export($c->value, true), ", red: ", var_export($c->isRed(), true), "\n";
var_dump(Suit::from('S') === Suit::Spades, Suit::tryFrom('C'), Suit::tryFrom('X'), Suit::tryFrom(''));
t(fn() => Suit::from('h'));
t(fn() => Suit::from(''));
t(fn() => Suit::from(1));       // weak mode: the int becomes "1"
t(fn() => Suit::from(new stdClass));
t(fn() => Suit::from());
var_dump(array_map(fn(Suit $s) => $s->value, Suit::cases()));
var_dump(pb_suit_of('clubs'), pb_suit_of('spades')->value, pb_suit_of('?') === Suit::Hearts);
var_dump(Suit::Hearts->value === 'H', is_string(Suit::Diamonds->value));
?>
--EXPECT--
Hearts = 'H', red: true
Spades = 'S', red: false
Clubs = 'C', red: false
Diamonds = 'D', red: true
bool(true)
enum(PhpBind\Suit::Clubs)
NULL
NULL
ValueError: "h" is not a valid backing value for enum PhpBind\Suit
ValueError: "" is not a valid backing value for enum PhpBind\Suit
ValueError: "1" is not a valid backing value for enum PhpBind\Suit
TypeError: PhpBind\Suit::from(): Argument #1 ($value) must be of type string|int, stdClass given
ArgumentCountError: PhpBind\Suit::from() expects exactly 1 argument, 0 given
array(4) {
  [0]=>
  string(1) "H"
  [1]=>
  string(1) "S"
  [2]=>
  string(1) "C"
  [3]=>
  string(1) "D"
}
enum(PhpBind\Suit::Clubs)
string(1) "S"
bool(true)
bool(true)
bool(true)
