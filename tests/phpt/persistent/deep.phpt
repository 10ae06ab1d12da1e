--TEST--
Persistent: detaching a 10,000-deep nested array takes memory in proportion to the data, and a refusal at the bottom names the full path
--EXTENSIONS--
phpbind_test
--FILE--
<?php
const DEPTH = 10000;
// Keys alternate between ints and strings (one with a quote to escape).
function key_at(int $i): int|string { return $i % 3 == 0 ? $i : ($i % 3 == 1 ? "k$i" : "it's $i"); }
function nest($leaf) {
    $a = $leaf;
    for ($i = DEPTH - 1; $i >= 0; $i--) $a = [key_at($i) => $a, 'n' => $i];
    return $a;
}
$deep = nest('bottom');
$before = pb_peak_rss_kb();
pb_store('deep', $deep);
$grown_kb = pb_peak_rss_kb() - $before;
// The copy itself is a few MB; building a path string per element, each as
// long as its depth, would take hundreds.
echo "peak growth below 48 MB: ", var_export($grown_kb < 48 * 1024, true), "\n";
var_dump(pb_fetch('deep') === $deep);
$v = pb_fetch('deep');
for ($i = 0; $i < DEPTH; $i++) $v = $v[key_at($i)];
var_dump($v);

// The refusal names the exact path down to the offending element.
$fh = fopen('php://memory', 'r');
$expected = '$deep';
for ($i = 0; $i < DEPTH; $i++) {
    $k = key_at($i);
    $expected .= is_int($k) ? "[$k]" : "['" . addcslashes($k, "'\\") . "']";
}
$expected .= ': a resource cannot be detached';
$before = pb_peak_rss_kb();
try {
    pb_store('deep', nest($fh));
    echo "stored?\n";
} catch (ValueError $e) {
    echo "path exact: ", var_export($e->getMessage() === $expected, true), "\n";
    echo substr($e->getMessage(), 0, 40), " ... ", substr($e->getMessage(), -60), "\n";
}
echo "peak growth below 48 MB: ", var_export(pb_peak_rss_kb() - $before < 48 * 1024, true), "\n";
// The failed detach left the stored value as it was.
var_dump(pb_fetch('deep') === $deep);
?>
--EXPECT--
peak growth below 48 MB: true
bool(true)
string(6) "bottom"
path exact: true
$deep[0]['k1']['it\'s 2'][3]['k4']['it\' ... ['k9997']['it\'s 9998'][9999]: a resource cannot be detached
peak growth below 48 MB: true
bool(true)
