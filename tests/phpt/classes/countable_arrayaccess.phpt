--TEST--
Classes: Countable and ArrayAccess through the native count and dimension handlers
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Bag;
$b = new Bag;
var_dump(count($b), $b instanceof Countable, $b instanceof ArrayAccess, $b->count());
$b[3] = 30; var_dump($b[3], isset($b[3]), isset($b[9]), empty($b[3]), empty($b[4]));
unset($b[3]); var_dump($b[3]);
var_dump($b->offsetGet(3), $b->offsetExists(7));
$b->offsetSet(2, 22); var_dump($b[2]);
foreach ([fn() => $b[99], fn() => $b["x"], function () use ($b) { $b[] = 1; }, function () use ($b) { $b[1] = "str"; }] as $f) {
    try { $f(); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
echo new ReflectionMethod(Bag::class, 'offsetGet'), new ReflectionMethod(Bag::class, 'count');
?>
--EXPECT--
int(8)
bool(true)
bool(true)
int(8)
int(30)
bool(true)
bool(false)
bool(false)
bool(true)
int(0)
int(0)
bool(true)
int(22)
OutOfRangeException: Bag offset 99 is out of range
TypeError: PhpBind\Bag offset must be of type int, string given
Error: Cannot append to an object of class PhpBind\Bag
TypeError: PhpBind\Bag value must be of type int, string given
Method [ <internal:phpbind_test, prototype ArrayAccess> public method offsetGet ] {

  - Parameters [1] {
    Parameter #0 [ <required> mixed $offset ]
  }
  - Return [ mixed ]
}
Method [ <internal:phpbind_test, prototype Countable> public method count ] {

  - Parameters [0] {
  }
  - Return [ int ]
}
