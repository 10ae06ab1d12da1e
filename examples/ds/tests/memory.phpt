--TEST--
ds: the collections keep their values in request memory, as ext-ds does: memory_get_usage() counts them, and memory_limit ends a script that grows one past it with PHP's fatal error (shutdown functions run)
--EXTENSIONS--
ds
--SKIPIF--
<?php
// memcheck runs with the engine's allocator off (USE_ZEND_ALLOC=0): nothing counts memory then.
if (getenv('USE_ZEND_ALLOC') === '0' || getenv('PHPBIND_TEST_MODE') === 'valgrind') die('skip the engine allocator is off');
?>
--INI--
memory_limit=32M
display_errors=1
--FILE--
<?php
$n = 100000;
$make = [
    'Vector' => function () use ($n) { $c = new Ds\Vector(); for ($i = 0; $i < $n; $i++) $c->push($i); return $c; },
    'Deque' => function () use ($n) { $c = new Ds\Deque(); for ($i = 0; $i < $n; $i++) $c->unshift($i); return $c; },
    'Stack' => function () use ($n) { $c = new Ds\Stack(); for ($i = 0; $i < $n; $i++) $c->push($i); return $c; },
    'Queue' => function () use ($n) { $c = new Ds\Queue(); for ($i = 0; $i < $n; $i++) $c->push($i); return $c; },
    'Map' => function () use ($n) { $c = new Ds\Map(); for ($i = 0; $i < $n; $i++) $c->put($i, $i); return $c; },
    'Set' => function () use ($n) { $c = new Ds\Set(); for ($i = 0; $i < $n; $i++) $c->add($i); return $c; },
    'PriorityQueue' => function () use ($n) { $c = new Ds\PriorityQueue(); for ($i = 0; $i < $n; $i++) $c->push($i, $i); return $c; },
];
foreach ($make as $class => $f) {
    $before = memory_get_usage();
    $c = $f();
    $held = memory_get_usage() - $before;
    // At least one zval (16 bytes) per value, as ext-ds's buffers take.
    echo $class, ': ', count($c), ' values, ', $held >= 16 * $n ? 'counted' : "not counted ($held bytes)", "\n";
    unset($c);
    $after = memory_get_usage() - $before;
    echo '  released: ', $after < 65536 ? 'yes' : "no ($after bytes)", "\n";
}
register_shutdown_function(function () { echo "shutdown ran\n"; });
$v = new Ds\Vector();
for ($i = 0; $i < 10000000; $i++) $v->push($i);
echo "not reached\n";
?>
--EXPECTF--
Vector: 100000 values, counted
  released: yes
Deque: 100000 values, counted
  released: yes
Stack: 100000 values, counted
  released: yes
Queue: 100000 values, counted
  released: yes
Map: 100000 values, counted
  released: yes
Set: 100000 values, counted
  released: yes
PriorityQueue: 100000 values, counted
  released: yes

Fatal error: Allowed memory size of 33554432 bytes exhausted%s(tried to allocate %d bytes) in %s on line %d
shutdown ran
