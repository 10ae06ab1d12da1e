--TEST--
Classes: class constants
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Counter;
var_dump(Counter::START, Counter::LABEL, Counter::RATIO, (new Counter)::LABEL);
foreach ((new ReflectionClass(Counter::class))->getReflectionConstants() as $c) echo $c;
try { echo Counter::MISSING; } catch (Error $e) { echo "\n", $e->getMessage(), "\n"; }
?>
--EXPECT--
int(0)
string(7) "counter"
float(1.5)
string(7) "counter"
Constant [ public int START ] { 0 }
Constant [ public string LABEL ] { counter }
Constant [ public float RATIO ] { 1.5 }

Undefined constant PhpBind\Counter::MISSING
