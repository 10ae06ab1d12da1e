--TEST--
Classes: count_handler<>() answers count($obj) through the count handler alone — no Countable, no count() method, as a C extension's count_elements handler; a C++ exception is count()'s; an object not constructed is refused
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Shown;
$s = new Shown;
$s->n = 3;
var_dump(count($s), $s instanceof Countable, method_exists($s, 'count'), iterator_count(new ArrayIterator([$s])));
// A PHP subclass counts the same; one that implements Countable uses its own count().
class Sub extends Shown {}
class Counted extends Shown implements Countable { public function count(): int { return 99; } }
$sub = new Sub;
$sub->n = 5;
$c = new Counted;
$c->n = 5;
var_dump(count($sub), count($c));
// The same for a Countable bound class (countable<>()): a subclass's count() is what count() calls.
class BigBag extends PhpBind\Bag { public function count(): int { return parent::count() * 10; } }
class SameBag extends PhpBind\Bag {}
var_dump(count(new BigBag), count(new SameBag), count(new PhpBind\Bag));
// The C++ member throws: count()'s exception.
$s->n = -2;
try { count($s); } catch (DomainException $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
// An object whose C++ object was never made (a subclass's constructor that does not call
// parent::__construct()) is refused, as its methods are; constructed objects count.
class Unbuilt extends PhpBind\Sized { public function __construct() {} }
try { count(new Unbuilt); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
class Built extends PhpBind\Sized { public function __construct() { parent::__construct(6); } }
var_dump(count(new PhpBind\Sized(4)), count(new Built));
// Without the handler, count() refuses the object.
try { count(new PhpBind\ModeLog); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
int(3)
bool(false)
bool(false)
int(1)
int(5)
int(99)
int(80)
int(8)
int(8)
DomainException: Shown: no count for -2
Error: Unbuilt object is not initialized: its constructor (parent::__construct()) was not called
int(4)
int(6)
count(): Argument #1 ($value) must be of type Countable|array, PhpBind\ModeLog given
