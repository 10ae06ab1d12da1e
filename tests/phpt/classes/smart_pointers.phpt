--TEST--
Classes: std::unique_ptr results hand their object to PHP; std::shared_ptr results and parameters share one C++ object between PHP and C++; a base pointer becomes its dynamic type's class
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Resource, Square, Shape};
// unique_ptr: PHP owns the object; it is deleted with the PHP object.
$r = pb_open_resource("file"); var_dump(get_class($r), $r->name, $r->use(), $r->use(), Resource::live());
var_dump(pb_open_resource(""));
$copy = clone $r; var_dump($copy->name, $copy->uses);
unset($r, $copy); var_dump(Resource::live());
// shared_ptr: the same C++ object on both sides.
$a = pb_pool_get("db"); $a->use(); $a->use();
var_dump(pb_pool_uses("db"));
$b = pb_pool_get("db"); var_dump($a === $b, $b->uses);  // a second PHP object, the same C++ object
var_dump(pb_pool_drop("db"), pb_pool_uses("db"), Resource::live());  // PHP keeps it alive
var_dump($a->use());
unset($a); var_dump(Resource::live()); unset($b); var_dump(Resource::live());
// shared_ptr parameters: objects that share their C++ object.
$c = pb_pool_get("cache"); var_dump(pb_pool_put($c), pb_pool_put(null));
try { pb_pool_put(new Resource("local")); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { pb_pool_put(new stdClass); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
// Derived objects through shared_ptr<Base>.
$sq = pb_shared_square(3); var_dump(get_class($sq), $sq->area(), pb_shared_area($sq), pb_shared_area(null));
try { pb_shared_area(new Square(2)); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
echo new ReflectionFunction('pb_pool_put'), new ReflectionFunction('pb_open_resource');
var_dump(pb_pool_drop("cache")); unset($c, $sq);
var_dump(Resource::live(), Shape::live());
?>
--EXPECT--
string(16) "PhpBind\Resource"
string(4) "file"
int(1)
int(2)
int(1)
NULL
string(11) "file (copy)"
int(2)
int(0)
int(2)
bool(false)
int(2)
bool(true)
int(-1)
int(1)
int(3)
int(1)
int(0)
int(2)
int(0)
pb_pool_put(): Argument #1 ($resource) must be of type ?PhpBind\Resource shared with C++ (an object made from a std::shared_ptr), PhpBind\Resource given
pb_pool_put(): Argument #1 ($resource) must be of type ?PhpBind\Resource, stdClass given
string(14) "PhpBind\Square"
float(9)
float(9)
float(-1)
pb_shared_area(): Argument #1 ($shape) must be of type ?PhpBind\Shape shared with C++ (an object made from a std::shared_ptr), PhpBind\Square given
Function [ <internal:phpbind_test> function pb_pool_put ] {

  - Parameters [1] {
    Parameter #0 [ <required> ?PhpBind\Resource $resource ]
  }
  - Return [ int ]
}
Function [ <internal:phpbind_test> function pb_open_resource ] {

  - Parameters [1] {
    Parameter #0 [ <required> string $name ]
  }
  - Return [ ?PhpBind\Resource ]
}
bool(true)
int(0)
int(1)
