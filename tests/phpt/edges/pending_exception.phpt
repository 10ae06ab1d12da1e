--TEST--
Edges: a C++ destructor that calls PHP while an exception is in flight (its object is released by the unwinding) runs the call and leaves the exception in flight untouched
--EXTENSIONS--
phpbind_test
--INI--
zend.exception_ignore_args=1
--FILE--
<?php
function pb_edge_hook() { return "hook ran"; }
function pb_edge_dtor_hook() { throw new LogicException("from the destructor's call"); }
function thrower($x) { throw new RuntimeException("in flight"); }
try {
    thrower(new PhpBind\Edge\Notifier);
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
echo pb_edge_notifier_last(), "\n";
// The destructor's own call throws and the destructor catches it: the exception in flight stays.
try {
    thrower(new PhpBind\Edge\Swallower);
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), ", previous: ", var_export($e->getPrevious(), true), "\n";
}
// Unknown named arguments: the error is raised while the arguments are released.
function f(...$a) {}
try {
    f(...["x" => 1, "y" => [new PhpBind\Edge\Swallower, new PhpBind\Edge\Notifier]]);
    echo "called\n";
} catch (Error $e) {
    echo get_class($e), "\n";
}
$r = new PhpBind\Edge\Reentrant(1);
try { $r->callDuring(...["f" => "strlen", "extra" => [new PhpBind\Edge\Swallower]]); } catch (Error $e) { echo $e->getMessage(), "\n"; }
echo "end\n";
?>
--EXPECT--
caught: in flight
called: hook ran
caught: in flight, previous: NULL
called
Unknown named parameter $extra
end
