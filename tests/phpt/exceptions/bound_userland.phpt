--TEST--
Bound exception classes: PHP code creates, extends, throws and catches them like any exception; thrown from PHP called by C++
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// Constructed in PHP: Exception's constructor, properties and methods.
$e = new App\NotFound("made in PHP", 12, new RuntimeException("cause"));
echo get_class($e), " ", $e->getMessage(), " ", $e->getCode(), " ", get_class($e->getPrevious()), " line ", $e->getLine(), "\n";
try { throw $e; } catch (App\AppError $c) { var_dump($c === $e); }
// Same wording as for RuntimeException: the constructor is Exception's.
try { new App\NotFound([]); } catch (TypeError $t) { echo $t->getMessage(), "\n"; }

// A userland subclass, with its own constructor and method.
class MissingUser extends App\NotFound {
    public function __construct(public readonly string $user) {
        parent::__construct("no user $user", 44);
    }
    public function hint(): string { return "register {$this->user} first"; }
}
try {
    throw new MissingUser("bob");
} catch (App\AppError $c) {
    echo get_class($c), ": ", $c->getMessage(), " (", $c->getCode(), ") ", $c->hint(), "\n";
    echo implode(' -> ', array_values(class_parents($c))), "\n";
}
// A subclass of the class a C++ type derives from in PHP only: not a NotFound.
class Unrelated extends App\AppError {}
var_dump(new Unrelated instanceof App\NotFound);

// Thrown by PHP code that C++ called: C++ sees php::error_already_set and
// can test it against the class bound to a C++ type.
echo pb_app_call_and_classify(function () { throw new App\NotFound("php side", 3); }), "\n";
echo pb_app_call_and_classify(function () { throw new MissingUser("eve"); }), "\n";
echo pb_app_call_and_classify(function () { throw new Unrelated("sibling"); }), "\n";
echo pb_app_call_and_classify(function () { throw new RuntimeException("other"); }), "\n";
echo pb_app_call_and_classify(function () { }), "\n";
// Let through C++, the very same object reaches the PHP caller.
$mine = new MissingUser("ann");
try {
    pb_app_call_and_let_escape(function () use ($mine) { throw $mine; });
} catch (App\NotFound $c) {
    var_dump($c === $mine);
}
// A bound exception raised by C++ inside a callback that C++ called, escaping both.
try {
    pb_app_call_and_let_escape(function () { pb_app_throw('key_missing', 'deep', 9); });
} catch (App\NotFound $c) {
    echo get_class($c), " ", $c->getMessage(), " ", $c->getCode(), "\n";
}
?>
--EXPECT--
App\NotFound made in PHP 12 RuntimeException line 3
bool(true)
Exception::__construct(): Argument #1 ($message) must be of type string, array given
MissingUser: no user bob (44) register bob first
App\NotFound -> App\AppError -> RuntimeException -> Exception
bool(false)
App\NotFound is-a App\NotFound: php side
MissingUser is-a App\NotFound: no user eve
Unrelated is-a App\AppError: sibling
RuntimeException: other
no exception
bool(true)
App\NotFound deep 9
