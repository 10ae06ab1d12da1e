--TEST--
php::weak<T> call results: PHP's weak rules for a return type, held to userland closures declaring it
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// No strict_types here: the twins convert their results with the weak rules.
class S { function __toString(): string { return "str"; } }
class T { function __toString(): string { throw new RuntimeException("from __toString"); } }
$values = [42, -7, 1.5, 2.0, 1e100, NAN, INF, true, false, null, "42", " 42", "42 ", "4x", "x", "1.5", "1e3", "",
           [], [1], new S, new stdClass, PHP_INT_MAX, "9223372036854775808", "\0", "0x1A"];
$twins = [
    'string' => fn($v) => (function () use ($v): string { return $v; })(),
    'int' => fn($v) => (function () use ($v): int { return $v; })(),
    'float' => fn($v) => (function () use ($v): float { return $v; })(),
    'bool' => fn($v) => (function () use ($v): bool { return $v; })(),
    '?int' => fn($v) => (function () use ($v): ?int { return $v; })(),
];
function run(callable $f) {
    $notes = [];
    set_error_handler(function ($no, $str) use (&$notes) { $notes[] = $str; return true; });
    try {
        $r = var_export($f(), true);
    } catch (Throwable $e) {
        $r = get_class($e) . ": " . $e->getMessage();
    }
    restore_error_handler();
    // PHP 8.4 names closures {closure:file:line}, and a closure made inside another
    // {closure:{closure:file:line}:line}; the two sides are different closures.
    $r = preg_replace('/\{closure:(?:[^{}]|(?R))*\}/', '{closure}', $r);
    return $r . ($notes ? " [" . implode("; ", $notes) . "]" : "");
}
$same = 0;
foreach ($twins as $type => $twin) {
    foreach ($values as $i => $v) {
        $a = run(fn() => pb_weak_result($type, fn() => $v));
        $b = run(fn() => $twin($v));
        if ($a === $b) $same++;
        else echo "$type #$i:\n  phpbind: $a\n  php:     $b\n";
    }
}
echo "$same of ", count($twins) * count($values), " the same\n";

// A few spelled out.
var_dump(pb_weak_result('string', fn() => 42), pb_weak_result('int', fn() => "17"), pb_weak_result('string', fn() => new S));
echo run(fn() => pb_weak_result('int', fn() => 2.5)), "\n";
echo run(fn() => pb_weak_result('string', fn() => [])), "\n";
// A __toString that throws: its exception reaches C++ as it is (the engine
// raises a TypeError with it as the previous exception).
echo run(fn() => pb_weak_result('string', fn() => new T)), "\n";
// The error handler that sees a deprecation may throw.
set_error_handler(function ($no, $str) { throw new ErrorException($str); });
try {
    pb_weak_result('int', fn() => 2.5);
} catch (ErrorException $e) {
    echo "ErrorException: ", $e->getMessage(), "\n";
}
restore_error_handler();
// A C++ integer type narrower than PHP's int: a result outside it is a
// ValueError naming the range, weak or strict.
echo run(fn() => pb_weak_result('u8', fn() => 300)), "\n";
echo run(fn() => pb_weak_result('u8', fn() => "-1")), "\n";
echo run(fn() => pb_weak_result('strict u8', fn() => 256)), "\n";
echo run(fn() => pb_weak_result('strict u8', fn() => "7")), "\n";
echo run(fn() => pb_weak_result('u8', fn() => "7")), "\n";
echo run(fn() => pb_weak_result('nope', fn() => 1)), "\n";
?>
--EXPECT--
130 of 130 the same
string(2) "42"
int(17)
string(3) "str"
2 [Implicit conversion from float 2.5 to int loses precision]
TypeError: {closure}(): Return value must be of type string, array returned
RuntimeException: from __toString
ErrorException: Implicit conversion from float 2.5 to int loses precision
ValueError: {closure}(): Return value must be between 0 and 255, 300 returned
ValueError: {closure}(): Return value must be between 0 and 255, -1 returned
ValueError: {closure}(): Return value must be between 0 and 255, 256 returned
TypeError: {closure}(): Return value must be of type int, string returned
7
ValueError: pb_weak_result(): Argument #1 ($type) must be one of string, int, float, bool, ?int, u8, strict u8
