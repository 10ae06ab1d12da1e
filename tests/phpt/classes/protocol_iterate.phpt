--TEST--
Protocols: foreach over a bound class through its native get_iterator (IteratorAggregate)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Deck, Registry};

$d = new Deck([10, 20, 30]);
var_dump($d instanceof IteratorAggregate, $d instanceof Traversable);
foreach ($d as $v) echo $v, " ";
echo "\n";
foreach ($d as $k => $v) echo "$k=>$v ";
echo "\n";

// Nested loops over the same object each get their own iterator.
foreach ($d as $i => $a) {
    foreach ($d as $j => $b) echo $a + $b, $j < 2 ? "," : "";
    echo $i < 2 ? " | " : "\n";
}

// break, then a fresh loop starts over.
foreach ($d as $v) { echo $v, " "; break; }
foreach ($d as $v) echo $v, " ";
echo "\n";

var_dump(iterator_to_array($d), iterator_to_array($d, false) === [10, 20, 30]);
function gen(Deck $d) { yield 0; yield from $d; }
foreach (gen($d) as $k => $v) echo "$k=>$v ";
echo "\n";

// getIterator() returns an Iterator over the same native iterator.
$it = $d->getIterator();
var_dump($it instanceof Iterator, get_class($it));
foreach ($it as $k => $v) echo "$k=>$v ";
echo "\n";
$it->rewind();
var_dump($it->valid(), $it->key(), $it->current());
$it->next(); $it->next(); $it->next();
var_dump($it->valid());
echo new ReflectionMethod(Deck::class, 'getIterator');

// Reading an Iterator before the first element or past the last gives null, never a stale read.
$it = (new Registry)->getIterator();
var_dump($it->current(), $it->key(), $it->valid());
$r = new Registry;
$r->set("a", 1);
$it = $r->getIterator();
var_dump($it->key(), $it->current());
$it->next(); $it->next();
var_dump($it->valid(), $it->key(), $it->current());
$it->rewind();
var_dump($it->key());
$it = (new Deck([4]))->getIterator();
$it->next(); $it->next();
var_dump($it->valid(), $it->key(), $it->current());

// The iterator keeps the object alive.
$it = (new Deck([7, 8]))->getIterator();
gc_collect_cycles();
foreach ($it as $v) echo $v, " ";
echo "\n";
foreach (new Deck([1, 2]) as $v) echo $v, " ";
echo "\n";

// Positional iteration is live: appending is seen, shrinking ends the loop.
$d = new Deck([1, 2, 3]);
foreach ($d as $k => $v) { echo "$k=>$v "; if ($k == 0) $d->push(4); }
echo "\n";
foreach ($d as $k => $v) { echo "$k=>$v "; $d->pop(); $d->pop(); }
echo "\n";
// Moved on past the end, an iterator stays there: what is appended later is not reached.
$e = new Deck([1]);
$it = new IteratorIterator($e);
$it->rewind(); $it->next(); $it->next();
$e->push(2); $e->push(3);
$it->next();
var_dump($it->valid());
$it->rewind();
var_dump($it->valid(), $it->current());

// By reference is refused with PHP's own error.
try {
    foreach ($d as &$v) {}
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// A map: key => value, over a copy taken when the loop starts.
$r = new Registry;
$r->set("b", 2); $r->set("a", 1); $r->set("c", 3);
foreach ($r as $k => $v) { echo "$k=>$v "; $r->remove("c"); $r->set("d", 4); }
echo "\n";
var_dump(iterator_to_array($r));
$r->clear();
foreach ($r as $v) echo "never\n";
var_dump(iterator_to_array($r));

// A subclass that skipped the constructor fails before the loop starts.
class Sub extends Deck { public function __construct() {} }
try {
    foreach (new Sub as $v) {}
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// A subclass keeps the native iteration unless it overrides getIterator().
class Sub2 extends Deck {}
foreach (new Sub2([5, 6]) as $v) echo $v, " ";
class Sub3 extends Deck { public function getIterator(): Iterator { return new ArrayIterator(['x']); } }
foreach (new Sub3([5, 6]) as $v) echo $v, " ";
echo "\n";
// A C++ exception while reading an element ends the loop with the PHP exception.
$f = new PhpBind\Flaky;
try {
    foreach ($f as $k => $v) echo "$k=>$v\n";
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
foreach ([fn() => iterator_to_array($f), fn() => [...$f], function () use ($f) { $it = $f->getIterator(); $it->next(); return $it->current(); }] as $g) {
    try {
        var_dump($g());
    } catch (RuntimeException $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}

// A cycle through the native iterator (object -> generator -> iterator -> object) is
// collected: the iterator reports the object it holds. (PHP's InternalIterator, which
// getIterator() returns, reports nothing, so a cycle through it lives until the request ends.)
class Keeper extends Deck { public $gen; public static int $freed = 0; function __destruct() { self::$freed++; } }
function walk(array $box) { yield from array_pop($box); }
$k = new Keeper([1, 2]);
$k->gen = walk([$k]);
var_dump($k->gen->current());
unset($k);
var_dump(Keeper::$freed, gc_collect_cycles() > 0, Keeper::$freed);
?>
--EXPECT--
bool(true)
bool(true)
10 20 30 
0=>10 1=>20 2=>30 
20,30,40 | 30,40,50 | 40,50,60
10 10 20 30 
array(3) {
  [0]=>
  int(10)
  [1]=>
  int(20)
  [2]=>
  int(30)
}
bool(true)
0=>0 0=>10 1=>20 2=>30 
bool(true)
string(16) "InternalIterator"
0=>10 1=>20 2=>30 
bool(true)
int(0)
int(10)
bool(false)
Method [ <internal:phpbind_test, prototype IteratorAggregate> public method getIterator ] {

  - Parameters [0] {
  }
  - Return [ Iterator ]
}
NULL
NULL
bool(false)
string(1) "a"
int(1)
bool(false)
NULL
NULL
string(1) "a"
bool(false)
NULL
NULL
7 8 
1 2 
0=>1 1=>2 2=>3 3=>4 
0=>1 1=>2 
bool(false)
bool(true)
int(1)
Error: An iterator cannot be used with foreach by reference
a=>1 b=>2 c=>3 
array(3) {
  ["a"]=>
  int(1)
  ["b"]=>
  int(2)
  ["d"]=>
  int(4)
}
array(0) {
}
Error: Sub object is not initialized: its constructor (parent::__construct()) was not called
5 6 x 
0=>e0
RuntimeException: element 1 is unreadable
RuntimeException: element 1 is unreadable
RuntimeException: element 1 is unreadable
RuntimeException: element 1 is unreadable
int(1)
int(0)
bool(true)
int(1)
