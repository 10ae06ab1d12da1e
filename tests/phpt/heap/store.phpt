--TEST--
Heap: data round-trips without copying, each distinct string once, and what cannot be stored is refused before anything is stored, with its path
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$data = [
    'int' => PHP_INT_MAX, 'neg' => PHP_INT_MIN, 'float' => -0.0, 'nan' => NAN, 'true' => true, 'null' => null,
    'nul' => "a\0b", "k\0ey" => 'v', 'empty' => [], 'list' => [1, 2, 3], 'holes' => [0 => 'a', 2 => 'c'],
    'nested' => ['x' => ['y' => ['z' => 'text']]], 'dup' => ['text', 'text', 'text'], 7 => 'seven', -3 => 'minus',
    'unicode' => "\u{1F418}",
];
pb_heap_put('data', $data);
$got = pb_heap_get('data');
var_dump(serialize($got) === serialize($data));
var_dump(array_keys($got) === array_keys($data), is_nan($got['nan']), $got['holes']);
// Appending after the stored array continues where the original would.
$copy = $got['holes'];
$copy[] = 'd';
var_dump(array_key_last($copy));
// A write separates: what is stored does not change.
$got['list'][] = 4;
$got['nested']['x']['y']['z'] = 'changed';
var_dump(pb_heap_get('data')['list'], pb_heap_get('data')['nested']['x']['y']['z']);
// Scalars and strings at the root.
foreach (['i' => 42, 'f' => 1.5, 's' => str_repeat('x', 100000), 'b' => false, 'n' => null, 'e' => []] as $k => $v) {
    pb_heap_put($k, $v);
    var_dump(pb_heap_get($k) === $v);
}
// Each distinct text once per value: the keys 'a', 'b', 'c' and the value 'same'.
pb_heap_put('strings', ['a' => 'same', 'b' => 'same', 'c' => ['same' => 'same']]);
$s = pb_heap_stats('strings');
echo "strings {$s['strings']}, arrays {$s['arrays']}, objects {$s['objects']}, keys {$s['keys']}\n";
var_dump(pb_heap_stats('none'), pb_heap_get('none'), pb_heap_has('none'), pb_heap_has('strings'));

// Refusals: nothing is stored, the message names the path.
class Holder { public $value; public array $items = []; }
enum Mode { case On; }
$h = new Holder;
$h->items = ['a' => [1, 2, new Holder]];
$h->items['a'][2]->value = fopen('php://memory', 'r');
$x = 1;
$cases = [
    'resource' => ['db' => ['conn' => STDIN]],
    'closure' => ['cb' => fn() => 1],
    'reference' => ['r' => &$x],
    'internal class' => [new ArrayObject([])],
    'exception' => ['e' => new RuntimeException('x')],
    'anonymous class' => [new class {}],
    'deep' => $h,
    'generator' => (function () { yield 1; })(),
    'quoted key' => ["it's" => ['\\' => STDERR]],
];
foreach ($cases as $what => $v) {
    try {
        pb_heap_put('bad', $v);
        echo "$what: stored\n";
    } catch (ValueError $e) {
        echo "$what: ", $e->getMessage(), "\n";
    }
}
// Nesting is bounded (the copy and the rebuild recurse): 512 levels are stored, 513 are not.
foreach ([512, 513] as $levels) {
    $deep = [];
    for ($i = 1; $i < $levels; $i++) $deep = [$deep];
    try { pb_heap_put('deep', $deep); echo "$levels levels: stored\n"; }
    catch (ValueError $e) { echo "$levels levels: ", substr($e->getMessage(), 0, 11), '...', strrchr($e->getMessage(), ':'), "\n"; }
}
unset($deep);
pb_heap_remove('deep');
#[AllowDynamicProperties] class Open { public int $a = 1; }
$o = new Open;
$o->extra = 2;
try { pb_heap_put('bad', ['list' => [$o]]); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
var_dump(pb_heap_has('bad'));
$keys = pb_heap_keys();
sort($keys);
echo implode(',', $keys), "\n";

// A TTL too long to add to the clock does not wrap around into the past: the key never expires.
pb_heap_put('forever', 'kept', PHP_INT_MAX);
var_dump(pb_heap_get('forever'));

// Replacing a key: the old value stays readable where it was handed out.
pb_heap_put('swap', ['v' => 1]);
$old = pb_heap_get('swap');
pb_heap_put('swap', ['v' => 2]);
var_dump($old['v'], pb_heap_get('swap')['v']);
$t = pb_heap_stats();
echo "retired while handed out: {$t['retired']}\n";
// A value no request was handed is freed at once.
pb_heap_put('unseen', range(1, 100));
pb_heap_remove('unseen');
var_dump(pb_heap_stats()['retired'] === $t['retired'], pb_heap_remove('unseen'));
pb_heap_destroy();
var_dump(pb_heap_keys(), pb_heap_stats()['keys'], $old['v']);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
array(2) {
  [0]=>
  string(1) "a"
  [2]=>
  string(1) "c"
}
int(3)
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(2)
  [2]=>
  int(3)
}
string(4) "text"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
strings 4, arrays 2, objects 0, keys 1
NULL
NULL
bool(false)
bool(true)
resource: $root['db']['conn']: a resource cannot be stored
closure: $root['cb']: a Closure cannot be stored
reference: $root['r']: a reference cannot be stored
internal class: $root[0]: an object of internal class ArrayObject cannot be stored
exception: $root['e']: an object of internal class RuntimeException cannot be stored
anonymous class: $root[0]: an object of an anonymous class cannot be stored (its name is not stable across requests)
deep: $root(Holder)->items['a'][2]->value: a resource cannot be stored
generator: $root: an object of internal class Generator cannot be stored
quoted key: $root['it\'s']['\\']: a resource cannot be stored
512 levels: stored
513 levels: $root[0][0]...: arrays nested more than 512 levels deep cannot be stored
$root['list'][0]: an object of class Open cannot be stored: it has dynamic properties
bool(false)
b,data,e,f,i,n,s,strings
string(4) "kept"
int(1)
int(2)
retired while handed out: 1
bool(true)
bool(false)
array(0) {
}
int(0)
int(1)
