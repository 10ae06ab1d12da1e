--TEST--
Debug checks: persistent data built from request memory is reported
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (!PB_DEBUG) die("skip needs a PHPBIND_DEBUG build"); ?>
--FILE--
<?php
require __DIR__ . '/debug.inc';
pb_debug_child('echo "adopting"; pb_debug_adopt_request_string("request string");');
?>
--EXPECT--
stdout: adopting
stderr: phpbind debug check failed: php::Persistent: persistent data points into request memory
child stopped
