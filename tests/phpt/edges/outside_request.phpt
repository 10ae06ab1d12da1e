--TEST--
Edges: values made and viewed outside any request (detached at MINIT from a local array, read again at MSHUTDOWN) pass the debug build's lifetime checks
--EXTENSIONS--
phpbind_test
--FILE--
<?php
echo pb_edge_startup_config(), "\n";
?>
--EXPECT--
{"mode":"startup","level":2}
