--TEST--
Debug checks: a borrowed view kept past its request is reported when used
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (!PB_DEBUG) die("skip needs a PHPBIND_DEBUG build"); ?>
--FILE--
<?php
require __DIR__ . '/debug.inc';
pb_debug_child('pb_debug_keep_view("borrowed"); echo "kept";');
?>
--EXPECT--
stdout: kept
stderr: phpbind debug check failed: php::ValueView: a borrowed view was used after the request (or the time between requests) that created it ended
child stopped
