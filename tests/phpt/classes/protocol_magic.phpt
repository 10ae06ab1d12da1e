--TEST--
Protocols: magic methods (__get, __set, __isset, __unset, __call, __callStatic, __invoke) bound with def()
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\MagicBag;

$b = new MagicBag;
$b->name = "phpbind";
$b->list = [1, 2];
var_dump($b->name, $b->list, isset($b->name), isset($b->missing), empty($b->name));
unset($b->name);
var_dump(isset($b->name));
try {
    $b->name;
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// Dynamic properties never land in the property table: __set took them.
var_dump(get_object_vars($b), property_exists($b, 'list'));

var_dump($b->anything(1, 2, 3), $b->none(), MagicBag::build("x"), $b(4, 2), is_callable($b));
var_dump(array_map($b, [1, 2], [3, 4]));
try {
    $b("x", 1);
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// The engine sees the handlers as it would a C stub's.
$c = new ReflectionClass(MagicBag::class);
foreach (['__get', '__set', '__isset', '__unset', '__call', '__callStatic', '__invoke'] as $m) {
    $r = $c->getMethod($m);
    echo $m, ": static=", var_export($r->isStatic(), true), " (", implode(", ", array_map(fn($p) => $p->getType() . ' $' . $p->getName(), $r->getParameters())), "): ", $r->getReturnType(), "\n";
}

// A value stored through __set takes part in cycle collection.
$b = new MagicBag;
$b->self = $b;
unset($b);
var_dump(gc_collect_cycles() >= 1);
?>
--EXPECT--
string(7) "phpbind"
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
bool(true)
bool(false)
bool(false)
bool(false)
Error: Undefined dynamic property: name
array(0) {
}
bool(false)
string(10) "anything/3"
string(6) "none/0"
string(14) "static build/1"
int(42)
bool(true)
array(2) {
  [0]=>
  int(13)
  [1]=>
  int(24)
}
TypeError: PhpBind\MagicBag::__invoke(): Argument #1 ($a) must be of type int, string given
__get: static=false (string $name): mixed
__set: static=false (string $name, mixed $value): void
__isset: static=false (string $name): bool
__unset: static=false (string $name): void
__call: static=false (string $name, array $arguments): string
__callStatic: static=true (string $name, array $arguments): string
__invoke: static=false (int $a, int $b): int
bool(true)
