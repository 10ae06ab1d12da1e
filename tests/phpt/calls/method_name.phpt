--TEST--
Calls: php::method<"Name"> finds methods as a call by name does (case, __call, visibility, errors)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class Target {
    private int $n = 0;
    public function describe($arg) { return "describe(" . json_encode($arg) . ")"; }
    public function count() { return ++$this->n; }
    private function hidden() { return "hidden"; }
    public function callHidden() { return pb_call_hidden($this); }
}
class Magic {
    public function __call($name, $args) { return "$name via __call " . json_encode($args); }
}
class Thrower {
    public function describe($arg) { throw new RuntimeException("no $arg"); }
}
abstract class Base { abstract public function describe($arg); }
class Child extends Base { public function describe($arg) { return "child " . json_encode($arg); } }

foreach ([new Target, new Magic, new Child] as $o) {
    var_dump(pb_call_describe($o, [1, "x"]), pb_call_describe_by_string($o, [1, "x"]));
}
// The same errors as the call by name.
foreach ([new stdClass, new ArrayObject] as $o) {
    foreach (['pb_call_describe', 'pb_call_describe_by_string'] as $f) {
        try {
            $f($o, 1);
        } catch (Error $e) {
            echo get_class($e), ": ", $e->getMessage(), "\n";
        }
    }
}
try {
    pb_call_hidden(new Target);
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// From inside the class's own method, the private method is visible.
var_dump((new Target)->callHidden());
try {
    pb_call_describe(new Thrower, "arg");
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
// Many calls: one object, no string made per call.
$t = new Target;
var_dump(pb_call_count_times($t, 1000), $t->count());
// A method reached through __call is a trampoline the engine frees when the call returns: a
// result of the wrong type is still reported with the method's name.
foreach ([1, 3] as $times) {
    try {
        pb_call_count_times(new Magic, $times);
    } catch (TypeError $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
string(17) "describe([1,"x"])"
string(17) "describe([1,"x"])"
string(29) "Describe via __call [[1,"x"]]"
string(29) "Describe via __call [[1,"x"]]"
string(13) "child [1,"x"]"
string(13) "child [1,"x"]"
Error: Call to undefined method stdClass::Describe()
Error: Call to undefined method stdClass::Describe()
Error: Call to undefined method ArrayObject::Describe()
Error: Call to undefined method ArrayObject::Describe()
Error: Call to private method Target::hidden() from global scope
string(6) "hidden"
RuntimeException: no arg
int(500500)
int(1001)
TypeError: Magic::count(): Return value must be of type int, string returned
TypeError: Magic::count(): Return value must be of type int, string returned
