--TEST--
Values: php::Array / php::ArrayView — building, lookups, iteration, copy-on-write
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$a = pb_build_array();
var_dump($a);
echo pb_describe($a), "\n", pb_describe([1, 2, 3]), "\n", pb_describe([]), "\n";
echo pb_describe(['a' => [1], 'b' => new stdClass, 7 => 1.5]), "\n";
// Holes and a packed array after unset.
$p = [1, 2, 3, 4]; unset($p[1]);
echo pb_describe($p), "\n";

// Copy-on-write: the C++ side writes to its copy; the caller's array is untouched.
$orig = [1, 2, 3];
$alias = $orig;
$new = pb_cow_write($orig);
var_dump($orig === [1, 2, 3], $alias === $orig, $new);

echo pb_lookups(["name" => "x", 0 => 1]), "\n", pb_lookups([]), "\n";
var_dump(pb_sum_ints([1, 2, "x", 3, [4]]));
var_dump(pb_erase_and_clear(["a" => 1, "b" => 2], "a"), pb_erase_and_clear(["a" => 1], "zz"));
// Numeric string keys are int keys, as in PHP.
var_dump(pb_build_array()[5] === pb_build_array()["5"]);
?>
--EXPECT--
array(6) {
  [0]=>
  int(1)
  [1]=>
  string(3) "two"
  ["key"]=>
  float(3.5)
  [10]=>
  bool(true)
  [5]=>
  string(18) "numeric string key"
  [11]=>
  NULL
}
size=6 map: 0=>int 1=>string 'key'=>float 10=>bool 5=>string 11=>null
size=3 list: 0=>int 1=>int 2=>int
size=0 list:
size=3 map: 'a'=>array 'b'=>stdClass 7=>float
size=3 map: 0=>int 2=>int 3=>int
bool(true)
bool(true)
array(3) {
  [1]=>
  int(2)
  [2]=>
  int(3)
  ["added"]=>
  int(1)
}
has name;has 0;name=x;at: Undefined array key missing;
no name;no 0;at: Undefined array key missing;
int(6)
array(3) {
  ["erased"]=>
  bool(true)
  ["size_after"]=>
  int(1)
  ["size_cleared"]=>
  int(0)
}
array(3) {
  ["erased"]=>
  bool(false)
  ["size_after"]=>
  int(1)
  ["size_cleared"]=>
  int(0)
}
bool(true)
