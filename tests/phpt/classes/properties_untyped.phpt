--TEST--
Classes: property_untyped<>() declares a php::Value member as `public $name = NULL` and takes any value
--EXTENSIONS--
phpbind_test
--FILE--
<?php
declare(strict_types=1);
use PhpBind\Entry;

foreach ((new ReflectionClass(Entry::class))->getProperties() as $p) echo $p;
$e = new Entry;
var_dump($e->key, $e->describe());
// Any value, in strict mode too: there is no type to check.
foreach (["a string", 42, 1.5, [1, [2]], new stdClass, null, true] as $v) {
    $e->key = $v;
    $e->value = $v;
    echo $e->describe(), " ";
}
echo "\n";
$e->key = "k";
$e->value = [1, 2];
var_dump($e, get_object_vars($e), json_encode($e));
// The member is the property's storage: a reference binds to it, as to a declared property
// (classes/properties_slots.phpt).
$r = 1;
$e->key = &$r;
$r = 2;
$e->value = $e->key;
$e->key = 3;
var_dump($e->value, $r);
$e = new Entry;
$e->key = 1;
// Compound assignment and increments read, then write the member.
$e->value = 10;
$e->value += 5;
$e->value++;
$e->key .= "x";
var_dump($e->value, $e->key, isset($e->key), isset($e->nope));
// foreach by reference changes the listing's snapshot, not the member (as for typed ones).
foreach ($e as $name => &$v) { $v = "by ref"; }
unset($v);
var_dump($e->key);
try {
    unset($e->key);
} catch (Error $x) {
    echo get_class($x), ": ", $x->getMessage(), "\n";
}
// == and < compare the members' current values (the engine's property comparison).
$a = new Entry; $a->key = "k"; $a->value = [1, 2];
$b = new Entry; $b->key = "k"; $b->value = [1, 2];
$c = new Entry; $c->key = "k"; $c->value = [1, 3];
var_dump($a == $b, $a == $c, $a < $c, $c > $a, $a <=> $c, $a === $b);
$b->value = [1, 2, 3];
var_dump($a == $b);
// php::to_value(): each call makes a new object holding a copy.
[$x, $y, $n] = pb_to_values("made in C++");
var_dump($x, $x == $y, $x === $y, $n);
// php::native_of<T>(): the C++ object behind a value of any type, or null.
class SubEntry extends PhpBind\Entry { function __construct() {} }
var_dump(pb_entry_key_of($x), pb_entry_key_of(new stdClass), pb_entry_key_of([1]), pb_entry_key_of(new SubEntry));
// A cycle through an untyped property: collected.
$e->value = $e;
unset($e);
var_dump(gc_collect_cycles() > 0);
?>
--EXPECTF--
Property [ public $key = NULL ]
Property [ public $value = NULL ]
NULL
string(9) "null/null"
string/string int/int float/float array/array stdClass/stdClass null/null bool/bool 
object(PhpBind\Entry)#%d (2) {
  ["key"]=>
  string(1) "k"
  ["value"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
array(2) {
  ["key"]=>
  string(1) "k"
  ["value"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
string(25) "{"key":"k","value":[1,2]}"
int(2)
int(3)
int(16)
string(2) "1x"
bool(true)
bool(false)
string(2) "1x"
Error: Cannot unset native property PhpBind\Entry::$key
bool(true)
bool(false)
bool(true)
bool(true)
int(-1)
bool(false)
bool(false)
object(PhpBind\Entry)#%d (2) {
  ["key"]=>
  string(11) "made in C++"
  ["value"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
bool(true)
bool(false)
int(7)
string(11) "made in C++"
string(12) "not an entry"
string(12) "not an entry"
NULL
bool(true)
