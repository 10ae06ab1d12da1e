--TEST--
Native: C++ callables returned as Closures (std::function, a lambda, php::closure) — arg info from the signature, arguments checked as for a bound function, state owned by the Closure and released with its last copy, rebinding held to the class
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$add5 = pb_native_adder(5);
var_dump($add5 instanceof Closure, $add5(2), array_map($add5, [1, 2]));

// Arg info from the C++ signature, as Reflection shows it.
echo new ReflectionFunction($add5);
echo new ReflectionFunction(pb_native_void());
echo (new ReflectionFunction('pb_native_counter'))->getReturnType(), ' ', (new ReflectionFunction('pb_native_adder'))->getReturnType(), "\n";

// A mutable lambda keeps its state between calls; each Closure has its own.
$c = pb_native_counter(10);
$d = pb_native_counter();
echo $c(), $c(), $d(), $c(), "\n";

// Arguments are read as a bound function's: coercion, TypeError, ArgumentCountError.
var_dump($add5("7"));
foreach (['"x"', '', '1, 2'] as $args) {
    try {
        eval("\$add5($args);");
    } catch (Error $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
// The C++ code's own errors.
try {
    pb_native_divider(0)(4);
} catch (DivisionByZeroError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(pb_native_divider(3)(10), pb_native_void()(1));

// The capture lives as long as the Closure, in any copy of it, past the scope that made it.
$before = pb_native_released();
$t = pb_native_tracked('kept');
$copies = [$t, Closure::fromCallable($t), $t(...)];
unset($t);
echo $copies[1]('-alive'), ' ', pb_native_released() - $before, "\n";
unset($copies);
echo 'released: ', pb_native_released() - $before, "\n";

// A PHP value held by the Closure.
$o = new stdClass;
$o->n = 1;
$k = pb_native_keep($o);
unset($o);
var_dump($k()->n, $k() === $k());

// Rebinding: the bound object is the callable's owner.
class U {}
var_dump(Closure::bind($add5, new stdClass));
var_dump(Closure::bind($add5, null));
var_dump(Closure::bind($add5, (new ReflectionFunction($add5))->getClosureThis(), 'U'));
$other = (new ReflectionFunction($c))->getClosureThis();
echo get_class($other), "\n";
try {
    Closure::bind($add5, $other)(1);
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
echo $add5->call((new ReflectionFunction(pb_native_adder(100)))->getClosureThis(), 1), "\n";
try {
    new PhpBind\NativeClosure;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    clone $other;
} catch (Error $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    serialize($add5);
} catch (Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
bool(true)
int(7)
array(2) {
  [0]=>
  int(6)
  [1]=>
  int(7)
}
Closure [ <internal:phpbind_test> public method {closure} ] {

  - Parameters [1] {
    Parameter #0 [ <required> int $arg0 ]
  }
  - Return [ int ]
}
Closure [ <internal:phpbind_test> public method {closure} ] {

  - Parameters [1] {
    Parameter #0 [ <required> int $arg0 ]
  }
  - Return [ void ]
}
Closure callable
1011012
int(12)
TypeError: PhpBind\NativeClosure::{closure}(): Argument #1 ($arg0) must be of type int, string given
ArgumentCountError: PhpBind\NativeClosure::{closure}() expects exactly 1 argument, 0 given
ArgumentCountError: PhpBind\NativeClosure::{closure}() expects exactly 1 argument, 2 given
DivisionByZeroError: Division by zero
int(3)
NULL
kept-alive 0
released: 1
int(1)
bool(true)

Warning: Cannot bind method PhpBind\NativeClosure::{closure}() to object of class stdClass in %s on line %d
NULL

Warning: Cannot unbind $this of method in %s on line %d
NULL

Warning: Cannot rebind scope of closure created from method in %s on line %d
NULL
PhpBind\NativeClosure
Error: {closure}(): the object this native Closure is bound to holds another callable
101
Error: Instantiation of class PhpBind\NativeClosure is not allowed
Error: Trying to clone an uncloneable object of class PhpBind\NativeClosure
Exception: Serialization of 'Closure' is not allowed
