--TEST--
Classes: array_access_handlers<>() installs the dimension handlers alone (a php::ValueView key takes any offset, `$o[] =` an undefined one) while the class declares offsetGet & co. itself; countable, iterable and json take annotations for the methods they bind
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$s = new PhpBind\Slots;
var_dump($s[1], $s["k"], $s[1.5], $s[null], $s[true]);
$s[] = "appended"; $s["k"] = "v"; $s[2] = 3; $s[null] = "null key";
unset($s[4], $s["x"]);
var_dump(isset($s[1]), isset($s["1"]), isset($s[1.0]), empty($s[1]));
$s->offsetSet(7, "explicit"); var_dump($s->offsetGet("explicit"), $s->offsetExists(3));
print_r($s->entries());
try { $s["missing"]; } catch (OutOfBoundsException $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
echo count($s), " ", json_encode($s), "\n";
foreach ($s as $i => $what) { echo "$i:$what "; } echo "\n";
// The declarations are the class's own; the handlers are array_access_handlers'.
$c = new ReflectionClass('PhpBind\Slots');
echo implode(", ", $c->getInterfaceNames()), "\n";
foreach (['offsetGet', 'offsetSet', 'offsetExists', 'offsetUnset', 'count', 'getIterator', 'jsonSerialize'] as $m) {
    $r = $c->getMethod($m);
    $ps = array_map(fn($p) => ($p->hasType() ? $p->getType() . ' ' : '') . '$' . $p->getName(), $r->getParameters());
    printf("%s(%s)%s%s\n", $m, implode(', ', $ps), $r->hasReturnType() ? ': ' . $r->getReturnType() : '',
           $r->hasTentativeReturnType() ? ': tentative ' . $r->getTentativeReturnType() : '');
}
?>
--EXPECT--
string(9) "get int:1"
string(12) "get string:k"
string(13) "get float:1.5"
string(9) "get null:"
string(10) "get bool:1"
bool(true)
bool(false)
bool(false)
bool(false)
string(19) "get string:explicit"
bool(true)
Array
(
    [0] => set append = appended
    [1] => set string:k = v
    [2] => set int:2 = 3
    [3] => set null: = null key
    [4] => unset int:4
    [5] => unset string:x
    [6] => set int:7 = explicit
)
OutOfBoundsException: no such slot
7 ["set append = appended","set string:k = v","set int:2 = 3","set null: = null key","unset int:4","unset string:x","set int:7 = explicit"]
0:set append 1:set string:k 2:set int:2 3:set null: 4:unset int:4 5:unset string:x 6:set int:7 
ArrayAccess, Countable, IteratorAggregate, Traversable, JsonSerializable
offsetGet(mixed $offset): tentative mixed
offsetSet(mixed $offset, mixed $value): tentative void
offsetExists($offset): bool
offsetUnset(mixed $offset): tentative void
count(): int
getIterator(): Traversable
jsonSerialize(): tentative mixed
