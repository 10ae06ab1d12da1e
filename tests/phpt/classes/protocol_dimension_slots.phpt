--TEST--
Classes: ArrayAccess over the class's own storage (a Get returning php::Value*) — nested writes, references, compound assignment and unset through a dimension reach the element, as for a userland ArrayAccess class whose offsetGet returns by reference
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The userland twin of PhpBind\Cupboard (tests/ext/protocols.cpp).
class UserCupboard implements ArrayAccess {
    private array $items = [];
    public function offsetExists(mixed $i): bool { return is_int($i) && $i >= 0 && $i < count($this->items); }
    public function &offsetGet(mixed $i): mixed {
        if (!$this->offsetExists($i)) throw new OutOfRangeException("Cupboard offset $i is out of range");
        return $this->items[$i];
    }
    public function offsetSet(mixed $i, mixed $v): void {
        if ($i === null) { $this->items[] = $v; return; }
        if (!is_int($i)) throw new TypeError("Cupboard offset must be of type int");
        if (!$this->offsetExists($i)) throw new OutOfRangeException("Cupboard offset $i is out of range");
        $this->items[$i] = $v;
    }
    public function offsetUnset(mixed $i): void {
        if (!$this->items || $i !== count($this->items) - 1) throw new LogicException("Cupboard: only the last element can be unset");
        array_pop($this->items);
    }
    public function all(): array { return array_map(fn($v) => $v, $this->items); }
}
set_error_handler(function ($no, $msg) { echo "[", str_replace(['PhpBind\Cupboard', 'UserCupboard'], 'CUPBOARD', $msg), "] "; return true; });
function fill(object $s): object {
    foreach ([[1], 'a', 3, [3, 1, 2], new stdClass, null] as $v) $s[] = $v;
    return $s;
}
function run(object $s, Closure $f): string {
    ob_start();
    try {
        var_export($f(fill($s)));
        echo " / ";
        var_export($s->all());
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage();
    }
    return str_replace("\n", " ", ob_get_clean());
}
$cases = [
    '$s[0][] = 5' => function ($s) { $s[0][] = 5; return $s[0]; },
    '$s[0]["k"]["j"] = "v"' => function ($s) { $s[0]["k"]["j"] = "v"; return $s[0]; },
    '$s[5][] = 1 (null element)' => function ($s) { $s[5][] = 1; return $s[5]; },
    '$x = &$s[1]; $x = "b"' => function ($s) { $x = &$s[1]; $x = "b"; $r = [$s[1]]; $x = "c"; $r[] = $s[1]; unset($x); $s[1] = "d"; $r[] = $s[1]; return $r; },
    '$s[1] .= "z"; $s[2] += 4' => function ($s) { $s[1] .= "z"; $s[2] += 4; return [$s[1], $s[2]]; },
    '$s[2]++; --$s[2]; $s[2]--' => function ($s) { $s[2]++; $a = $s[2]++; --$s[2]; $s[2]--; return [$a, $s[2]]; },
    'unset($s[0][0]); unset($s[3][1])' => function ($s) { unset($s[0][0]); unset($s[3][1]); return [$s[0], $s[3]]; },
    'sort($s[3])' => function ($s) { sort($s[3]); return $s[3]; },
    'foreach ($s[3] as &$v)' => function ($s) { foreach ($s[3] as &$v) { $v *= 10; } unset($v); return $s[3]; },
    '$s[4]->p = 1' => function ($s) { $s[4]->p = 1; $s[4]->q[] = 2; return $s[4]; },
    '$s[0]->p = 1 (array)' => function ($s) { $s[0]->p = 1; return $s[0]; },
    '$x = &$s[1]; $s[1] = "d"' => function ($s) { $x = &$s[1]; $s[1] = "d"; return $x; },
    '[$a, $b] = $s[3]' => function ($s) { [$a, $b] = $s[3]; return [$a, $b]; },
    '$s[9][] = 1' => function ($s) { $s[9][] = 1; return 'unreachable'; },
    '$x = &$s[9]' => function ($s) { $x = &$s[9]; return 'unreachable'; },
    'unset($s[9][0])' => function ($s) { unset($s[9][0]); return 'unreachable'; },
    '$s[9] ?? "d", isset($s[0][0]), isset($s[9][0]), empty($s[5])' => fn($s) => [$s[9] ?? "d", isset($s[0][0]), isset($s[9][0]), empty($s[5])],
    '$s[0][0] ?? "d", $s[3][7] ?? "d"' => fn($s) => [$s[0][0] ?? "d", $s[3][7] ?? "d"],
    '$s->offsetGet(3)' => function ($s) { $x = &$s[3]; return $s->offsetGet(3); },
    'unset($s[5]); $s[5]' => function ($s) { unset($s[5]); return $s[5]; },
];
foreach ($cases as $label => $f) {
    $native = run(new PhpBind\Cupboard, $f);
    $user = run(new UserCupboard, $f);
    echo $label, ": ", $native === $user ? $native : "DIFFERENT\n  native: $native\n  user:   $user", "\n";
}

