--TEST--
Calls: php::iterate walks arrays and Traversables as foreach does (exceptions from either side end the walk and release the iterator); php::string_of, php::number_of, php::add and ValueView::compare convert and operate with PHP's rules
--EXTENSIONS--
phpbind_test
--INI--
error_reporting=-1
--SKIPIF--
<?php if (PHP_INT_SIZE < 8) die("skip the expected output is for 64-bit PHP ints (this engine's are 32-bit: wasm32)"); ?>
--FILE--
<?php
function show(callable $f) {
    try { echo json_encode($f()), "\n"; } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
// Arrays, with int and string keys; references are followed.
$x = 1; $r = &$x;
show(fn() => pb_iterate_pairs([10, "k" => "v", 5 => [1], 'r' => &$r]));
// Traversables: Iterator, IteratorAggregate, Generator (any keys), an internal class.
class It implements Iterator {
    private $i = 0;
    public function __construct(private array $a) {}
    public function current(): mixed { echo "[current]"; return $this->a[$this->i]; }
    public function key(): mixed { return "key$this->i"; }
    public function next(): void { $this->i++; }
    public function rewind(): void { echo "[rewind]"; $this->i = 0; }
    public function valid(): bool { return $this->i < count($this->a); }
}
class Agg implements IteratorAggregate { public function getIterator(): Iterator { return new ArrayIterator(['a' => 1, 'b' => 2]); } }
show(fn() => pb_iterate_pairs(new It(["x", "y"])));
show(fn() => pb_iterate_pairs(new Agg));
show(fn() => pb_iterate_pairs((function () { yield 1.5 => 'float key'; yield [1] => 'array key'; yield null => 'null'; })()));
show(fn() => pb_iterate_pairs(new ArrayObject([3, 4])));
show(fn() => pb_iterate_pairs(new SplFixedArray(2)));
// Not iterable: false, nothing called.
show(fn() => pb_iterate_pairs(new stdClass));
show(fn() => pb_iterate_pairs("abc"));
// Exceptions: from the iterator's methods, from getIterator(), and from the C++ callback
// (the iterator is released either way: the generator's finally runs).
class Bad implements Iterator {
    public function current(): mixed { throw new DomainException("current failed"); }
    public function key(): mixed { return 0; }
    public function next(): void {}
    public function rewind(): void {}
    public function valid(): bool { return true; }
}
class BadAgg implements IteratorAggregate { public function getIterator(): Iterator { throw new LogicException("no iterator"); } }
show(fn() => pb_iterate_pairs(new Bad));
show(fn() => pb_iterate_pairs(new BadAgg));
show(fn() => pb_iterate_pairs((function () { try { yield 1; yield 2; yield 3; } finally { echo "[generator finally]"; } })(), 1));
show(fn() => pb_iterate_pairs([1, 2, 3], 2));
// A generator that is already finished cannot be walked again.
$g = (function () { yield 1; })(); foreach ($g as $_) {}
show(fn() => pb_iterate_pairs($g));
// string_of: (string) with __toString, the array warning, Error for an object without it.
class S { public function __toString(): string { return "S!"; } }
class T { public function __toString(): string { throw new RuntimeException("no string"); } }
foreach ([12, 1.5, true, false, null, "s", new S, [1], new stdClass, new T] as $v) show(fn() => pb_string_of($v));
// number_of: convert_scalar_to_number.
foreach (["12", "1.5e3", "12abc", "abc", " 7", null, true, [1], 5, 2.5, new stdClass] as $v) show(fn() => pb_number_of($v));
// add: PHP's + with its errors; compare: <=>.
foreach ([[1, 2], [PHP_INT_MAX, 1], ["1.5", 1], [[1], [2, 3]], [1, [2]], ["abc", 1], [null, 3]] as [$a, $b]) show(fn() => pb_add_values($a, $b));
foreach ([[1, 2], [2, 1], ["a", "a"], [[1, 2], [1, 3]], ["10", "9"], [null, false], [new S, "S!"]] as [$a, $b]) show(fn() => pb_compare_values($a, $b));
?>
--EXPECTF--
[[0,10],["k","v"],[5,[1]],["r",1]]
[rewind][current][current][["key0","x"],["key1","y"]]
[["a",1],["b",2]]
[[1.5,"float key"],[[1],"array key"],[null,"null"]]
[[0,3],[1,4]]
[[0,null],[1,null]]
InvalidArgumentException: not iterable: stdClass
InvalidArgumentException: not iterable: string
DomainException: current failed
LogicException: no iterator
RuntimeException: stopped at element 1
[generator finally]RuntimeException: stopped at element 2
Exception: Cannot traverse an already closed generator
"12"
"1.5"
"1"
""
""
"s"
"S!"

Warning: Array to string conversion in %s on line 47
"Array"
Error: Object of class stdClass could not be converted to string
RuntimeException: no string
12
1500
12
0
7
0
1
[1]
5
2.5

Warning: Object of class stdClass could not be converted to %s in %s on line 49
1
3
9.223372036854776e+18
2.5
[1,3]
TypeError: Unsupported operand types: int + array
TypeError: Unsupported operand types: string + int
3
-1
1
0
-1
1
0
0
