--TEST--
Debug checks: a request that keeps nothing passes every check
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (!PB_DEBUG) die("skip needs a PHPBIND_DEBUG build"); ?>
--FILE--
<?php
require __DIR__ . '/debug.inc';
pb_debug_child('pb_store("k", [1, "two"]); pb_set_listener(fn() => 1); var_dump(pb_fetch("k"));');
?>
--EXPECT--
stdout: array(2) {
  [0]=>
  int(1)
  [1]=>
  string(3) "two"
}
stderr: 
child exited normally