// `$obj[$k] = &$y` binds the element to $y (a userland ArrayAccess class cannot: "Cannot assign
// by reference to an array dimension of an object"; ArrayObject can, as here).
$s = fill(new PhpBind\Cupboard);
$y = 5;
$s[2] = &$y;
$y = 6;
$s[2] = $s[2] + 1;
var_dump($s[2], $y);
// A reference kept in the storage outlives the object; the object holding itself through a
// reference is collected.
$s = fill(new PhpBind\Cupboard);
$x = &$s[2];
unset($s);
$x++;
var_dump($x);
$s = fill(new PhpBind\Cupboard);
$s[0] = $s;
$r = &$s[0];
unset($s, $r);
var_dump(gc_collect_cycles() > 0);
?>
--EXPECT--
$s[0][] = 5: array (   0 => 1,   1 => 5, ) / array (   0 =>    array (     0 => 1,     1 => 5,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[0]["k"]["j"] = "v": array (   0 => 1,   'k' =>    array (     'j' => 'v',   ), ) / array (   0 =>    array (     0 => 1,     'k' =>      array (       'j' => 'v',     ),   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[5][] = 1 (null element): array (   0 => 1, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 =>    array (     0 => 1,   ), )
$x = &$s[1]; $x = "b": array (   0 => 'b',   1 => 'c',   2 => 'd', ) / array (   0 =>    array (     0 => 1,   ),   1 => 'd',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[1] .= "z"; $s[2] += 4: array (   0 => 'az',   1 => 7, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'az',   2 => 7,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[2]++; --$s[2]; $s[2]--: array (   0 => 4,   1 => 3, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
unset($s[0][0]); unset($s[3][1]): array (   0 =>    array (   ),   1 =>    array (     0 => 3,     2 => 2,   ), ) / array (   0 =>    array (   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
sort($s[3]): array (   0 => 1,   1 => 2,   2 => 3, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 1,     1 => 2,     2 => 3,   ),   4 =>    (object) array(   ),   5 => NULL, )
foreach ($s[3] as &$v): array (   0 => 30,   1 => 10,   2 => 20, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 30,     1 => 10,     2 => 20,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[4]->p = 1: (object) array(    'p' => 1,    'q' =>    array (     0 => 2,   ), ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(      'p' => 1,      'q' =>      array (       0 => 2,     ),   ),   5 => NULL, )
$s[0]->p = 1 (array): Error: Attempt to assign property "p" on array
$x = &$s[1]; $s[1] = "d": 'd' / array (   0 =>    array (     0 => 1,   ),   1 => 'd',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
[$a, $b] = $s[3]: array (   0 => 3,   1 => 1, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[9][] = 1: OutOfRangeException: Cupboard offset 9 is out of range
$x = &$s[9]: OutOfRangeException: Cupboard offset 9 is out of range
unset($s[9][0]): OutOfRangeException: Cupboard offset 9 is out of range
$s[9] ?? "d", isset($s[0][0]), isset($s[9][0]), empty($s[5]): array (   0 => 'd',   1 => true,   2 => false,   3 => true, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s[0][0] ?? "d", $s[3][7] ?? "d": array (   0 => 1,   1 => 'd', ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
$s->offsetGet(3): array (   0 => 3,   1 => 1,   2 => 2, ) / array (   0 =>    array (     0 => 1,   ),   1 => 'a',   2 => 3,   3 =>    array (     0 => 3,     1 => 1,     2 => 2,   ),   4 =>    (object) array(   ),   5 => NULL, )
unset($s[5]); $s[5]: OutOfRangeException: Cupboard offset 5 is out of range
int(7)
int(7)
int(4)
bool(true)
