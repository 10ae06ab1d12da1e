--TEST--
Debug checks: an owned request value kept past its request is reported when the request ends
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (!PB_DEBUG) die("skip needs a PHPBIND_DEBUG build"); ?>
--FILE--
<?php
require __DIR__ . '/debug.inc';
pb_debug_child('pb_debug_keep_value(str_repeat("x", 3)); echo "kept";');
?>
--EXPECT--
stdout: kept
stderr: phpbind debug check failed: php::Value: an owned request value is still alive after its request ended (kept in a static or a long-lived structure?); store php::Persistent or php::Retained<T> instead
child stopped
