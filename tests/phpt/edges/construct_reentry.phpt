--TEST--
Edges: __construct called again while C++ code uses the object (a method of it, a bound function given it, its own constructor calling PHP) is refused with Error; otherwise it rebuilds the object
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
// A bound function holding a reference to the C++ object.
try {
    pb_edge_reentrant_use($r, function () use ($r) { $r->__construct(7); });
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
var_dump(pb_edge_reentrant_use($r, function () {}));
// An internal function of another extension given the object holds nothing of it.
call_user_func(function ($o) { $o->__construct(3); }, $r);
var_dump($r->callDuring(function () {}));
// The constructor itself calls PHP code that constructs the same object again.
class Sub extends PhpBind\Edge\BuildsWithCallback {
    public function __construct(bool $again = true) {
        parent::__construct(function () use ($again) { if ($again) $this->__construct(false); });
    }
}
try {
    new Sub();
} catch (Error $e) {
    echo $e->getMessage(), "\n";
}
$ok = new Sub(false);
var_dump($ok->size());
$ok->__construct(false);
var_dump($ok->size());
?>
--EXPECT--
Error: Cannot call PhpBind\Edge\Reentrant::__construct() while the object is in use by a running method or function
int(101)
int(105)
Cannot call PhpBind\Edge\Reentrant::__construct() while the object is in use by a running method or function
int(105)
Cannot call PhpBind\Edge\Reentrant::__construct() while the object is in use by a running method or function
int(105)
int(103)
Cannot call Sub::__construct() while the object is in use by a running method or function
int(65)
int(65)
