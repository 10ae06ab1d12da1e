--TEST--
Values: php::String (shared, separated on write), php::ObjectView properties and methods
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$s = "abc";
var_dump(pb_str_append($s, "def"), $s);
var_dump(pb_str_equal("a", "a"), pb_str_equal("a", "b"), pb_str_equal("a\0b", "a\0b"), pb_str_hash_equal("xyz", "xy" . "z"));

class Box implements Countable { public $name = "box"; public $touched = false; private $secret = 1;
    function count(): int { return 3; } function times($x) { return $x * 10; } }
$o = new Box;
var_dump(pb_inspect_object($o), $o->touched);
var_dump(pb_object_method($o, "times", 4));
try { pb_object_method($o, "nope", 1); } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { pb_inspect_object(new stdClass); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { pb_inspect_object("not an object"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
?>
--EXPECTF--
string(6) "abcdef"
string(3) "abc"
bool(true)
bool(false)
bool(true)
int(1)
array(4) {
  ["class"]=>
  string(3) "Box"
  ["is_countable"]=>
  bool(true)
  ["is_unknown"]=>
  bool(false)
  ["name"]=>
  string(3) "box"
}
bool(true)
int(40)
Error: Call to undefined method Box::nope()

Warning: Undefined property: stdClass::$name in %s on line %d
pb_inspect_object(): Argument #1 ($object) must be of type object, string given
