--TEST--
Heap: plain userland object graphs keep their identity (a DAG shares, a cycle ends), every kind of declared property survives, enum cases come back as the engine's own
--EXTENSIONS--
phpbind_test
--FILE--
<?php
enum Suit: string { case Hearts = 'H'; case Spades = 'S'; }
enum Flag { case On; case Off; }
class Base { private string $secret = 'base-private'; protected int $level = 0; }
class Node extends Base {
    public array $children = [];
    public ?Node $parent = null;
    private string $secret = 'node-private';
    public readonly int $id;
    public int $uninitialized;
    public $untyped = 'u';
    public Suit|Flag|null $mark = Suit::Hearts;
    public function __construct(int $id) { $this->id = $id; }
    public function secret(): string { return $this->secret; }
}
$root = new Node(1);
$a = new Node(2);
$b = new Node(3);
$a->parent = $b->parent = $root;
$root->children = ['a' => $a, 'b' => $b, 'again' => $a, 'nested' => [[$b]], 'data' => [1, 2, 3]];
$a->mark = Flag::Off;
$b->mark = null;
pb_heap_put('tree', $root);
$s = pb_heap_stats('tree');
echo "objects {$s['objects']}, arrays {$s['arrays']}\n";   // 3 nodes + Suit::Hearts + Flag::Off

$t = pb_heap_get('tree');
var_dump($t instanceof Node, $t !== $root, $t->id, $t->secret(), $t->untyped);
var_dump($t->children['a'] === $t->children['again'], $t->children['nested'][0][0] === $t->children['b']);
var_dump($t->children['a']->parent === $t, $t->children['b']->parent === $t);
var_dump($t->mark === Suit::Hearts, $t->children['a']->mark === Flag::Off, $t->children['b']->mark);
// Uninitialized typed properties stay uninitialized; readonly stays readonly.
try { echo $t->uninitialized; } catch (Error $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
try { $t->id = 5; } catch (Error $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
// The parent's private property is there, with the parent's value.
$r = new ReflectionProperty(Base::class, 'secret');
var_dump($r->getValue($t), (fn() => $this->level)->call($t));
// Same objects for every get() of the key in this request, mutations included.
$t->untyped = 'changed';
$t->children['a']->children[] = 'x';
$again = pb_heap_get('tree');
var_dump($again === $t, $again->untyped, count($again->children['again']->children));
// The source graph is untouched by all of it.
var_dump($root->untyped, $root->children['a']->children);
// Typed properties still check their types on the rebuilt objects.
try { $t->parent = 'nope'; } catch (TypeError $e) { echo $e->getMessage(), "\n"; }

// A cycle through an array, and an object reachable only through nested arrays.
class Ring { public array $next = []; public string $name = ''; }
$r1 = new Ring; $r2 = new Ring; $r1->name = 'one'; $r2->name = 'two';
$r1->next = [$r2]; $r2->next = [$r1];
pb_heap_put('ring', ['head' => [$r1], 'count' => 2]);
$g = pb_heap_get('ring');
var_dump($g['head'][0]->next[0]->next[0] === $g['head'][0], $g['head'][0]->next[0]->name, $g['count']);

// Enum cases at the root and in data.
pb_heap_put('suit', Suit::Spades);
pb_heap_put('suits', ['x' => Suit::Hearts, 'y' => [Flag::On]]);
var_dump(pb_heap_get('suit') === Suit::Spades, pb_heap_get('suits')['y'][0] === Flag::On);

// A long chain: the copy walks objects one after another, not recursively.
$head = $node = new Ring;
for ($i = 0; $i < 20000; $i++) { $n = new Ring; $node->next = [$n]; $node = $n; }
$node->name = 'tail';
pb_heap_put('chain', $head);
for ($n = pb_heap_get('chain'), $i = 0; $n->next; $n = $n->next[0]) $i++;
var_dump($i, $n->name, pb_heap_stats('chain')['objects']);
// An object at the bottom of the deepest nesting stored: each level is rebuilt in the request.
$deep = [new Ring];
for ($i = 1; $i < 512; $i++) $deep = [$deep];
pb_heap_put('deep', $deep);
for ($d = pb_heap_get('deep'), $i = 1; !is_object($d[0]); $d = $d[0]) $i++;
var_dump($i, get_class($d[0]));
unset($root, $a, $b, $t, $again, $r1, $r2, $g, $head, $node, $n, $deep, $d);
gc_collect_cycles();
?>
--EXPECT--
objects 5, arrays 4
bool(true)
bool(true)
int(1)
string(12) "node-private"
string(1) "u"
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
NULL
Error: Typed property Node::$uninitialized must not be accessed before initialization
Error: Cannot modify readonly property Node::$id
string(12) "base-private"
int(0)
bool(true)
string(7) "changed"
int(1)
string(1) "u"
array(0) {
}
Cannot assign string to property Node::$parent of type ?Node
bool(true)
string(3) "two"
int(2)
bool(true)
bool(true)
int(20000)
string(4) "tail"
int(20001)
int(512)
string(4) "Ring"
