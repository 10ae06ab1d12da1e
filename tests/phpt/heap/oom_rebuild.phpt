--TEST--
Heap: rebuilding a stored graph past memory_limit ends the script with PHP's own fatal error (shutdown functions run, status 255) on every engine, as a userland twin building the same objects does; a graph that fits is rebuilt whole
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php require __DIR__ . '/../memory/oom.inc'; pb_oom_skip(); ?>
--FILE--
<?php
require __DIR__ . '/../memory/oom.inc';
// 100,000 objects, each in an array of its own: about 30 MB once rebuilt in request memory. The
// heap keeps the graph outside memory_limit; the limit (8 MB over what the request holds, as in
// the twin) is set only after it is stored.
$class = 'class Point { public int $i = 0; }';
$store = $class . ' ini_set("memory_limit", "512M");
    $a = [];
    for ($i = 0; $i < 100000; $i++) { $o = new Point; $o->i = $i; $a[] = [$o]; }
    pb_heap_put("big", $a);
    unset($a, $o);
    gc_mem_caches();
    ini_set("memory_limit", (string)(memory_get_usage(true) + (8 << 20)));';
$twin = pb_oom_child($class . ' ini_set("memory_limit", (string)(memory_get_usage(true) + (8 << 20))); $a = []; for ($i = 0; $i < 100000; $i++) { $o = new Point; $o->i = $i; $a[] = [$o]; } echo "after\n";');
echo $twin;
$out = pb_oom_child($store . ' $r = pb_heap_get("big"); echo "after\n";');
echo 'a graph rebuilt past the limit: ', $out === $twin ? 'as the twin' : "differs:\n$out", "\n";
// Under the limit the same graph comes back whole.
echo pb_oom_child($store . ' ini_set("memory_limit", "512M"); $r = pb_heap_get("big"); echo count($r), " ", $r[99999][0]->i, "\n";');
?>
--EXPECT--
Fatal error: Allowed memory size of N bytes exhausted (tried to allocate N bytes) in CHILD on line N
shutdown ran
exit status: 255
a graph rebuilt past the limit: as the twin
N N
shutdown ran
exit status: 0
