--TEST--
Resident\Heap: a key put with a TTL is gone once it expires, for get, has, keys and stats alike
--EXTENSIONS--
resident
--FILE--
<?php
use Resident\Heap;
Heap::put('short', ['v' => 1], 1);
Heap::put('long', ['v' => 2], 3600);
Heap::put('forever', ['v' => 3]);
var_dump(Heap::has('short'), Heap::get('short')['v']);
sleep(2);
var_dump(Heap::has('short'), Heap::get('short'), Heap::stats('short'), Heap::get('long')['v'], Heap::get('forever')['v']);
$keys = Heap::keys();
sort($keys);
echo implode(',', $keys), ' (', Heap::stats()['keys'], " keys)\n";
$n = 0;
Heap::fetchOrCompute('computed', function () use (&$n) { return ++$n; }, 1);
sleep(2);
var_dump(Heap::fetchOrCompute('computed', function () use (&$n) { return ++$n; }, 1));
?>
--EXPECT--
bool(true)
int(1)
bool(false)
NULL
NULL
int(2)
int(3)
forever,long (2 keys)
int(2)
