--TEST--
Protocols: opt-in serialization through __serialize/__unserialize; bad data raises, never crashes
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Vec2, Cents, Deck};

// A member restore: default-construct, then restore(data).
$v = new Vec2(1.5, -2);
$s = serialize($v);
echo $s, "\n";
$u = unserialize($s);
echo get_class($u), " ", $u, " ", var_export($u == $v, true), "\n";
var_dump($v->__serialize());
$u->__unserialize(['x' => 7.0, 'y' => 8]);  // replaces the state
echo $u, "\n";
echo new ReflectionMethod(Vec2::class, '__serialize'), new ReflectionMethod(Vec2::class, '__unserialize');

// Nested in arrays and other objects; references to the same object stay shared.
$o = new stdClass;
$o->list = [$v, $v, new Vec2(0, 1)];
$back = unserialize(serialize($o));
echo implode(" ", $back->list), " ", var_export($back->list[0] === $back->list[1], true), "\n";

// A static factory: Cents has no default constructor; the object is built from its result.
$c = unserialize(serialize(new Cents(250)));
var_dump($c->value(), $c + new Cents(1) == new Cents(251));

// Bad data: a clear exception, the half-built object is released.
$bad = [
    'O:12:"PhpBind\Vec2":1:{s:1:"x";d:1;}',                 // restore() refuses: missing key
    'O:12:"PhpBind\Vec2":2:{s:1:"x";s:3:"abc";s:1:"y";d:1;}', // wrong element type
    'O:13:"PhpBind\Cents":1:{i:0;s:1:"x";}',                // the factory refuses
    'O:13:"PhpBind\Cents":0:{}',
    'O:12:"PhpBind\Vec2":1:{s:1:"x";d:1',                   // truncated
];
foreach ($bad as $data) {
    try {
        $r = @unserialize($data);
        var_dump($r);
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
try {
    (new Vec2)->__unserialize("nope");
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// An object referenced twice whose __unserialize fails is never handed out.
try {
    unserialize('a:2:{i:0;O:13:"PhpBind\Cents":0:{}i:1;r:2;}');
} catch (Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// Classes that did not opt in still refuse, with PHP's own errors.
foreach ([fn() => serialize(new Deck([1])), fn() => unserialize('O:12:"PhpBind\Deck":0:{}')] as $f) {
    try {
        $f();
    } catch (Exception $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
unset($c, $e, $f);
var_dump(Cents::live());
?>
--EXPECT--
O:12:"PhpBind\Vec2":2:{s:1:"x";d:1.5;s:1:"y";d:-2;}
PhpBind\Vec2 (1.5, -2) true
array(2) {
  ["x"]=>
  float(1.5)
  ["y"]=>
  float(-2)
}
(7, 8)
Method [ <internal:phpbind_test> public method __serialize ] {

  - Parameters [0] {
  }
  - Return [ array ]
}
Method [ <internal:phpbind_test> public method __unserialize ] {

  - Parameters [1] {
    Parameter #0 [ <required> array $data ]
  }
  - Return [ void ]
}
(1.5, -2) (1.5, -2) (0, 1) true
int(250)
bool(true)
UnexpectedValueException: Vec2 data needs keys x and y
TypeError: PhpBind\Vec2::__unserialize(): Argument #1 ($data) must be of type array<string,float>, string given at key 'x'
UnexpectedValueException: Cents data must be [int]
UnexpectedValueException: Cents data must be [int]
bool(false)
TypeError: PhpBind\Vec2::__unserialize(): Argument #1 ($data) must be of type array, string given
UnexpectedValueException: Cents data must be [int]
Exception: Serialization of 'PhpBind\Deck' is not allowed
Exception: Unserialization of 'PhpBind\Deck' is not allowed
int(0)
