--TEST--
Functions: argument handling is identical to standard functions with the same signature (strict_types=1)
--EXTENSIONS--
phpbind_test
--FILE--
<?php declare(strict_types=1);
require __DIR__ . '/twins.inc';
$call = fn(string $fn, array $args) => $fn(...$args);

$pairs = [];
foreach ($scalars as $s) {
    foreach ([2, "3", null, -1, 1.5, "x"] as $t) {
        $pairs[] = [$s, $t];
    }
}
pb_compare($call, 'str_repeat', 'pb_str_repeat', $pairs);
pb_compare($call, 'ucfirst', 'pb_ucfirst', array_map(fn($s) => [$s], $scalars));
pb_compare($call, 'sqrt', 'pb_sqrt', array_map(fn($s) => [$s], $scalars));
pb_compare($call, 'intdiv', 'pb_intdiv', $pairs);
// Argument count, named arguments, spreading.
$counts = [[], ["a"], ["a", 2, 3], ["a", 2, 3, 4]];
pb_compare($call, 'str_repeat', 'pb_str_repeat', $counts);
pb_compare($call, 'sqrt', 'pb_sqrt', [[], [1, 2]]);
pb_compare($call, 'str_repeat', 'pb_str_repeat', [
    ['times' => 2, 'string' => 'ab'],
    ['string' => 'ab'],
    ['ab', 'times' => 3],
    ['ab', 'string' => 'x'],
    ['ab', 2, 'extra' => 1],
    ['nope' => 1],
]);
foreach (['str_repeat', 'ucfirst', 'sqrt', 'intdiv'] as $f) {
    pb_compare_reflection($f, "pb_$f");
}
?>
--EXPECT--
str_repeat: 144/144 cases identical
ucfirst: 24/24 cases identical
sqrt: 24/24 cases identical
intdiv: 144/144 cases identical
str_repeat: 4/4 cases identical
sqrt: 2/2 cases identical
str_repeat: 6/6 cases identical
str_repeat: reflection identical
ucfirst: reflection identical
sqrt: reflection identical
intdiv: reflection identical
