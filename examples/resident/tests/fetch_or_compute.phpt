--TEST--
Resident\Heap::fetchOrCompute(): computes once, stores and returns the stored form; an exception or a refused result stores nothing
--EXTENSIONS--
resident
--FILE--
<?php
use Resident\Heap;
$calls = 0;
$build = function () use (&$calls) { $calls++; return ['routes' => ['/' => 'home', '/about' => 'about']]; };
$first = Heap::fetchOrCompute('routes', $build);
$second = Heap::fetchOrCompute('routes', $build);
var_dump($calls, $first === $second, $first['routes']['/about']);
// The callable's exception reaches the caller, and nothing is stored.
try {
    Heap::fetchOrCompute('failing', function () { throw new RuntimeException('backend down'); });
} catch (RuntimeException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(Heap::has('failing'));
// A result that cannot be stored is refused, typed.
try {
    Heap::fetchOrCompute('handle', fn() => ['fp' => STDERR]);
} catch (Resident\UnstorableValueException $e) {
    echo $e->getMessage(), "\n";
}
var_dump(Heap::has('handle'));
// Objects come back as the rebuilt graph: the same objects for the rest of the request.
class Route { public function __construct(public string $path = '', public ?Route $parent = null) {} }
$made = null;
$tree = Heap::fetchOrCompute('tree', function () use (&$made) {
    $root = new Route('/');
    return $made = ['root' => $root, 'child' => new Route('/a', $root)];
});
var_dump($tree['child']->parent === $tree['root'], $tree['root'] !== $made['root'], Heap::get('tree')['root'] === $tree['root']);
// Not callable: the engine's own TypeError.
try { Heap::fetchOrCompute('x', 'no_such_function'); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECT--
int(1)
bool(true)
string(5) "about"
RuntimeException: backend down
bool(false)
$value['fp']: a resource cannot be stored
bool(false)
bool(true)
bool(true)
bool(true)
Resident\Heap::fetchOrCompute(): Argument #2 ($compute) must be a valid callback, function "no_such_function" not found or invalid function name
