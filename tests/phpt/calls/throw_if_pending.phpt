--TEST--
php::throw_if_pending(): an exception the engine's own C API left pending reaches C++, and back to PHP as the same object
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_json_decode_raw('{"a": [1, 2]}'));
try {
    pb_json_decode_raw('{"a": ');
} catch (JsonException $e) {
    echo get_class($e), " ", $e->getCode(), ": ", $e->getMessage(), "\n";
    // Thrown where the engine raised it, not where C++ rethrew it.
    echo $e->getTrace()[0]['function'], "\n";
}
?>
--EXPECT--
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    int(2)
  }
}
JsonException 4: Syntax error
pb_json_decode_raw
