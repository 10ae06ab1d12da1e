--TEST--
Bound exception classes: a C++ exception thrown by a bound function or method raises its class, with what() and code()
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// kind => the C++ type thrown (see tests/ext/exception_classes.cpp)
$kinds = [
    'app',          // AppError: bound
    'not_found',    // NotFound: bound, extends App\AppError
    'key_missing',  // KeyMissing: derives from NotFound, not bound -> nearest bound base
    'timeout',      // Timeout: derives from AppError, bound (before AppError) with parent RuntimeException
    'bad_input',    // std::invalid_argument subclass without code(): code 0
    'quota',        // not a std::exception; what() by value, code() an enum (507)
    'corrupt',      // a php::runtime_exception subclass bound on its own: its class, not RuntimeException
    'disk',         // std::system_error subclass: code is error_code::value() (ENOSPC)
    'unbound',      // std::runtime_error subclass, nothing bound: Exception, as before
    'silent',       // neither what() nor code()
];
foreach ($kinds as $i => $kind) {
    try {
        pb_app_throw($kind, "message $i", 10 + $i);
        echo "$kind: no exception\n";
    } catch (Throwable $e) {
        printf("%-12s %-18s code=%-3s %s | %s:%d prev=%s\n", $kind, get_class($e),
               $kind === 'disk' ? ($e->getCode() === PB_ENOSPC ? 'ENOSPC' : $e->getCode()) : $e->getCode(),
               $e->getMessage(), basename($e->getFile()), $e->getLine(), var_export($e->getPrevious(), true));
    }
}

echo "-- caught by its own class, its parents, Throwable\n";
foreach (['App\NotFound', 'App\AppError', 'RuntimeException', 'Exception', 'Throwable'] as $catch) {
    try {
        pb_app_throw('key_missing', 'k', 1);
    } catch (App\Timeout $e) {
        echo "wrong: caught as App\\Timeout\n";
    } catch (Throwable $e) {
        echo $e instanceof $catch ? "caught as $catch\n" : "not a $catch\n";
    }
}
try { pb_app_throw('not_found', 'typed catch'); } catch (App\AppError $e) { echo "catch (App\\AppError): ", get_class($e), "\n"; }
try { pb_app_throw('timeout', 'typed catch'); } catch (App\AppError $e) { echo "wrong\n"; } catch (RuntimeException $e) { echo "catch (RuntimeException): ", get_class($e), "\n"; }

echo "-- from methods\n";
$repo = new App\Repo;
echo $repo->get('a'), "\n";
try {
    $repo->get('zz');
} catch (App\NotFound $e) {
    echo get_class($e), " ", $e->getCode(), " ", $e->getMessage(), " from ", $e->getTrace()[0]['class'], '->', $e->getTrace()[0]['function'], "\n";
}
try {
    App\Repo::mustBePositive(-3);
} catch (InvalidArgumentException $e) {
    echo get_class($e), ": ", $e->getMessage(), " from ", $e->getTrace()[0]['class'], '::', $e->getTrace()[0]['function'], "\n";
}

echo "-- an ordinary exception object: finally, rethrow, previous, string form\n";
function f() {
    try { pb_app_throw('not_found', 'inner', 4); } finally { echo "finally ran\n"; }
}
try {
    try { f(); } catch (App\NotFound $e) { throw new LogicException('outer', 0, $e); }
} catch (LogicException $e) {
    $p = $e->getPrevious();
    echo get_class($p), " ", $p->getMessage(), " thrown at line ", $p->getLine(), " in ", $p->getTrace()[0]['function'], "\n";
    echo str_replace(__FILE__, "FILE", strtok((string)$p, "\n")), "\n";
}
?>
--EXPECT--
app          App\AppError       code=10  message 0 | bound_throw.php:17 prev=NULL
not_found    App\NotFound       code=11  message 1 | bound_throw.php:17 prev=NULL
key_missing  App\NotFound       code=12  message 2 | bound_throw.php:17 prev=NULL
timeout      App\Timeout        code=13  message 3 | bound_throw.php:17 prev=NULL
bad_input    App\BadInput       code=0   message 4 | bound_throw.php:17 prev=NULL
quota        App\QuotaExceeded  code=507 quota exceeded for message 5 | bound_throw.php:17 prev=NULL
corrupt      App\Corrupt        code=16  message 6 | bound_throw.php:17 prev=NULL
disk         App\DiskError      code=ENOSPC message 7: No space left on device | bound_throw.php:17 prev=NULL
unbound      Exception          code=0   message 8 | bound_throw.php:17 prev=NULL
silent       App\Silent         code=0    | bound_throw.php:17 prev=NULL
-- caught by its own class, its parents, Throwable
caught as App\NotFound
caught as App\AppError
caught as RuntimeException
caught as Exception
caught as Throwable
catch (App\AppError): App\NotFound
catch (RuntimeException): App\Timeout
-- from methods
alpha
App\NotFound 404 no key 'zz' from App\Repo->get
App\BadInput: n must be positive, got -3 from App\Repo::mustBePositive
-- an ordinary exception object: finally, rethrow, previous, string form
finally ran
App\NotFound inner thrown at line 55 in pb_app_throw
App\NotFound: inner in FILE:55
