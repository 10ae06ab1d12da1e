--TEST--
Resident\Heap: every refusal is a typed exception under Resident\HeapException, and nothing is stored
--EXTENSIONS--
resident
--INI--
resident.arena_size=65536
--FILE--
<?php
use Resident\Heap;
foreach (['Resident\HeapException', 'Resident\UnstorableValueException', 'Resident\ClassMismatchException',
          'Resident\HeapFullException'] as $c) {
    echo $c, ' extends ', get_parent_class($c), "\n";
}
class Point { public int $x = 0; public $attached; }
$p = new Point;
$p->attached = ['handle' => STDOUT];
$cases = [
    'resource' => ['files' => [STDIN]],
    'closure' => ['on' => ['load' => fn() => 1]],
    'deep resource' => ['points' => [$p]],
    'internal object' => new DateTime('2020-01-01'),
    'too big' => range(1, 10000),
];
foreach ($cases as $what => $value) {
    try {
        Heap::put('key', $value);
        echo "$what: stored\n";
    } catch (Resident\HeapException $e) {
        echo "$what: ", get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(Heap::has('key'));
// Within the limit it stores; the limit counts what is stored.
Heap::put('small', range(1, 10));
$s = Heap::stats();
echo $s['bytes'] + $s['available'] <= 65536 ? "within the arena\n" : "over\n";
var_dump(ini_get('resident.arena_size'), ini_set('resident.arena_size', '1'));
?>
--EXPECTF--
Resident\HeapException extends RuntimeException
Resident\UnstorableValueException extends Resident\HeapException
Resident\ClassMismatchException extends Resident\HeapException
Resident\HeapFullException extends Resident\HeapException
resource: Resident\UnstorableValueException: $value['files'][0]: a resource cannot be stored
closure: Resident\UnstorableValueException: $value['on']['load']: a Closure cannot be stored
deep resource: Resident\UnstorableValueException: $value['points'][0]->attached['handle']: a resource cannot be stored
internal object: Resident\UnstorableValueException: $value: an object of internal class DateTime cannot be stored
too big: Resident\HeapFullException: The heap has no room for the %d bytes of key 'key'
bool(false)
within the arena
string(5) "65536"
bool(false)
