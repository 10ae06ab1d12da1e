--TEST--
Protocols: positional iteration over stored values read in place (at(i) returns a reference)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class Noisy {
    public function __construct(public string $name, public ?PhpBind\Shelf $shelf = null) {}
    public function __destruct() {
        echo "~{$this->name} ";
        // Runs while the loop assigns the next element to its variable.
        $this->shelf?->clear();
    }
}
$s = new PhpBind\Shelf;
foreach ([1, "two", [3], 4.5] as $v) $s->add($v);
foreach ($s as $i => $v) echo $i, "=", json_encode($v), " ";
echo "\n";
// The loop variable is a copy: changing it leaves the element alone.
foreach ($s as $v) { if (is_array($v)) { $v[] = 4; } }
var_dump(iterator_to_array($s)[2]);
// Growing and shrinking during the loop: seen live, by position.
foreach ($s as $i => $v) {
    echo $i, " ";
    if ($i === 0) { $s->add("late"); $s->dropFirst(); }
}
echo "\n";
// Spread, yield from, array unpacking read the same elements.
function gen($s) { yield from $s; }
echo json_encode([...$s]), " ", json_encode(iterator_to_array(gen($s), false)), "\n";
function three($a, $b, $c, ...$rest) { return count($rest); }
var_dump(three(...$s));

// An element's destructor empties the shelf while the loop assigns the next one.
$s = new PhpBind\Shelf;
$s->add(new Noisy("a", $s));
$s->add(new Noisy("b"));
$s->add(new Noisy("c"));
foreach ($s as $i => $v) {
    echo "[$i {$v->name}] ";
    if ($i === 0) $s->dropFirst();  // the loop variable holds "a" alone now
}
echo "\n";
unset($v);
echo "\n";

// InternalIterator: reads before and past the end, and after the object shrinks.
$s = new PhpBind\Shelf;
$s->add("x");
$it = $s->getIterator();
var_dump($it->valid(), $it->current(), $it->key());
$it->next();
var_dump($it->valid(), $it->current(), $it->key());
$s->add("y");
var_dump($it->valid(), $it->current());
$s->clear();
var_dump($it->valid(), $it->current(), $it->key());

// A PHP subclass iterates the same way.
class MyShelf extends PhpBind\Shelf {}
$m = new MyShelf;
$m->add("sub");
foreach ($m as $v) var_dump($v);

// __construct called again inside the loop replaces the C++ object: the
// next step reads the new one (empty), never the one destroyed.
$s = new PhpBind\Shelf;
foreach (["p", "q", "r"] as $v) $s->add($v);
foreach ($s as $i => $v) {
    echo "$i=$v ";
    if ($i === 0) $s->__construct();
}
echo count(iterator_to_array($s)), "\n";
// A class derived in C++ iterates through the same steps, and so does a
// new construction of it inside the loop.
$l = new PhpBind\LabeledShelf("l");
foreach (["s", "t"] as $v) $l->add($v);
foreach ($l as $i => $v) {
    echo "$i=$v ";
    if ($i === 0) { $l->__construct("again"); $l->add("u"); $l->add("w"); }
}
echo "\n";

// Keys and values in place.
$x = new PhpBind\Index;
$o = new stdClass;
$x->add("k", 1);
$x->add($o, [2]);
$x->add(3.5, null);
foreach ($x as $k => $v) echo gettype($k), " => ", json_encode($v), "\n";
foreach ($x as $k => $v) if (is_object($k)) var_dump($k === $o);
try {
    foreach ($x as &$v) {}
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
0=1 1="two" 2=[3] 3=4.5 
array(1) {
  [0]=>
  int(3)
}
0 1 2 3 
["two",[3],4.5,"late"] ["two",[3],4.5,"late"]
int(1)
[0 a] ~a ~b [1 c] 
~c 
bool(true)
string(1) "x"
int(0)
bool(false)
NULL
NULL
bool(true)
string(1) "y"
bool(false)
NULL
NULL
string(3) "sub"
0=p 0
0=s 1=w 
string => 1
object => [2]
double => null
bool(true)
Error: An iterator cannot be used with foreach by reference
