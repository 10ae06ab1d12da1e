--TEST--
PHP 8.4: lazy objects of bound classes and of PHP subclasses of them are refused by the engine with an Error (an internal class's object cannot be lazy), never a crash; the object a refused reset was given is left as it was
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die("skip lazy objects are PHP 8.4's");
--FILE--
<?php
class Sub extends PhpBind\Point {}
foreach ([PhpBind\Point::class, Sub::class, PhpBind\Counter::class] as $class) {
    $r = new ReflectionClass($class);
    try {
        $o = $r->newLazyGhost(function ($o) { echo "initializer ran\n"; $o->__construct(1.0, 2.0); });
        echo "made: ", get_class($o), "\n";
    } catch (Error $e) { echo $class, " ghost: ", get_class($e), ": ", $e->getMessage(), "\n"; }
    try {
        $o = $r->newLazyProxy(function () use ($class) { echo "factory ran\n"; return new $class(); });
        echo "made: ", get_class($o), "\n";
    } catch (Error $e) { echo $class, " proxy: ", get_class($e), ": ", $e->getMessage(), "\n"; }
    $live = $class === PhpBind\Counter::class ? new $class() : new $class(5.0, 6.0);
    try {
        $r->resetAsLazyGhost($live, function ($o) { echo "initializer ran\n"; });
        echo "reset\n";
    } catch (Error $e) { echo $class, " reset: ", get_class($e), ": ", $e->getMessage(), "\n"; }
    // The object refused is as it was.
    echo get_class($live), " ", $class === PhpBind\Counter::class ? $live->value() : $live->x, "\n";
}
echo "done\n";
?>
--EXPECT--
PhpBind\Point ghost: Error: Cannot make instance of internal class lazy: PhpBind\Point is internal
PhpBind\Point proxy: Error: Cannot make instance of internal class lazy: PhpBind\Point is internal
PhpBind\Point reset: Error: Cannot make instance of internal class lazy: PhpBind\Point is internal
PhpBind\Point 5
Sub ghost: Error: Cannot make instance of internal class lazy: Sub inherits internal class PhpBind\Point
Sub proxy: Error: Cannot make instance of internal class lazy: Sub inherits internal class PhpBind\Point
Sub reset: Error: Cannot make instance of internal class lazy: Sub inherits internal class PhpBind\Point
Sub 5
PhpBind\Counter ghost: Error: Cannot make instance of internal class lazy: PhpBind\Counter is internal
PhpBind\Counter proxy: Error: Cannot make instance of internal class lazy: PhpBind\Counter is internal
PhpBind\Counter reset: Error: Cannot make instance of internal class lazy: PhpBind\Counter is internal
PhpBind\Counter 0
done
