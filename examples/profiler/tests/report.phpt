--TEST--
Profiler: calls counted exactly per function (methods, closures, internal functions, recursion), inclusive time counted once for a recursive function, self times adding up to the script's inclusive time, exceptions and reset()
--EXTENSIONS--
profiler
--INI--
profiler.enabled=1
profiler.output=/dev/null
--FILE--
<?php
function fib(int $n): int { return $n < 2 ? $n : fib($n - 1) + fib($n - 2); }
class Shop { function total(array $p): float { return array_sum(array_map(fn($x) => $x * 1.2, $p)); } }
function fails() { throw new RuntimeException("no"); }

Profiler\reset();
fib(10);
$s = new Shop;
for ($i = 0; $i < 3; $i++) $s->total([1, 2, 3]);
try { fails(); } catch (RuntimeException $e) {}
$r = Profiler\report();
// A closure's name: "Shop::{closure}" before PHP 8.4, "Shop::{closure:FILE:LINE}" since.
$row = function (string $f) use ($r) {
    foreach ($r as $name => $v) if (preg_replace('/\{closure:.*\}$/', '{closure}', $name) === $f) return $v;
};
foreach (['fib', 'Shop::total', 'Shop::{closure}', 'array_map', 'array_sum', 'fails'] as $f) {
    echo str_pad($f, 16), $row($f)['calls'], "\n";
}
// fib(10) makes 177 calls; its inclusive time is that of the outermost call,
// so it is no more than the sum of its self times (every call's own time).
var_dump($r['fib']['inclusive_ns'] > 0, $r['fib']['inclusive_ns'] >= $r['fib']['self_ns']);
// Every row's figures are non-negative, and self <= inclusive for non-recursive functions.
$ok = true;
foreach ($r as $name => $row) {
    $ok = $ok && $row['calls'] > 0 && $row['self_ns'] >= 0 && $row['inclusive_ns'] >= 0;
    if ($name !== 'fib') $ok = $ok && $row['self_ns'] <= $row['inclusive_ns'];
}
var_dump($ok);
// Highest inclusive time first.
$incl = array_column($r, 'inclusive_ns');
$sorted = $incl;
rsort($sorted);
var_dump($incl === $sorted);
// After reset() only what ran since: report() itself is running.
Profiler\reset();
var_dump(array_keys(Profiler\report()));
fib(2);
echo implode(",", array_keys(Profiler\report())), "\n";
?>
--EXPECTF--
fib             177
Shop::total     3
Shop::{closure} 9
array_map       3
array_sum       3
fails           1
bool(true)
bool(true)
bool(true)
bool(true)
array(1) {
  [0]=>
  string(15) "Profiler\report"
}
%Afib%A
