--TEST--
Protocols: a loop that consumes its object (take() returning std::optional), and iterable_handlers<>() with a getIterator() the class binds itself
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Pile, Countdown};

// iterable_handlers: native foreach, and getIterator() is the class's own (it returns $this).
$p = new Pile;
foreach ([1, 2, 3] as $v) $p->push($v);
var_dump($p instanceof IteratorAggregate, $p->getIterator() === $p);
echo new ReflectionMethod(Pile::class, 'getIterator');

// Each step takes a value: keys count from 0, the object is empty afterwards.
foreach ($p as $k => $v) echo "$k=>$v ";
echo "| left ", $p->size(), "\n";

// A value pushed by the loop's body is taken next.
foreach ([1, 2, 3] as $v) $p->push($v);
foreach ($p as $k => $v) { echo "$k=>$v "; if ($v === 2) $p->push(7); }
echo "| left ", $p->size(), "\n";

// break: only the values visited were taken.
foreach ([1, 2, 3, 4] as $v) $p->push($v);
foreach ($p as $v) { echo $v, " "; if ($v === 3) break; }
echo "| left ", $p->size(), "\n";
var_dump(iterator_to_array($p), $p->size());

// A throwing take() ends the loop with the exception; what was taken stays taken.
foreach ([1, "boom", 2, 3] as $v) $p->push($v);
try {
    foreach ($p as $v) echo $v, " ";
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), " | left ", $p->size(), "\n";
}

// yield from, and the values keep their identity.
$o = new stdClass;
$p->push($o);
function gen(Pile $p) { yield from $p; }
foreach (gen($p) as $v) var_dump($v === $o ? "the object" : $v);

// By reference: refused with the message the class gave.
try {
    foreach ($p as &$v) {}
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// A cycle through the object: collected.
$p = new Pile;
$p->push($p);
unset($p);
var_dump(gc_collect_cycles() > 0);

// iterable<&T::next>(): the same consuming loop, with getIterator() bound by phpbind.
$c = new Countdown(3);
foreach ($c as $k => $v) echo "$k=>$v ";
echo "| left ", $c->left(), "\n";
$c = new Countdown(4);
$it = $c->getIterator();
var_dump(get_class($it), $it->valid(), $it->key(), $it->current());
$it->next();
var_dump($it->current(), $c->left());
foreach (new Countdown(0) as $v) echo "never\n";
try {
    foreach (new Countdown(2) as &$v) {}
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
echo "done\n";
?>
--EXPECT--
bool(true)
bool(true)
Method [ <internal:phpbind_test, prototype IteratorAggregate> public method getIterator ] {

  - Parameters [0] {
  }
  - Return [ Traversable ]
}
0=>3 1=>2 2=>1 | left 0
0=>3 1=>2 2=>7 3=>1 | left 0
4 3 | left 2
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(1)
}
int(0)
3 2 RuntimeException: Pile: boom | left 1
string(10) "the object"
int(1)
Error: A pile is not walked by reference
bool(true)
0=>3 1=>2 2=>1 | left 0
string(16) "InternalIterator"
bool(true)
int(0)
int(4)
int(3)
int(2)
Error: An iterator cannot be used with foreach by reference
done
