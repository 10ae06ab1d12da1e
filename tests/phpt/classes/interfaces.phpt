--TEST--
Classes: interfaces declared by the extension (methods from C++ signatures, extends), implemented by bound and PHP classes; abstract bound classes
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{HasArea, Figurative, Figure, Disc, Rect, Square};
$d = new Disc(2);
var_dump($d instanceof Figure, $d instanceof HasArea, $d->area(), $d->name(), $d->name("big "), pb_figure_area($d));
var_dump(new Rect(2, 3) instanceof HasArea, new Square(2) instanceof HasArea);
try { new Figure; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
// PHP classes implement the bound interfaces and extend the abstract class.
class Tri implements Figurative {
    function area(): float { return 0.5; }
    function name(string $prefix = ""): string { return $prefix . "tri"; }
    function count(): int { return 3; }
}
$t = new Tri; var_dump($t instanceof HasArea, $t instanceof Countable, count($t), $t->name("a "));
class Hollow extends Figure { function __construct() {} }
$h = new Hollow;
try { $h->area(); } catch (Error $e) { echo $e->getMessage(), "\n"; }
try { pb_figure_area($h); } catch (Error $e) { echo $e->getMessage(), "\n"; }
try { pb_figure_area($t); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
echo new ReflectionClass(Figurative::class);
$r = new ReflectionClass(Figure::class); var_dump($r->isAbstract(), $r->getInterfaceNames());
var_dump((new ReflectionClass(HasArea::class))->isInterface(), (new ReflectionMethod(HasArea::class, 'area'))->isAbstract());
?>
--EXPECT--
bool(true)
bool(true)
float(12)
string(4) "disc"
string(8) "big disc"
float(12)
bool(true)
bool(true)
Error: Cannot instantiate abstract class PhpBind\Figure
bool(true)
bool(true)
int(3)
string(5) "a tri"
Hollow object is not initialized: its constructor (parent::__construct()) was not called
Hollow object is not initialized: its constructor (parent::__construct()) was not called
pb_figure_area(): Argument #1 ($figure) must be of type PhpBind\Figure, Tri given
Interface [ <internal:phpbind_test> interface PhpBind\Figurative extends PhpBind\HasArea, Countable ] {

  - Constants [0] {
  }

  - Static properties [0] {
  }

  - Static methods [0] {
  }

  - Properties [0] {
  }

  - Methods [3] {
    Method [ <internal:phpbind_test> abstract public method name ] {

      - Parameters [1] {
        Parameter #0 [ <optional> string $prefix = '' ]
      }
      - Return [ string ]
    }

    Method [ <internal:phpbind_test, inherits PhpBind\HasArea> abstract public method area ] {

      - Parameters [0] {
      }
      - Return [ float ]
    }

    Method [ <internal:Core, inherits Countable> abstract public method count ] {

      - Parameters [0] {
      }
      - Tentative return [ int ]
    }
  }
}
bool(true)
array(1) {
  [0]=>
  string(15) "PhpBind\HasArea"
}
bool(true)
bool(true)
