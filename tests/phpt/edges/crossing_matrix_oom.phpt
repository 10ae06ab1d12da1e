--TEST--
Edges: the crossing matrix, failure 'oom' — every kind of entry from the engine into C++ × PHP code it calls failing this way: C++ that code calls goes past memory_limit; PHP's own fatal error ends the script with status 255, and every C++ frame unwinds
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// Needs an engine with delayed out-of-memory handling and its allocator (not under memcheck).
require __DIR__ . '/../memory/oom.inc';
pb_oom_skip();
?>
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/crossing_matrix.inc';
pb_crossing_matrix(['oom'], 'entries');
?>
--EXPECTREGEX--
^(28|29) cells of entries, all as expected$
