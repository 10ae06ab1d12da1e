--TEST--
Values: vectors of numbers read and written with their fast loops, against userland twins
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// Every length up to 9 (the loops are unrolled by 4: every remainder), lists
// and string-keyed tables (two slot sizes), holes, references and a bad
// element at every position.
$checks = 0;
function check(string $label, mixed $got, mixed $want): void {
    global $checks;
    $checks++;
    if ($got !== $want) echo "MISMATCH $label: ", var_export($got, true), " !== ", var_export($want, true), "\n";
}
function failure(callable $f): ?string {
    try { $f(); return null; } catch (TypeError $e) { return get_class($e) . ': ' . $e->getMessage(); }
}
$twice = fn(array $a) => array_values(array_map(fn($x) => $x * 2, $a));
for ($len = 0; $len <= 9; $len++) {
    $list = $len ? range(-4, $len - 5) : [];
    $assoc = $len ? array_combine(array_map(fn($i) => "k$i", array_keys($list)), $list) : [];
    check("list $len", pb_vec_double($list), $twice($list));
    check("assoc $len", pb_vec_double($assoc), $twice($list));
    check("floats $len", pb_vec_floats($list), array_map('floatval', $list));
    check("halves $len", pb_vec_floats(array_map(fn($x) => $x + 0.5, $list)), array_map(fn($x) => $x + 0.5, $list));
    check("i32 $len", pb_vec_i32($list), $list);
    check("f32 $len", pb_vec_f32(array_map(fn($x) => $x / 4.0, $list)), array_map(fn($x) => $x / 4.0, $list));
    check("u8 $len", pb_vec_u8(array_map('abs', $list)), array_map('abs', $list));
    if ($len > 1) {
        $holes = $list;
        unset($holes[1]);
        check("holes $len", pb_vec_double($holes), $twice($holes));
    }
    for ($i = 0; $i < $len; $i++) {
        $ref = $list;
        $x = 100;
        $ref[$i] = &$x;
        $want = $list;
        $want[$i] = 100;
        check("reference $len@$i", pb_vec_double($ref), $twice($want));
        check("float reference $len@$i", pb_vec_floats($ref), array_map('floatval', $want));
        unset($x, $ref);

        $mixed = array_map('floatval', $list);
        $mixed[$i] = $list[$i];  // one int among floats: converted
        check("one int $len@$i", pb_vec_floats($mixed), array_map('floatval', $list));

        $bad = $list;
        $bad[$i] = (string)$list[$i];
        check("bad $len@$i", failure(fn() => pb_vec_double($bad)),
              "TypeError: pb_vec_double(): Argument #1 (\$values) must be of type array<int>, string given at key $i");
        $bad = $assoc;
        $bad["k$i"] = null;
        check("bad assoc $len@$i", failure(fn() => pb_vec_double($bad)),
              "TypeError: pb_vec_double(): Argument #1 (\$values) must be of type array<int>, null given at key 'k$i'");
        $bad = $list;
        $bad[$i] = 2 ** 31;
        check("i32 range $len@$i", failure(fn() => pb_vec_i32($bad)) !== null, true);
        $bad = array_map('abs', $list);
        $bad[$i] = 256;
        check("u8 range $len@$i", failure(fn() => pb_vec_u8($bad)) !== null, true);
    }
}
echo "$checks checks\n";
// What a range error says.
echo failure(fn() => pb_vec_u8([1, 2, 300])), "\n";
echo failure(fn() => pb_vec_u8([1, -1])), "\n";
echo failure(fn() => pb_vec_floats([1.5, "2"])), "\n";
// Larger than the unrolled blocks, and a table after deletions that left no holes.
$big = range(0, 9999);
check("big", pb_vec_double($big), $twice($big));
$t = ['x' => 1, 'y' => 2, 'z' => 3];
unset($t['z']);
check("trimmed", pb_vec_double($t), [2, 4]);
echo "done\n";
?>
--EXPECT--
393 checks
TypeError: pb_vec_u8(): Argument #1 ($values) must be of type array<int>, int 300 (not in 0..255) given at key 2
TypeError: pb_vec_u8(): Argument #1 ($values) must be of type array<int>, int -1 (not in 0..255) given at key 1
TypeError: pb_vec_floats(): Argument #1 ($values) must be of type array<float>, string given at key 1
done
