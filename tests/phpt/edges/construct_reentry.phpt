--TEST--
Edges: __construct called again from PHP code that a method of the same object runs is refused with Error (the C++ object is not destroyed under the running method); afterwards it works as before
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$r = new PhpBind\Edge\Reentrant(1);
try {
    $r->callDuring(function () use ($r) { $r->__construct(0); });
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump($r->callDuring(function () {}));
$r->__construct(5);                     // allowed again once no method runs
var_dump($r->callDuring(function () {}));
// Nested: the inner method ends, the outer one still runs.
try {
    $r->callDuring(function () use ($r) { $r->callDuring(function () {}); $r->__construct(9); });
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
var_dump($r->callDuring(function () {}));
?>
--EXPECT--
Error: Cannot call PhpBind\Edge\Reentrant::__construct() while a method of the same object is running
int(101)
int(105)
Cannot call PhpBind\Edge\Reentrant::__construct() while a method of the same object is running
int(105)
