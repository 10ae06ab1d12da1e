--TEST--
Hooks: a userland class opcache keeps immutable (declared in a file it caches) cannot have its handlers overridden — refused with a clear error, nothing changed; the same class declared by eval() can
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
if (PHP_ZTS) die('skip overriding for a request needs an NTS engine (hooks/zts_refused.phpt)');
if (!function_exists('opcache_get_status') || !(opcache_get_status(false)['opcache_enabled'] ?? false)) die('skip needs opcache enabled');
?>
--FILE--
<?php
class Cached { public $n = 1; }
try {
    pb_handler_override('read_property', 'Cached', 'cb');
} catch (LogicException $e) {
    echo $e->getMessage(), "\n";
}
var_dump(pb_handler_overridden('read_property'), (new Cached)->n);
eval('class Evaluated { public $n = 1; }');
function cb($slot, $class, $name) { return "overridden $name"; }
pb_handler_override('read_property', 'Evaluated', 'cb');
var_dump((new Evaluated)->n);
?>
--EXPECT--
phpbind: override of the read_property handler of Cached: opcache keeps this class immutable (shared with other requests)
bool(false)
int(1)
string(12) "overridden n"
