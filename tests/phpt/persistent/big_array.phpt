--TEST--
Persistent: a 100,000-element detached array is fetched in O(1) (no copy), and reads back exactly
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$big = range(0, 99999);
$big['key'] = 'value';
pb_store('big', $big);
pb_store('small', range(0, 9));
$t0 = hrtime(true); for ($i = 0; $i < 1000; $i++) { $x = pb_fetch('big'); } $big_ns = (hrtime(true) - $t0) / 1000;
$t0 = hrtime(true); for ($i = 0; $i < 1000; $i++) { $x = pb_fetch('small'); } $small_ns = (hrtime(true) - $t0) / 1000;
// A copy of 100,000 elements would take orders of magnitude longer than a 10-element fetch.
var_dump($big_ns < 50 * max($small_ns, 100));
var_dump(pb_fetch('big') == $big, count(pb_fetch('big')), pb_fetch('big')[99999], pb_fetch('big')['key']);
?>
--EXPECT--
bool(true)
bool(true)
int(100001)
int(99999)
string(5) "value"
