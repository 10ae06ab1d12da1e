--TEST--
Functions: std::optional<T> is ?T; php::Value / php::ValueView are mixed
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_opt_int(null), pb_opt_int(21), pb_opt_int("4"));
var_dump(pb_opt_str(), pb_opt_str(null), pb_opt_str("x"), pb_opt_str(5));
foreach ([null, true, 1, 1.5, "s", [1], new stdClass, fopen("php://memory", "r")] as $v) {
    echo pb_type_of($v), " ";
}
echo "\n";
$a = [1, [2, 3]];
$b = pb_identity($a);
var_dump($b === $a);
$o = new stdClass;
var_dump(pb_identity($o) === $o);
for ($k = 0; $k <= 4; $k++) var_dump(pb_make_value($k));
?>
--EXPECT--
NULL
int(42)
int(8)
string(4) "null"
string(4) "null"
string(5) "got:x"
string(5) "got:5"
null bool int float string array stdClass resource 
bool(true)
bool(true)
NULL
bool(true)
int(42)
float(2.5)
string(4) "text"
