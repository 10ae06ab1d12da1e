--TEST--
Values: php::Array, php::Object and php::String become php::Value (a recursive builder returning mixed), moved or copied
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The userland twin of the C++ builder.
function twin_tree(int $depth, mixed $leaf = null): mixed {
    if ($depth <= 0) return $leaf ?? "leaf";
    $level = [twin_tree($depth - 1, $leaf)];
    $box = new ArrayObject($level);
    $level[] = $box;
    $level['box_is_same'] = true;
    $level['label'] = "depth $depth";
    return $level;
}
var_dump(pb_value_tree(1));
foreach ([0, 1, 2, 5] as $depth) {
    foreach ([null, 42, "s", [1, [2]]] as $leaf) {
        $a = serialize(pb_value_tree($depth, $leaf));
        $b = serialize(twin_tree($depth, $leaf));
        if ($a !== $b) echo "depth $depth, leaf ", var_export($leaf, true), ": $a | $b\n";
    }
}
// An object leaf is the caller's own object, shared, not copied.
$leaf = new stdClass;
$t = pb_value_tree(2, $leaf);
var_dump($t[0][0] === $leaf, $t[1][0][0] === $leaf);
echo "done\n";
?>
--EXPECTF--
array(4) {
  [0]=>
  string(4) "leaf"
  [1]=>
  object(ArrayObject)#%d (1) {
    ["storage":"ArrayObject":private]=>
    array(1) {
      [0]=>
      string(4) "leaf"
    }
  }
  ["box_is_same"]=>
  bool(true)
  ["label"]=>
  string(7) "depth 1"
}
bool(true)
bool(true)
done
