--TEST--
__EXT__: greet() and Tally, with the errors bad input gets
--EXTENSIONS--
__EXT__
--FILE--
<?php
echo __NS__\greet("world"), "\n";
$t = new __NS__\Tally(10);
$t->add(5);
echo $t->add(2), " ", json_encode($t->history()), "\n";
try {
    $t->add(-1);
} catch (ValueError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    $t->add("many");
} catch (TypeError $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
Hello, world!
17 [5,2]
ValueError: __NS__\Tally::add(): Argument #1 ($n) must be greater than or equal to 0
TypeError: __NS__\Tally::add(): Argument #1 ($n) must be of type int, string given
