--TEST--
Classes: bound C++ inheritance maps to extends; base methods, properties, parameters and upcasts on derived objects; PHP subclasses of bound derived classes
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Shape, Rect, Square, Widget, Circle};
$r = new Rect(2, 3); $s = new Square(4); $w = new Widget;
var_dump(get_parent_class($r), get_parent_class($s), $s instanceof Shape, $s instanceof Rect);
var_dump($r->area(), $r->describe(), $r->width(), $s->area(), $s->side(), $s->width(), $s->describe());
var_dump($w->area(), $w->tag(), $w->describe(), $w->kind, $w->sides);
var_dump(pb_shape_area($s), pb_shape_kind($w), pb_shape_kind(null), pb_rect_width($s));
pb_grow_rect($s); var_dump($s->side(), $s->area());
try { pb_rect_width($w); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
$s->kind = "big square"; var_dump($s->kind, $s->describe());
$c = new Circle; var_dump($c->area(), $c->describe());
try { new Circle("x"); } catch (Error $e) { echo $e->getMessage(), "\n"; }
class Cube extends Square {
    function __construct(public int $faces = 6) { parent::__construct(3); }
    function area(): float { return parent::area() * $this->faces; }
}
$cube = new Cube; var_dump($cube->area(), $cube->side(), $cube->describe(), pb_shape_area($cube), $cube->faces);
$cc = clone $cube; var_dump($cc->area(), get_class($cc));
$s2 = clone $s; var_dump(get_class($s2), $s2->side(), $s2->kind);
var_dump($s);
echo new ReflectionClass(Square::class);
unset($r, $s, $w, $c, $cube, $cc, $s2);
var_dump(Shape::live());
?>
--EXPECT--
string(13) "PhpBind\Shape"
string(12) "PhpBind\Rect"
bool(true)
bool(true)
float(6)
string(32) "rect with 4 sides, area 6.000000"
float(2)
float(16)
float(4)
float(4)
string(35) "square with 4 sides, area 16.000000"
float(1.5)
string(6) "tagged"
string(34) "widget with 3 sides, area 1.500000"
string(6) "widget"
int(3)
float(16)
string(6) "widget"
string(4) "none"
float(4)
float(8)
float(64)
pb_rect_width(): Argument #1 ($rect) must be of type PhpBind\Rect, PhpBind\Widget given
string(10) "big square"
string(39) "big square with 4 sides, area 64.000000"
float(3)
string(34) "circle with 0 sides, area 3.000000"
PhpBind\Circle::__construct() expects exactly 0 arguments, 1 given
float(54)
float(3)
string(34) "square with 4 sides, area 9.000000"
float(9)
int(6)
float(54)
string(4) "Cube"
string(14) "PhpBind\Square"
float(8)
string(10) "big square"
object(PhpBind\Square)#2 (2) {
  ["kind"]=>
  string(10) "big square"
  ["sides"]=>
  int(4)
}
Class [ <internal:phpbind_test> class PhpBind\Square extends PhpBind\Rect implements PhpBind\HasArea ] {

  - Constants [0] {
  }

  - Static properties [0] {
  }

  - Static methods [1] {
    Method [ <internal:phpbind_test, inherits PhpBind\Shape> static public method live ] {

      - Parameters [0] {
      }
      - Return [ int ]
    }
  }

  - Properties [2] {
    Property [ public string $kind ]
    Property [ public int $sides ]
  }

  - Methods [5] {
    Method [ <internal:phpbind_test, overwrites PhpBind\Rect, ctor> public method __construct ] {

      - Parameters [1] {
        Parameter #0 [ <required> float $side ]
      }
    }

    Method [ <internal:phpbind_test> public method side ] {

      - Parameters [0] {
      }
      - Return [ float ]
    }

    Method [ <internal:phpbind_test, inherits PhpBind\Rect> public method width ] {

      - Parameters [0] {
      }
      - Return [ float ]
    }

    Method [ <internal:phpbind_test, inherits PhpBind\Shape, prototype PhpBind\HasArea> public method area ] {

      - Parameters [0] {
      }
      - Return [ float ]
    }

    Method [ <internal:phpbind_test, inherits PhpBind\Shape> public method describe ] {

      - Parameters [0] {
      }
      - Return [ string ]
    }
  }
}
int(0)
