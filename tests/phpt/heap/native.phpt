--TEST--
Heap: objects of bound C++ classes are stored as copies of their C++ objects (copy constructor or heap_clone()), with their PHP subclasses' properties; the rest is refused; a throwing copy leaves nothing behind
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Heap\{Sample, Unique, Uncopyable, HoldsValue};
class Tagged extends Sample { public string $tag = 'none'; public ?Tagged $peer = null; }

$s = new Sample('weights', [1.5, 2.5]);
$t = new Tagged('tagged', [10]);
$t->tag = 'blue';
$t->peer = $t;
pb_heap_put('natives', ['s' => $s, 't' => $t, 'again' => $s, 'u' => new Unique]);
echo "C++ objects alive: ", Sample::alive(), "\n";   // 2 in PHP + 2 copies in the heap
$got = pb_heap_get('natives');
var_dump($got['s'] instanceof Sample, $got['s'] !== $s, $got['s'] === $got['again'], $got['s']->label, $got['s']->sum());
var_dump(get_class($got['t']), $got['t']->tag, $got['t']->peer === $got['t'], $got['t']->sum(), $got['u']->get());
// The request's objects are its own: changing them changes neither the source nor the heap.
$got['s']->add(100);
$got['u']->set(99);
var_dump($got['s']->sum(), $s->sum(), pb_heap_get('natives')['u']->get());
echo "C++ objects alive: ", Sample::alive(), "\n";  // + 2 rebuilt in this request

foreach (['uncopyable' => new Uncopyable, 'request memory' => new HoldsValue] as $what => $o) {
    try { pb_heap_put('bad', ['x' => [$o]]); } catch (ValueError $e) { echo "$what: ", $e->getMessage(), "\n"; }
}
// A copy constructor that throws: put() stores nothing and frees what it made.
$before = Sample::alive();
Sample::failCopies(true);
$a = new Sample('a', []);
try { pb_heap_put('bad', [$a, $s]); } catch (Exception $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
Sample::failCopies(false);
unset($e);  // its trace holds the arguments
var_dump(pb_heap_has('bad'), Sample::alive() === $before + 1);
unset($a);
// And get() of a stored graph in a new request would throw the same way: here, a second heap key
// rebuilt while copies fail.
pb_heap_put('second', [$s]);
Sample::failCopies(true);
try { pb_heap_get('second'); } catch (Exception $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
Sample::failCopies(false);
var_dump(Sample::alive() === $before + 1, pb_heap_get('second')[0]->label);
pb_heap_destroy();
unset($got, $t);
gc_collect_cycles();
// $s; the three copies in the heap, retired until this request ends (it was handed them); the
// three objects rebuilt in this request, which the heap holds until its end.
echo "C++ objects alive at the end: ", Sample::alive(), "\n";
?>
--EXPECT--
C++ objects alive: 4
bool(true)
bool(true)
bool(true)
string(7) "weights"
float(4)
string(6) "Tagged"
string(4) "blue"
bool(true)
float(10)
int(7)
float(104)
float(4)
int(99)
C++ objects alive: 6
uncopyable: $root['x'][0]: an object of class PhpBind\Heap\Uncopyable cannot be stored: its C++ type cannot be copied into the heap (it is not copy-constructible and has no heap_clone(), or it holds request memory)
request memory: $root['x'][0]: an object of class PhpBind\Heap\HoldsValue cannot be stored: its C++ type cannot be copied into the heap (it is not copy-constructible and has no heap_clone(), or it holds request memory)
Exception: Sample: copying failed
bool(false)
bool(true)
Exception: Sample: copying failed
bool(true)
string(7) "weights"
C++ objects alive at the end: 7
