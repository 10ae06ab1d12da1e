--TEST--
Protocols: C++ operators through do_operation, comparison through compare, casts through cast_object
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Vec2, Cents, Tag, Deck};

$a = new Vec2(1, 2);
$b = new Vec2(3, 4);
echo $a + $b, " ", $a - $b, " ", $a * 2, " ", 2 * $a, " ", $a * 0.5, " ", $b / 2, " ", -$a, "\n";
var_dump(get_class($a + $b), $a + $b !== $a);

// Compound assignment: the result replaces the variable; the old object is released.
$c = $a;
$c += $b;
$c -= new Vec2(1, 1);
$c *= 10;
echo $c, " ", $a, "\n";
$arr = ['v' => new Vec2(1, 1)];
$arr['v'] += $b;
echo $arr['v'], "\n";
class Holder { public Vec2 $v; public function __construct() { $this->v = new Vec2(0, 1); } }
$h = new Holder;
$h->v += $h->v;
echo $h->v, "\n";
$r = new Vec2(2, 2);
$ref = &$r;
$ref *= 3;
echo $r, "\n";

// Operands no binding takes: PHP's own TypeError.
foreach ([fn() => $a + 1, fn() => 1 + $a, fn() => $a - "x", fn() => $a * $b, fn() => $a % 2, fn() => [] + $a,
          fn() => $a + new Deck([1]), fn() => $a * "2"] as $f) {
    try { $f(); echo "no error\n"; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
// A C++ exception from the operator: the PHP exception, nothing else.
try { $a / 0; } catch (DivisionByZeroError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
$z = new Vec2(1, 1);
try { $z /= 0.0; } catch (DivisionByZeroError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
echo $z, "\n";

// Comparison by operator<=> (length).
var_dump($a < $b, $a <= $b, $a > $b, $b >= $a, $a == new Vec2(2, 1), $a != $b, $a <=> $b, $b <=> $a, $a <=> new Vec2(-2, 1));
var_dump($a === new Vec2(1, 2), max($a, $b) === $b);
$list = [new Vec2(3, 4), new Vec2(0, 1), new Vec2(1, 1)];
sort($list);
echo implode(" ", $list), "\n";
usort($list, fn($x, $y) => $y <=> $x);
echo implode(" ", $list), "\n";
var_dump($a == new Deck([]));

// operator== and operator< only; equality only.
$m = new Cents(105);
var_dump($m == new Cents(105), $m < new Cents(200), $m > new Cents(200), $m <=> new Cents(1));
var_dump(new Tag("a") == new Tag("a"), new Tag("a") == new Tag("b"), new Tag("a") < new Tag("b"), new Tag("b") < new Tag("a"));

// % with an int, + between two objects, a C++ exception from %.
var_dump(($m % 10)->value(), ($m + new Cents(5))->value());
$m %= 100;
var_dump($m->value());
try { $m % 0; } catch (DivisionByZeroError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $m + 1.5; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }

// An int operand on either side; ++ and -- are + 1 and - 1 on the variable itself.
var_dump(($m + 1)->value(), (1 + $m)->value(), ($m - 1)->value());
$n = $m;
$n++;
$n++;
$n--;
++$n;
var_dump($n->value(), $m->value(), $n !== $m);
try { 1 - $m; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $v = new Vec2; $v++; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }

// Casts
var_dump((int)$m, intval($m), (float)$b, floatval($b), (bool)$a, (bool)new Vec2, !new Vec2);
if (new Vec2) echo "never\n"; else echo "zero vector is falsy\n";
var_dump((int)$b);     // not bound: PHP's warning, then 1
var_dump((float)$m);   // not bound: PHP's warning, then 1.0
var_dump((bool)$m);    // not bound: objects are true
unset($a, $b, $c, $arr, $h, $list, $m, $n, $r, $ref, $z, $f, $e);
var_dump(Cents::live());
?>
--EXPECTF--
(4, 6) (-2, -2) (2, 4) (2, 4) (0.5, 1) (1.5, 2) (-1, -2)
string(12) "PhpBind\Vec2"
bool(true)
(30, 50) (1, 2)
(4, 5)
(0, 2)
(6, 6)
TypeError: Unsupported operand types: PhpBind\Vec2 + int
TypeError: Unsupported operand types: int + PhpBind\Vec2
TypeError: Unsupported operand types: PhpBind\Vec2 - string
TypeError: Unsupported operand types: PhpBind\Vec2 * PhpBind\Vec2
TypeError: Unsupported operand types: PhpBind\Vec2 % int
TypeError: Unsupported operand types: array + PhpBind\Vec2
TypeError: Unsupported operand types: PhpBind\Vec2 + PhpBind\Deck
TypeError: Unsupported operand types: PhpBind\Vec2 * string
DivisionByZeroError: Vec2 division by zero
DivisionByZeroError: Vec2 division by zero
(1, 1)
bool(true)
bool(true)
bool(false)
bool(true)
bool(true)
bool(true)
int(-1)
int(1)
int(0)
bool(false)
bool(true)
(0, 1) (1, 1) (3, 4)
(3, 4) (1, 1) (0, 1)
bool(false)
bool(true)
bool(true)
bool(false)
int(1)
bool(true)
bool(false)
bool(false)
bool(false)
int(5)
int(110)
int(5)
DivisionByZeroError: Modulo by zero
TypeError: Unsupported operand types: PhpBind\Cents + float
int(6)
int(6)
int(4)
int(7)
int(5)
bool(true)
TypeError: Unsupported operand types: int - PhpBind\Cents
TypeError: Cannot increment PhpBind\Vec2
int(5)
int(5)
float(5)
float(5)
bool(true)
bool(false)
bool(true)
zero vector is falsy

Warning: Object of class PhpBind\Vec2 could not be converted to int in %s on line 74
int(1)

Warning: Object of class PhpBind\Cents could not be converted to float in %s on line 75
float(1)
bool(true)
int(0)
