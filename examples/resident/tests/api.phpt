--TEST--
Resident\Heap: put, get, has, remove, keys, stats and clear; bad arguments are ValueErrors
--EXTENSIONS--
resident
--FILE--
<?php
use Resident\Heap;
$config = ['db' => ['host' => 'localhost', 'port' => 5432], 'features' => ['a', 'b'], 'ratio' => 0.5];
Heap::put('config', $config);
var_dump(Heap::get('config') === $config, Heap::has('config'), Heap::has('other'));
var_dump(Heap::get('other'), Heap::get('other', 'fallback'));
// What a request does with a fetched value stays in the request.
$c = Heap::get('config');
$c['db']['port'] = 1;
var_dump(Heap::get('config')['db']['port']);
Heap::put('config', ['replaced' => true]);
var_dump(Heap::get('config'), $c['db']['host']);
Heap::put('n', 42);
$keys = Heap::keys();
sort($keys);
var_dump($keys);
$s = Heap::stats('config');
ksort($s);
echo implode(',', array_keys($s)), ': ', $s['arrays'], ' array, ', $s['strings'], ' string, ', $s['objects'], ' objects, ',
    $s['bytes'] > 0 ? 'some' : 'no', " bytes\n";
var_dump(Heap::stats('none'));
$t = Heap::stats();
echo "keys {$t['keys']}, retired {$t['retired']}, arena {$t['capacity']} bytes, ", $t['available'] < $t['capacity'] ? 'in use' : 'empty', "\n";
var_dump(Heap::remove('n'), Heap::remove('n'), Heap::has('n'));
foreach ([fn() => Heap::put('', 1), fn() => Heap::get(''), fn() => Heap::put('k', 1, -1),
          fn() => Heap::fetchOrCompute('k', fn() => 1, -5), fn() => Heap::put('k', 1, 'soon')] as $f) {
    try { $f(); } catch (Throwable $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
Heap::clear();
var_dump(Heap::keys(), Heap::stats()['keys']);
?>
--EXPECT--
bool(true)
bool(true)
bool(false)
NULL
string(8) "fallback"
int(5432)
array(1) {
  ["replaced"]=>
  bool(true)
}
string(9) "localhost"
array(2) {
  [0]=>
  string(6) "config"
  [1]=>
  string(1) "n"
}
arrays,bytes,objects,strings: 1 array, 1 string, 0 objects, some bytes
NULL
keys 2, retired 1, arena 67108864 bytes, in use
bool(true)
bool(false)
bool(false)
ValueError: Resident\Heap::put(): Argument #1 ($key) must not be empty
ValueError: Resident\Heap::get(): Argument #1 ($key) must not be empty
ValueError: Resident\Heap::put(): Argument #3 ($ttl) must be greater than or equal to 0
ValueError: Resident\Heap::fetchOrCompute(): Argument #3 ($ttl) must be greater than or equal to 0
TypeError: Resident\Heap::put(): Argument #3 ($ttl) must be of type int, string given
array(0) {
}
int(0)
