--TEST--
Classes: native-backed properties (C++ members, getters and setters: types, coercion, read-only, errors, var_dump, Reflection) and declared properties
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_INT_SIZE < 8) die("skip the expected output is for 64-bit PHP ints (this engine's are 32-bit: wasm32)"); ?>
--FILE--
<?php
use PhpBind\Point;
$p = new Point(3, 4);
var_dump($p->x, $p->y, $p->length, $p->id, $p->label, $p->note, $p->hits, $p->comment);
$p->x = 6; $p->y = "8"; var_dump($p->x, $p->y, $p->length);
$p->label = "pt"; var_dump($p->label);
$p->note = "n"; var_dump($p->note); $p->note = null; var_dump($p->note);
try { $p->length = 1; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $p->id = 1; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $p->x = "abc"; } catch (TypeError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $p->label = ""; } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $p->small = 1 << 40; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { unset($p->x); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { unset($p->id); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { echo $p->later; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { echo $p->tag; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
$p->x += 1; $p->x++; var_dump($p->x);
var_dump(isset($p->x), isset($p->note), empty($p->hits), property_exists($p, 'length'));
$p->moveBy(1, 1);
var_dump($p);
print_r(get_object_vars($p));
echo json_encode($p), "\n";
var_dump(array_map(fn($k) => addcslashes($k, "\0"), array_keys((array)$p)));
foreach ($p as $k => $v) echo "$k => ", var_export($v, true), "\n";
$q = clone $p; $q->x = 100; var_dump($p->x, $q->x);
// How this engine prints a public readonly property's modifiers (8.4 adds the implicit
// "protected(set)"), from a userland class declaring one: Point's read-only ones print the same.
class TwinReadonly { public readonly int $id; }
preg_match('/^Property \[ (.+) int \$id \]$/', trim(new ReflectionProperty(TwinReadonly::class, 'id')), $m);
echo str_replace("Property [ $m[1] ", "Property [ <public readonly as PHP prints it> ", new ReflectionClass(Point::class));
$rp = new ReflectionProperty(Point::class, 'x'); var_dump($rp->getValue($p), (string)$rp->getType(), $rp->isReadOnly());
$rp = new ReflectionProperty(Point::class, 'length'); var_dump($rp->getValue($p), $rp->isReadOnly());
// Strict mode (in the calling file): no coercion on write, as for typed properties.
// One read site, many objects and classes: the cached path must follow each
// object's own class (Widget's Shape part sits after another base).
function sides_of($s) { return $s->sides; }
$out = [];
foreach ([new PhpBind\Rect(1, 2), new PhpBind\Square(3), new PhpBind\Widget, new PhpBind\Shape("line", 1), new PhpBind\Widget] as $s) $out[] = sides_of($s);
echo implode(",", $out), "\n";
class Lazy extends Point { function __construct() {} }
function x_of($p) { return $p->x; }
foreach ([new Point(1, 2), new Lazy, new Point(5, 6), new Lazy] as $o) {
    try { var_dump(x_of($o)); } catch (Error $e) { echo $e->getMessage(), "\n"; }
}
require __DIR__ . '/strict_write.inc';
echo strict_write($p, 'y', "1"), "\n", strict_write($p, 'y', 2), "\n";
var_dump($p->y);
unset($p, $q);
?>
--EXPECT--
float(3)
float(4)
float(5)
int(1)
string(1) "p"
NULL
int(0)
NULL
float(6)
float(8)
float(10)
string(2) "pt"
string(1) "n"
NULL
Error: Cannot modify readonly property PhpBind\Point::$length
Error: Cannot modify readonly property PhpBind\Point::$id
TypeError: Cannot assign string to property PhpBind\Point::$x of type float
ValueError: Point::$label must not be empty
ValueError: Cannot assign 1099511627776 to property PhpBind\Point::$small: it must be between -2147483648 and 2147483647
Error: Cannot unset native property PhpBind\Point::$x
Error: Cannot unset readonly property PhpBind\Point::$id
Error: Typed property PhpBind\Point::$later must not be accessed before initialization
Error: Cannot access protected property PhpBind\Point::$tag
float(8)
bool(true)
bool(false)
bool(true)
bool(true)
object(PhpBind\Point)#1 (10) {
  ["x"]=>
  float(9)
  ["y"]=>
  float(9)
  ["id"]=>
  int(1)
  ["small"]=>
  int(0)
  ["length"]=>
  float(12.727922061357855)
  ["label"]=>
  string(2) "pt"
  ["note"]=>
  NULL
  ["hits"]=>
  int(0)
  ["tag":protected]=>
  string(4) "none"
  ["comment"]=>
  NULL
  ["later"]=>
  uninitialized(int)
}
Array
(
    [x] => 9
    [y] => 9
    [id] => 1
    [small] => 0
    [length] => 12.727922061358
    [label] => pt
    [note] => 
    [hits] => 0
    [comment] => 
)
{"x":9,"y":9,"id":1,"small":0,"length":12.727922061357855,"label":"pt","note":null,"hits":0,"comment":null}
array(10) {
  [0]=>
  string(1) "x"
  [1]=>
  string(1) "y"
  [2]=>
  string(2) "id"
  [3]=>
  string(5) "small"
  [4]=>
  string(6) "length"
  [5]=>
  string(5) "label"
  [6]=>
  string(4) "note"
  [7]=>
  string(4) "hits"
  [8]=>
  string(12) "\000*\000tag"
  [9]=>
  string(7) "comment"
}
x => 9.0
y => 9.0
id => 1
small => 0
length => 12.727922061357855
label => 'pt'
note => NULL
hits => 0
comment => NULL
float(9)
float(100)
Class [ <internal:phpbind_test> class PhpBind\Point ] {

  - Constants [0] {
  }

  - Static properties [0] {
  }

  - Static methods [0] {
  }

  - Properties [11] {
    Property [ public float $x ]
    Property [ public float $y ]
    Property [ <public readonly as PHP prints it> int $id ]
    Property [ public int $small ]
    Property [ <public readonly as PHP prints it> float $length ]
    Property [ public string $label ]
    Property [ public ?string $note ]
    Property [ public int $hits = 0 ]
    Property [ protected string $tag = 'none' ]
    Property [ public ?string $comment = NULL ]
    Property [ public int $later ]
  }

  - Methods [2] {
    Method [ <internal:phpbind_test, ctor> public method __construct ] {

      - Parameters [2] {
        Parameter #0 [ <optional> float $x = 0.0 ]
        Parameter #1 [ <optional> float $y = 0.0 ]
      }
    }

    Method [ <internal:phpbind_test> public method moveBy ] {

      - Parameters [2] {
        Parameter #0 [ <required> float $dx ]
        Parameter #1 [ <required> float $dy ]
      }
      - Return [ void ]
    }
  }
}
float(9)
string(5) "float"
bool(false)
float(12.727922061357855)
bool(true)
4,4,3,1,3
float(1)
Lazy object is not initialized: its constructor (parent::__construct()) was not called
float(5)
Lazy object is not initialized: its constructor (parent::__construct()) was not called
Cannot assign string to property PhpBind\Point::$y of type float
written
float(2)
