--TEST--
PHP 8.4: the heap stores objects of classes with hooked properties (backed and virtual) and asymmetric visibility: the rebuilt objects keep the backed values, run the hooks and keep the visibility rules
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die("skip property hooks and asymmetric visibility are PHP 8.4's");
--FILE--
<?php
class Hooked {
    public int $n = 1 { set(int $v) { $this->n = $v + 100; } }
    public string $view { get => "n is {$this->n}"; }
    public private(set) array $tags = [];
    public protected(set) ?Hooked $next = null;
    public function tag(string $t): void { $this->tags[] = $t; }
    public function link(Hooked $h): void { $this->next = $h; }
}
$a = new Hooked; $b = new Hooked;
$a->n = 5; $a->tag("x"); $a->link($b); $b->link($a);
pb_heap_put('hooked', $a);
$g = pb_heap_get('hooked');
var_dump($g !== $a, $g->n, $g->view, $g->tags, $g->next->next === $g);
$g->n = 1;
echo $g->view, "\n";
try { $g->tags = []; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
$g->tag("y");
var_dump($g->tags, $a->tags);
// The cycles are collected here: the engine does not at the end of the request
// (zend_objects_store_free_object_storage leaves live objects for leak checkers to see).
unset($a, $b, $g);
echo gc_collect_cycles() > 0 ? "collected\n" : "nothing collected\n";
echo "done\n";
?>
--EXPECT--
bool(true)
int(105)
string(8) "n is 105"
array(1) {
  [0]=>
  string(1) "x"
}
bool(true)
n is 101
Error: Cannot modify private(set) property Hooked::$tags from global scope
array(2) {
  [0]=>
  string(1) "x"
  [1]=>
  string(1) "y"
}
array(1) {
  [0]=>
  string(1) "x"
}
collected
done
