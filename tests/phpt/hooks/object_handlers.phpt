--TEST--
Hooks: an object handler of an existing userland class overridden for a request (do_operation, compare) — objects of the class and of its subclasses declared before and after get it, objects made before keep theirs, the previous handler runs when the override declines, overrides chain and end from the top, refusals are clear
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip overriding for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
// Declared by eval(): opcache keeps the classes of the files it caches immutable (object_handlers_opcache.phpt).
eval('class Money { function __construct(public int $c) {} } class Euro extends Money {}');
$before = new Money(1);
function shown($x) { return is_object($x) ? get_class($x) . "($x->c)" : (is_string($x) ? $x : var_export($x, true)); }
function cb($slot, ...$a) {
    echo "  $slot(", implode(', ', array_map('shown', $a)), ")\n";
    $c = fn($x) => $x instanceof Money ? $x->c : $x;
    return match (true) {
        $slot === 'do_operation' && $a[0] === 'ZEND_ADD' => new Money($c($a[1]) + $c($a[2])),
        $slot === 'do_operation' && $a[0] === 'ZEND_MUL' => $c($a[1]) * $c($a[2]),
        $slot === 'do_operation' && $a[0] === 'ZEND_SUB' => false,  // FAILURE: as if there were no handler
        $slot === 'compare' => $c($a[0]) <=> $c($a[1]),
        default => null,  // the previous handler
    };
}
pb_handler_override('do_operation', 'Money', 'cb');
pb_handler_override('compare', 'Money', 'cb');
eval('class Late extends Money {}');
$a = new Money(5); $b = new Euro(7); $l = new Late(2);
$sums = [$a + $b, $a + 1, 10 + $b, $l + $l];
echo implode(' ', array_map('shown', $sums)), "\n";
$a2 = $a; $a2 += 100; echo 'compound: ', shown($a2), "\n";
var_dump($a * 2);
foreach (['$a % 2', '$a - 2', '$before + 1'] as $expr) {
    try { eval("$expr;"); } catch (TypeError $e) { echo "$expr: ", get_class($e), ': ', $e->getMessage(), "\n"; }
}
var_dump($a < $b, $b <=> $a, $a == new Money(5), $before == new Money(1));
$list = [$b, $a, $l, new Money(3)];
sort($list);
echo 'sorted: ', implode(' ', array_map('shown', $list)), "\n";
$c = clone $a;
$c->c = 50;
$sum = $c + 1;
echo 'clone: ', shown($sum), "\n";

echo "-- a second override of do_operation over the first\n";
pb_handler_override('do_operation/doubled', 'Money');
$m = new Money(3);
eval('class Money2 extends Money {}');
$m2 = new Money2(4);
$sums = [$m + $m, $m2 + 1, $m * 3];
echo implode(' ', array_map('shown', $sums)), "\n";
// Ended under the second: it passes its calls on, and the second's answer is the engine's own.
pb_handler_restore('do_operation');
try { $m * 3; } catch (TypeError $e) { echo 'first ended: ', $e->getMessage(), "\n"; }
pb_handler_restore('do_operation/doubled');
var_dump(pb_handler_overridden('do_operation'), pb_handler_overridden('do_operation/doubled'), pb_handler_overridden('compare'));
try { pb_handler_restore('do_operation'); } catch (LogicException $e) { echo $e->getMessage(), "\n"; }
try { $m + 1; } catch (TypeError $e) { echo 'after restore: ', $e->getMessage(), "\n"; }
try { (new Money(1)) + 1; } catch (TypeError $e) { echo 'new after restore: ', $e->getMessage(), "\n"; }

echo "-- refused\n";
eval('interface Iface {} enum En { case A; } trait Tr {} class PointChild extends PhpBind\Point {}');
// A class bound with class_<T> (and a PHP subclass of one) keeps its own handlers: its
// protocols are where such behaviour is bound.
foreach (['Nope', 'Iface', 'En', 'Tr', 'PhpBind\Point', 'PointChild'] as $class) {
    try { pb_handler_override('read_property', $class); } catch (LogicException $e) { echo $e->getMessage(), "\n"; }
}
try { pb_handler_override('compare', 'Euro'); } catch (LogicException $e) { echo $e->getMessage(), "\n"; }
try { pb_handler_override('nope', 'Money'); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
do_operation(ZEND_ADD, Money(5), Euro(7))
  do_operation(ZEND_ADD, Money(5), 1)
  do_operation(ZEND_ADD, 10, Euro(7))
  do_operation(ZEND_ADD, Late(2), Late(2))
Money(12) Money(6) Money(17) Money(4)
  do_operation(ZEND_ADD, Money(5), 100)
compound: Money(105)
  do_operation(ZEND_MUL, Money(5), 2)
int(10)
  do_operation(ZEND_MOD, Money(5), 2)
$a % 2: TypeError: Unsupported operand types: Money % int
  do_operation(ZEND_SUB, Money(5), 2)
$a - 2: TypeError: Unsupported operand types: Money - int
$before + 1: TypeError: Unsupported operand types: Money + int
  compare(Money(5), Euro(7))
  compare(Euro(7), Money(5))
  compare(Money(5), Money(5))
bool(true)
int(1)
bool(true)
bool(true)
  compare(Euro(7), Money(5))
  compare(Late(2), Money(5))
  compare(Euro(7), Money(3))
  compare(Money(5), Money(3))
  compare(Late(2), Money(3))
sorted: Late(2) Money(3) Money(5) Euro(7)
  do_operation(ZEND_ADD, Money(50), 1)
clone: Money(51)
-- a second override of do_operation over the first
  do_operation(ZEND_ADD, Money(3), Money(3))
  do_operation(ZEND_ADD, Money2(4), 1)
  do_operation(ZEND_MUL, Money(3), 3)
Money(6) Money(5) 18
first ended: Unsupported operand types: Money * int
bool(false)
bool(false)
bool(true)
phpbind: hook on the do_operation handler of Money: this override was not made in this request, or has ended
after restore: Unsupported operand types: Money + int
new after restore: Unsupported operand types: Money + int
-- refused
phpbind: override of the read_property handler of Nope: no such class is declared
phpbind: override of the read_property handler of Iface: an interface, trait or enum has no objects of its own
phpbind: override of the read_property handler of En: an interface, trait or enum has no objects of its own
phpbind: override of the read_property handler of Tr: an interface, trait or enum has no objects of its own
phpbind: override of the read_property handler of PhpBind\Point: the class is bound by phpbind (class_<T>), whose objects keep their handlers: bind the behaviour with the class's protocols
phpbind: override of the read_property handler of PointChild: the class is bound by phpbind (class_<T>), whose objects keep their handlers: bind the behaviour with the class's protocols
phpbind: this override is in use already for the compare handler of Money
pb_handler_override(): Argument #1 ($slot) must name a handler this extension overrides
