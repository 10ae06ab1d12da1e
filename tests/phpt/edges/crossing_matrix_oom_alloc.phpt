--TEST--
Edges: the crossing matrix, failure 'oom_alloc' — every kind of entry from the engine into C++ × PHP code it calls failing this way: a C++ container in request memory (php::request_allocator) that code fills goes past memory_limit, on every engine; PHP's own fatal error ends the script with status 255, and every C++ frame unwinds
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// Needs the engine's allocator (not under memcheck); any engine.
require __DIR__ . '/../memory/oom.inc';
pb_oom_skip();
?>
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/crossing_matrix.inc';
pb_crossing_matrix(['oom_alloc'], 'entries');
?>
--EXPECTREGEX--
^(28|29) cells of entries, all as expected$
