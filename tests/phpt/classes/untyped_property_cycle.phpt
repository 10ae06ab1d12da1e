--TEST--
Classes: a cycle through native-backed untyped properties (two objects, each the other's) is collected
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$before = memory_get_usage();
for ($i = 0; $i < 1000; $i++) {
    $o = new PhpBind\Unsettable();
    $c = clone $o;
    $c->key = $o;
    $o->key = $c;
    unset($o, $c);
}
echo "collected: ", gc_collect_cycles(), "\n";
// (The collector keeps its grown root buffer: a few kB. The 2,000 objects would be 450 kB.)
echo memory_get_usage() - $before < 65536 ? "memory back\n" : "memory kept: " . (memory_get_usage() - $before) . "\n";
?>
--EXPECT--
collected: 2000
memory back
