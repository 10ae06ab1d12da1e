--TEST--
Exceptions: messages are binary-safe; a pending exception keeps the return value null
--EXTENSIONS--
phpbind_test
--FILE--
<?php
try { pb_throw('value_error', "a\0b"); } catch (ValueError $e) { var_dump(bin2hex($e->getMessage())); }
$r = 'unchanged';
try { $r = pb_throw('exception'); } catch (Exception $e) { var_dump($r); }
pb_throw('logic_exception', 'uncaught from C++', 7);
?>
--EXPECTF--
string(6) "610062"
string(9) "unchanged"

Fatal error: Uncaught LogicException: uncaught from C++ in %s:%d
Stack trace:
#0 %s(%d): pb_throw('logic_exception', 'uncaught from C...', 7)
#1 {main}
  thrown in %s on line %d
