--TEST--
Values: casters for vector, map, unordered_map, pair, tuple, variant, function, optional
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
t(fn() => pb_vec_double([1, 2, 3]));
t(fn() => pb_vec_double(['a' => 1, 'b' => 2]));
t(fn() => pb_vec_double([]));
t(fn() => pb_vec_double([1, "2", 3]));
t(fn() => pb_vec_double("x"));
t(fn() => pb_vec_strings(["a", "b"]));
t(fn() => pb_vec_floats([1, 2.5]));
t(fn() => pb_map_count(["a", "b", "a"]));
t(fn() => pb_map_invert(["x" => 1, "y" => 2]));
t(fn() => pb_map_invert([5 => 1]));
t(fn() => pb_umap_total(["a" => 1, "b" => 5]));
t(fn() => pb_map_small_keys([1 => true, 200 => false]));
t(fn() => pb_map_small_keys([300 => true]));
t(fn() => pb_map_small_keys(["k" => true]));
t(fn() => pb_pair_swap([1, "one"]));
t(fn() => pb_pair_swap([1]));
t(fn() => pb_pair_swap(['a' => 1, 'b' => 'x']));
t(fn() => pb_tuple_echo([1, 2.5, "s"]));
t(fn() => pb_tuple_echo([1, 2.5, 3]));
t(fn() => pb_variant_next(1));
t(fn() => pb_variant_next("a"));
t(fn() => pb_variant_next(2.0));
t(fn() => pb_variant_next(2.5));
t(fn() => pb_variant_next([]));
t(fn() => pb_variant_kind(1));
t(fn() => pb_variant_kind(true));
t(fn() => pb_variant_kind("1.5"));
t(fn() => pb_variant_kind("abc"));
t(fn() => pb_map_with(fn($x) => $x * $x, [1, 2, 3]));
t(fn() => pb_map_with(fn($x) => "not an int", [1]));
t(fn() => pb_opt_vec());
t(fn() => pb_opt_vec([1]));
t(fn() => pb_opt_vec(null));
foreach (['pb_vec_double', 'pb_map_count', 'pb_pair_swap', 'pb_variant_next', 'pb_variant_kind', 'pb_map_with', 'pb_opt_vec'] as $f) {
    $r = new ReflectionFunction($f);
    echo $f, '(', implode(', ', array_map(fn($p) => $p->getType() . ' $' . $p->getName(), $r->getParameters())), '): ', $r->getReturnType(), "\n";
}
?>
--EXPECTF--
array(3) {
  [0]=>
  int(2)
  [1]=>
  int(4)
  [2]=>
  int(6)
}
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(4)
}
array(0) {
}
TypeError: pb_vec_double(): Argument #1 ($values) must be of type array<int>, string given at key 1
TypeError: pb_vec_double(): Argument #1 ($values) must be of type array, string given
array(2) {
  [0]=>
  string(3) "<a>"
  [1]=>
  string(3) "<b>"
}
array(2) {
  [0]=>
  float(1)
  [1]=>
  float(2.5)
}
array(2) {
  ["a"]=>
  int(2)
  ["b"]=>
  int(1)
}
array(2) {
  [1]=>
  string(1) "x"
  [2]=>
  string(1) "y"
}
array(1) {
  [1]=>
  string(1) "5"
}
int(6)
array(2) {
  [1]=>
  bool(true)
  [200]=>
  bool(false)
}
TypeError: pb_map_small_keys(): Argument #1 ($map) must be of type array<int,bool>, key 300 is not allowed
TypeError: pb_map_small_keys(): Argument #1 ($map) must be of type array<int,bool>, key 'k' is not allowed
array(2) {
  [0]=>
  string(3) "one"
  [1]=>
  int(1)
}
TypeError: pb_pair_swap(): Argument #1 ($pair) must be of type array{int, string}, array of 1 element given
TypeError: pb_pair_swap(): Argument #1 ($pair) must be of type array{int, string}, array that is not a list given
array(3) {
  [0]=>
  int(1)
  [1]=>
  float(2.5)
  [2]=>
  string(1) "s"
}
TypeError: pb_tuple_echo(): Argument #1 ($tuple) must be of type array{int, float, string}, int given at key 2
int(2)
string(2) "a+"
int(3)

Deprecated: Implicit conversion from float 2.5 to int loses precision in %s on line %d
int(3)
TypeError: pb_variant_next(): Argument #1 ($value) must be of type string|int, array given
string(14) "float:1.000000"
string(9) "bool:true"
string(14) "float:1.500000"
string(9) "bool:true"
array(3) {
  [0]=>
  int(1)
  [1]=>
  int(4)
  [2]=>
  int(9)
}
TypeError: {closure%S}(): Return value must be of type int, string returned
NULL
array(1) {
  [0]=>
  int(1)
}
NULL
pb_vec_double(array $values): array
pb_map_count(array $words): array
pb_pair_swap(array $pair): array
pb_variant_next(string|int $value): string|int
pb_variant_kind(float|bool $value): string
pb_map_with(callable $callback, array $values): array
pb_opt_vec(?array $values): ?array
