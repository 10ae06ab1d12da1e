--TEST--
Classes: string_cast<>() converts to string through the cast handler alone — echo, casts, interpolation, string parameters — with no __toString method and no Stringable; a PHP subclass's __toString wins; a C++ exception is the conversion's exception
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Shown;
$s = new Shown;
$s->n = 4;
echo $s, "\n";
echo (string)$s, " ", "[$s]", " ", strlen($s), " ", str_repeat($s, 2), " ", implode(",", [$s, $s]), "\n";
var_dump($s == "shown(4)", $s instanceof Stringable, method_exists($s, '__toString'),
         (new ReflectionClass(Shown::class))->hasMethod('__toString'));
// A parameter declared string|Stringable (or Stringable) is not satisfied: the class is not Stringable.
function takes_stringable(Stringable $x): string { return (string)$x; }
try { takes_stringable($s); } catch (TypeError $e) { echo preg_replace('/, called in.*/', '', $e->getMessage()), "\n"; }
echo strtoupper($s), "\n";

// A PHP subclass that declares __toString is converted with it.
class Loud extends Shown { public function __toString(): string { return "LOUD"; } }
$l = new Loud;
echo $l, " ", $l instanceof Stringable ? "Stringable" : "-", "\n";

// The C++ member throws: the conversion's exception, as from a throwing __toString.
$s->n = -1;
foreach ([fn() => (string)$s, fn() => "x$s", fn() => strlen($s), fn() => implode(",", [$s])] as $f) {
    try { var_dump($f()); } catch (DomainException $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
// Other conversions are the standard ones.
$s->n = 2;
try { var_dump((int)$s); } catch (Throwable $e) { echo get_class($e), "\n"; }
var_dump((bool)$s);
?>
--EXPECTF--
shown(4)
shown(4) [shown(4)] 8 shown(4)shown(4) shown(4),shown(4)
bool(true)
bool(false)
bool(false)
bool(false)
takes_stringable(): Argument #1 ($x) must be of type Stringable, PhpBind\Shown given
SHOWN(4)
LOUD Stringable
DomainException: Shown: nothing to show for -1
DomainException: Shown: nothing to show for -1
DomainException: Shown: nothing to show for -1
DomainException: Shown: nothing to show for -1

Warning: Object of class PhpBind\Shown could not be converted to int in %s on line %d
int(1)
bool(true)
