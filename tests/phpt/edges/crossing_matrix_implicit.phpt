--TEST--
Edges: the crossing matrix, failure 'implicit' — every kind of entry from the engine into C++ × PHP code it calls failing this way: a fatal error raised implicitly while C++ releases a value ends the script with status 255, and every C++ frame unwinds
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
pb_crossing_matrix(['implicit'], 'entries');
?>
--EXPECTREGEX--
^(28|29) cells of entries, all as expected$
