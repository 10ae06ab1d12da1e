--TEST--
Values: a wrong element deep inside nested containers is named by its full key path and its own type
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The engine's own word for a value in "..., X given" (8.3+ says "false", 8.2 "bool"), from a
// plain PHP function's TypeError on this engine: phpbind's message must use the same word.
function engine_given_name($v): string {
    try { (function (array $x) {})($v); } catch (TypeError $e) {
        if (preg_match('/must be of type array, (\S+) given/', $e->getMessage(), $m)) return $m[1];
    }
    return "(no TypeError from PHP)";
}
// $named: label => value whose name, where the engine's name is expected, is printed as <label as the engine names it>.
function t(callable $f, array $named = []) {
    try { var_dump($f()); } catch (Throwable $e) {
        $message = $e->getMessage();
        foreach ($named as $label => $v) {
            $message = str_replace(", " . engine_given_name($v) . " given", ", <$label as the engine names it> given", $message);
        }
        echo get_class($e), ": ", $message, "\n";
    }
}
// std::vector<std::vector<int64_t>>
t(fn() => pb_vec_vec([[1, 2], [3]]));
t(fn() => pb_vec_vec([[1, "x"]]));
t(fn() => pb_vec_vec([[1, 2], "x"]));
t(fn() => pb_vec_vec([[1, 2], [3, [4]]]));
t(fn() => pb_vec_vec(['a' => [1], 'b' => [2, 3, null]]));
$ref = "r";
t(fn() => pb_vec_vec([[1, &$ref]]));
// three levels
t(fn() => pb_vec3([[["a"]], [["b"], ["c", 5]]]));
// std::map<std::string, std::vector<int64_t>>
t(fn() => pb_map_vec(['a' => [1, 2.5]]));
t(fn() => pb_map_vec(['a' => 5]));
t(fn() => pb_map_vec(["it's" => [0, 1, 2, false]]), ['false' => false]);
// std::vector<std::map<std::string, double>>
t(fn() => pb_vec_map([['x' => 1.0, 'y' => 'no']]));
t(fn() => pb_vec_map([[], [7 => 1.5, 'z' => []]]));
// std::map<int64_t, std::map<uint8_t, bool>>: a wrong key is named by its path
t(fn() => pb_map_map([5 => [1 => true, 'k' => false]]));
t(fn() => pb_map_map([5 => [300 => true]]));
t(fn() => pb_map_map(['k' => []]));
// std::vector<std::pair<int64_t, std::string>>
t(fn() => pb_vec_pair([[1, 'a'], [2, 3]]));
t(fn() => pb_vec_pair([[1, 'a'], [2]]));
t(fn() => pb_vec_pair([[1, 'a'], ['x' => 2, 'y' => 'b']]));
t(fn() => pb_vec_pair([[1, 'a'], 'b']));
// std::tuple<std::string, std::vector<int64_t>> at the top
t(fn() => pb_tuple_vec(['s', [1, 2, 'three']]));
t(fn() => pb_tuple_vec(['s']));
// std::vector<std::optional<std::vector<int64_t>>>: null is fine, a bad inner element is not
t(fn() => pb_vec_opt_vec([[1], null, [2, 'z']]));
// std::vector<std::variant<int64_t, std::vector<int64_t>>>: an array can only be the vector alternative
t(fn() => pb_vec_variant([1, [2, 3], [4, 'x']]));
t(fn() => pb_vec_variant([1, 'x']));
?>
--EXPECT--
int(3)
TypeError: pb_vec_vec(): Argument #1 ($v) must be of type array<array<int>>, string given at key [0][1]
TypeError: pb_vec_vec(): Argument #1 ($v) must be of type array<array<int>>, string given at key 1
TypeError: pb_vec_vec(): Argument #1 ($v) must be of type array<array<int>>, array given at key [1][1]
TypeError: pb_vec_vec(): Argument #1 ($v) must be of type array<array<int>>, null given at key ['b'][2]
TypeError: pb_vec_vec(): Argument #1 ($v) must be of type array<array<int>>, string given at key [0][1]
TypeError: pb_vec3(): Argument #1 ($v) must be of type array<array<array<string>>>, int given at key [1][1][1]
TypeError: pb_map_vec(): Argument #1 ($m) must be of type array<string,array<int>>, float given at key ['a'][1]
TypeError: pb_map_vec(): Argument #1 ($m) must be of type array<string,array<int>>, int given at key 'a'
TypeError: pb_map_vec(): Argument #1 ($m) must be of type array<string,array<int>>, <false as the engine names it> given at key ['it's'][3]
TypeError: pb_vec_map(): Argument #1 ($v) must be of type array<array<string,float>>, string given at key [0]['y']
TypeError: pb_vec_map(): Argument #1 ($v) must be of type array<array<string,float>>, array given at key [1]['z']
TypeError: pb_map_map(): Argument #1 ($m) must be of type array<int,array<int,bool>>, key [5]['k'] is not allowed
TypeError: pb_map_map(): Argument #1 ($m) must be of type array<int,array<int,bool>>, key [5][300] is not allowed
TypeError: pb_map_map(): Argument #1 ($m) must be of type array<int,array<int,bool>>, key 'k' is not allowed
TypeError: pb_vec_pair(): Argument #1 ($v) must be of type array<array{int, string}>, int given at key [1][1]
TypeError: pb_vec_pair(): Argument #1 ($v) must be of type array<array{int, string}>, array of 1 element given at key 1
TypeError: pb_vec_pair(): Argument #1 ($v) must be of type array<array{int, string}>, array that is not a list given at key 1
TypeError: pb_vec_pair(): Argument #1 ($v) must be of type array<array{int, string}>, string given at key 1
TypeError: pb_tuple_vec(): Argument #1 ($t) must be of type array{string, array<int>}, string given at key [1][2]
TypeError: pb_tuple_vec(): Argument #1 ($t) must be of type array{string, array<int>}, array of 1 element given
TypeError: pb_vec_opt_vec(): Argument #1 ($v) must be of type array<?array<int>>, string given at key [2][1]
TypeError: pb_vec_variant(): Argument #1 ($v) must be of type array<int|array<int>>, string given at key [2][1]
TypeError: pb_vec_variant(): Argument #1 ($v) must be of type array<int|array<int>>, string given at key 1
