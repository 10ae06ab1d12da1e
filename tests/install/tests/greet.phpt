--TEST--
consumer_greet(), from an extension built against the installed phpbind
--EXTENSIONS--
consumer
--FILE--
<?php
echo consumer_greet("phpt"), "\n";
try {
    consumer_greet([]);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
echo getenv("PHPBIND_TEST_MODE"), "\n";
?>
--EXPECTF--
hello, phpt
consumer_greet(): Argument #1 ($who) must be of type string, array given
%r(plain|valgrind|asan)%r
