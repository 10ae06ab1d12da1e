--TEST--
Values: php::ArrayView's iteration over arrays holding PHP references, holes and nested references gives each element's value, as foreach does (packed and hash tables)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The userland twin of pb_describe() (zend_zval_type_name(): an object by its class): foreach
// sees through references.
function twin(array $a): string {
    $names = ['integer' => 'int', 'double' => 'float', 'boolean' => 'bool', 'NULL' => 'null'];
    $out = 'size=' . count($a) . (array_is_list($a) ? ' list' : ' map') . ':';
    foreach ($a as $k => $v) {
        $t = gettype($v);
        $out .= ' ' . (is_string($k) ? "'$k'" : $k) . '=>' . (is_object($v) ? get_class($v) : ($names[$t] ?? $t));
    }
    return $out;
}
$x = 1; $s = 'str'; $f = 1.5; $n = null; $arr = [1]; $o = new stdClass; $b = true;
$cases = [];
$cases['packed, every element a reference'] = [&$x, &$s, &$f, &$n, &$arr, &$o, &$b];
$cases['packed, references among values'] = [0, &$x, 'v', &$s, [2], &$arr];
$holes = [1, &$x, 3, &$s, 5, 6];
unset($holes[0], $holes[3], $holes[5]);
$cases['packed with holes'] = $holes;
$cases['hash, references'] = ['a' => &$x, 'b' => 2, 'c' => &$o, 10 => &$n];
$hash = ['a' => 1, 'b' => &$s, 'c' => 3, 'd' => &$f];
unset($hash['a'], $hash['b']);
$cases['hash with holes'] = $hash;
$ref = [&$x];
$cases['a reference to an array of references'] = [&$ref, &$cases['packed with holes']];
$cases['one reference only'] = [&$n];
$last = [1, 2, &$x];
unset($last[2]);
$cases['the last element removed'] = $last;
foreach ($cases as $name => $a) {
    $got = pb_describe($a);
    echo $name, ': ', $got === twin($a) ? "as foreach\n" : "differs:\n  $got\n  " . twin($a) . "\n";
}
// Sums through references, and the references left as they were.
$y = 40;
$list = [1, &$y, 'x', &$y];
echo pb_sum_ints($list), ' ', $y, "\n";
$y = 2;
echo pb_sum_ints($list), "\n";
echo pb_describe([&$x, &$s]), "\n";
?>
--EXPECT--
packed, every element a reference: as foreach
packed, references among values: as foreach
packed with holes: as foreach
hash, references: as foreach
hash with holes: as foreach
a reference to an array of references: as foreach
one reference only: as foreach
the last element removed: as foreach
81 40
5
size=2 list: 0=>int 1=>string
