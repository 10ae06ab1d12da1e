--TEST--
Bound exception classes: each is an internal class of the extension with the parent it was bound with
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function chain(string $class): string {
    $names = [];
    for ($c = new ReflectionClass($class); $c; $c = $c->getParentClass()) $names[] = $c->getName();
    return implode(' -> ', $names);
}
foreach (['App\AppError', 'App\NotFound', 'App\Timeout', 'App\BadInput', 'App\QuotaExceeded', 'App\Corrupt',
          'App\DiskError', 'App\Silent', 'App\BadJson'] as $class) {
    $r = new ReflectionClass($class);
    printf("%-56s internal=%d ext=%s final=%d abstract=%d own methods=%d\n", chain($class), $r->isInternal(),
           $r->getExtensionName(), $r->isFinal(), $r->isAbstract(),
           count(array_filter($r->getMethods(), fn($m) => $m->getDeclaringClass()->getName() === $class)));
}
// Interfaces come from the parent: every one is a Throwable.
var_dump(is_subclass_of('App\NotFound', 'Throwable'), is_subclass_of('App\DiskError', 'Throwable'));
var_dump(in_array('Stringable', class_implements('App\NotFound'), true));
// instanceof through the whole chain.
$e = new App\NotFound('x');
var_dump($e instanceof App\NotFound, $e instanceof App\AppError, $e instanceof RuntimeException,
         $e instanceof Exception, $e instanceof Throwable, $e instanceof App\Timeout, $e instanceof Error);
$d = new App\DiskError('y');
var_dump($d instanceof Error, $d instanceof Exception);
// A parent named by its PHP name (php::base_named): caught as JsonException, message and code kept.
try {
    pb_app_throw('bad_json', 'Syntax error', JSON_ERROR_SYNTAX);
} catch (JsonException $e) {
    echo get_class($e), ": ", $e->getMessage(), " (", $e->getCode(), ")\n";
}
?>
--EXPECT--
App\AppError -> RuntimeException -> Exception            internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\NotFound -> App\AppError -> RuntimeException -> Exception internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\Timeout -> RuntimeException -> Exception             internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\BadInput -> InvalidArgumentException -> LogicException -> Exception internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\QuotaExceeded -> OverflowException -> RuntimeException -> Exception internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\Corrupt -> Exception                                 internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\DiskError -> Error                                   internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\Silent -> Exception                                  internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
App\BadJson -> JsonException -> Exception                internal=1 ext=phpbind_test final=0 abstract=0 own methods=0
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
bool(false)
bool(true)
bool(false)
App\BadJson: Syntax error (4)
