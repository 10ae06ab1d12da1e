--TEST--
Classes: ArrayAccess reads in each of the engine's modes — "is" (isset, empty, ??) asks Has first as for a userland ArrayAccess class; a Get taking php::dim_read is told the mode
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The userland twin of PhpBind\Bag (tests/ext/classes.cpp): eight ints, offsets 0..7.
class UserBag implements ArrayAccess, Countable {
    private array $items;
    public function __construct() { $this->items = array_fill(0, 8, 0); }
    public function count(): int { return 8; }
    private function check(int $i): void {
        if (!$this->offsetExists($i)) throw new OutOfRangeException("Bag offset $i is out of range");
    }
    public function offsetGet(mixed $i): mixed { $this->check($i); return $this->items[$i]; }
    public function offsetSet(mixed $i, mixed $v): void { $this->check($i); $this->items[$i] = $v; }
    public function offsetExists(mixed $i): bool { return $i >= 0 && $i < 8; }
    public function offsetUnset(mixed $i): void { $this->offsetSet($i, 0); }
}
set_error_handler(function ($no, $msg) { echo "[notice: ", str_replace(['PhpBind\Bag', 'UserBag'], 'BAG', $msg), "] "; return true; });
function run(object $o, Closure $f): string {
    ob_start();
    try {
        var_export($f($o));
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage();
    }
    return ob_get_clean();
}
$cases = [
    '$o[9] ?? "d"' => fn($o) => $o[9] ?? "d",
    '$o[3] ?? "d"' => function ($o) { $o[3] = 30; return $o[3] ?? "d"; },
    'isset($o[9]), isset($o[3])' => fn($o) => [isset($o[9]), isset($o[3])],
    'empty($o[9]), empty($o[4])' => fn($o) => [empty($o[9]), empty($o[4])],
    '$o[9][0] ?? "deep"' => fn($o) => $o[9][0] ?? "deep",
    'isset($o[1][0])' => fn($o) => isset($o[1][0]),
    '$o[9]' => fn($o) => $o[9],
    '$o[1][] = 5' => function ($o) { $o[1][] = 5; return $o[1]; },
    '$x = &$o[1]; $x = 9' => function ($o) { $x = &$o[1]; $x = 9; return $o[1]; },
    '$o[2] += 4' => function ($o) { $o[2] += 4; return $o[2]; },
];
foreach ($cases as $what => $f) {
    $a = run(new PhpBind\Bag, $f);
    $b = run(new UserBag, $f);
    echo $what, ": ", $a === $b ? $a : "phpbind: $a | userland: $b", "\n";
}
restore_error_handler();

// Told the mode: a missing (negative) offset is null in "is" mode, an exception otherwise.
$m = new PhpBind\ModeLog;
$steps = [
    'read' => fn() => $m[1],
    'offsetGet()' => fn() => $m->offsetGet(2),
    '??' => fn() => $m[-1] ?? "default",
    'isset' => fn() => [isset($m[-1]), isset($m[1])],
    'empty' => fn() => empty($m[1]),
    'nested ??' => fn() => $m[-1]["x"] ?? "deep",
    'missing' => fn() => $m[-1],
    'nested write' => function () use ($m) { $m[1][] = "x"; },
    'reference' => function () use ($m) { $r = &$m[3]; },
    'nested unset' => function () use ($m) { unset($m[4][0]); },
];
set_error_handler(function ($no, $msg) { echo "[notice: $msg] "; return true; });
foreach ($steps as $what => $f) {
    echo str_pad($what, 13), ": ";
    try {
        echo json_encode($f());
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage();
    }
    echo "  reads: ", implode(" ", $m->log()), "\n";
}
?>
--EXPECT--
$o[9] ?? "d": 'd'
$o[3] ?? "d": 30
isset($o[9]), isset($o[3]): array (
  0 => false,
  1 => true,
)
empty($o[9]), empty($o[4]): array (
  0 => true,
  1 => true,
)
$o[9][0] ?? "deep": 'deep'
isset($o[1][0]): false
$o[9]: OutOfRangeException: Bag offset 9 is out of range
$o[1][] = 5: [notice: Indirect modification of overloaded element of BAG has no effect] Error: Cannot use a scalar value as an array
$x = &$o[1]; $x = 9: [notice: Indirect modification of overloaded element of BAG has no effect] 0
$o[2] += 4: 4
read         : "v1"  reads: plain:1
offsetGet()  : "v2"  reads: plain:2
??           : "default"  reads: is:-1
isset        : [false,true]  reads: 
empty        : false  reads: is:1
nested ??    : "deep"  reads: is:-1
missing      : OutOfRangeException: ModeLog offset -1 is out of range  reads: plain:-1
nested write : [notice: Indirect modification of overloaded element of PhpBind\ModeLog has no effect] Error: [] operator not supported for strings  reads: write:1
reference    : [notice: Indirect modification of overloaded element of PhpBind\ModeLog has no effect] null  reads: write:3
nested unset : [notice: Indirect modification of overloaded element of PhpBind\ModeLog has no effect] Error: Cannot unset string offsets  reads: unset:4
