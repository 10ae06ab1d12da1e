--TEST--
Edges: the crossing matrix of engine hooks and object handlers, failure 'exception' — every engine hook and overridden object handler × PHP code it calls failing this way: an exception keeps its identity, and every C++ frame unwinds
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// Child processes, each traced by memcheck: on an unoptimised debug engine
// they risk run-tests' fixed 300 s limit for valgrind runs. The cells run
// under memcheck on release engines, and on debug engines in the other modes.
if (getenv('PHPBIND_TEST_MODE') === 'valgrind' && PHP_DEBUG) die('skip too slow under memcheck on a debug engine');
?>
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/crossing_matrix.inc';
pb_crossing_matrix(['exception'], 'hooks');
?>
--EXPECTREGEX--
^(14 cells of hooks|no hooks on a thread-safe engine), all as expected$
