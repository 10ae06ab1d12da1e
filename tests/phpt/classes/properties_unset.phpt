--TEST--
Classes: unset() of a native-backed property calls the class's on_unset member; without one it is an Error (the readonly one for a property PHP cannot write); a C++ exception is unset's
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Unsettable;
$e = new Unsettable;
$e->key = "k"; $e->count = 5; $e->note = "n";
unset($e->key, $e->count);
var_dump($e->key, $e->count, isset($e->key));
foreach (['note', 'id', 'nope'] as $p) {
    try { unset($e->$p); echo "unset $p: ok\n"; } catch (Error $x) { echo get_class($x), ": ", $x->getMessage(), "\n"; }
}
var_dump($e->note, $e->id);
// The hook's C++ exception reaches the caller; the property keeps its value.
$e->count = -3;
try { unset($e->count); } catch (LogicException $x) { echo get_class($x), ": ", $x->getMessage(), "\n"; }
var_dump($e->count);
// The same from a PHP subclass, and through a variable name.
class Sub extends Unsettable {}
$s = new Sub;
$s->key = [1, 2];
$name = "key";
unset($s->$name);
var_dump($s->key);
?>
--EXPECT--
NULL
int(0)
bool(false)
Error: Cannot unset native property PhpBind\Unsettable::$note
Error: Cannot unset readonly property PhpBind\Unsettable::$id
unset nope: ok
string(1) "n"
int(7)
LogicException: Unsettable: cannot unset a negative count
int(-3)
NULL
