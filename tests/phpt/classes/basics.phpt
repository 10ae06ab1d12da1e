--TEST--
Classes: a C++ type as a PHP class — constructor, methods, static methods, $this returns, by-value returns, clone via the copy constructor, uncloneable and unserializable types, uninitialized objects, objects as parameters
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Counter, Handle, NeedsArgs};
$c = new Counter(5);
var_dump($c->inc(), $c->add(10), $c->value(), $c->describe());
var_dump($c->step() === $c, $c->value());
$t = $c->twin(); var_dump($t === $c, $t->describe(), get_class($t));
$d = clone $c; $d->inc(); var_dump($c->value(), $d->value(), $d->describe());
var_dump(pb_sum_counters($c, $d)); pb_bump($c); var_dump($c->value(), pb_maybe($c), pb_maybe(null));
var_dump(pb_make_counter(3)->describe(), Counter::live());
try { pb_sum_counters($c, "x"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { pb_maybe(new stdClass); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { $c->add("many"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { clone new Handle; } catch (Error $e) { echo $e->getMessage(), "\n"; }
var_dump((new Handle)->get());
try { serialize($c); } catch (Exception $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
class Sub extends Counter { function __construct() { } function inc(): int { return parent::inc() * 100; } }
try { (new Sub)->inc(); } catch (Error $e) { echo $e->getMessage(), "\n"; }
class Sub2 extends Counter { function __construct() { parent::__construct(1, "sub"); } function inc(): int { return parent::inc() * 100; } }
$s = new Sub2; var_dump($s->inc(), $s->describe(), pb_sum_counters($s, $c));
$n = new NeedsArgs("hello"); var_dump($n->get());
try { new NeedsArgs(); } catch (ArgumentCountError $e) { echo $e->getMessage(), "\n"; }
echo new ReflectionClass(Counter::class);
// Every C++ object was destroyed with its PHP object.
unset($c, $d, $t, $s);
var_dump(Counter::live());
?>
--EXPECT--
int(6)
int(16)
int(16)
string(10) "counter=16"
bool(true)
int(17)
bool(false)
string(24) "counter (copy) (copy)=17"
string(15) "PhpBind\Counter"
int(17)
int(18)
string(17) "counter (copy)=18"
int(35)
int(18)
string(10) "counter=18"
string(4) "none"
string(13) "made (copy)=3"
int(3)
pb_sum_counters(): Argument #2 ($b) must be of type PhpBind\Counter, string given
pb_maybe(): Argument #1 ($c) must be of type ?PhpBind\Counter, stdClass given
PhpBind\Counter::add(): Argument #1 ($by) must be of type int, string given
Trying to clone an uncloneable object of class PhpBind\Handle
int(7)
Exception: Serialization of 'PhpBind\Counter' is not allowed
Sub object is not initialized: its constructor (parent::__construct()) was not called
int(200)
string(5) "sub=2"
int(20)
string(5) "hello"
PhpBind\NeedsArgs::__construct() expects exactly 1 argument, 0 given
Class [ <internal:phpbind_test> class PhpBind\Counter ] {

  - Constants [3] {
    Constant [ public int START ] { 0 }
    Constant [ public string LABEL ] { counter }
    Constant [ public float RATIO ] { 1.5 }
  }

  - Static properties [0] {
  }

  - Static methods [1] {
    Method [ <internal:phpbind_test> static public method live ] {

      - Parameters [0] {
      }
      - Return [ int ]
    }
  }

  - Properties [0] {
  }

  - Methods [8] {
    Method [ <internal:phpbind_test, ctor> public method __construct ] {

      - Parameters [2] {
        Parameter #0 [ <optional> int $start = 0 ]
        Parameter #1 [ <optional> string $label = 'counter' ]
      }
    }

    Method [ <internal:phpbind_test> public method inc ] {

      - Parameters [0] {
      }
      - Return [ int ]
    }

    Method [ <internal:phpbind_test> public method add ] {

      - Parameters [1] {
        Parameter #0 [ <required> int $by ]
      }
      - Return [ int ]
    }

    Method [ <internal:phpbind_test> public method value ] {

      - Parameters [0] {
      }
      - Return [ int ]
    }

    Method [ <internal, deprecated:phpbind_test> public method current ] {

      - Parameters [0] {
      }
      - Return [ int ]
    }

    Method [ <internal:phpbind_test> public method step ] {

      - Parameters [0] {
      }
      - Return [ PhpBind\Counter ]
    }

    Method [ <internal:phpbind_test> public method twin ] {

      - Parameters [0] {
      }
      - Return [ PhpBind\Counter ]
    }

    Method [ <internal:phpbind_test> public method describe ] {

      - Parameters [0] {
      }
      - Return [ string ]
    }
  }
}
int(0)
