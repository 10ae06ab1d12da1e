--TEST--
Protocols: a C++ exception from a conversion or comparison member becomes the PHP exception, with no warning after it
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$f = new PhpBind\Fussy;
foreach ([fn() => (int)$f, fn() => intval($f), fn() => (bool)$f, fn() => !$f, fn() => (string)$f, fn() => "x$f", fn() => strlen($f),
          fn() => $f == new PhpBind\Fussy, fn() => $f < new PhpBind\Fussy, fn() => $f <=> new PhpBind\Fussy, fn() => $f == 1] as $i => $g) {
    try {
        var_dump($g());
    } catch (Throwable $e) {
        echo $i, " ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
var_dump($f == $f);  // the same object: equal without asking C++
?>
--EXPECT--
0 ValueError: Fussy has no int value
1 ValueError: Fussy has no int value
2 LogicException: Fussy has no truth value
3 LogicException: Fussy has no truth value
4 RuntimeException: Fussy has no text
5 RuntimeException: Fussy has no text
6 RuntimeException: Fussy has no text
7 LogicException: Fussy objects do not compare
8 LogicException: Fussy objects do not compare
9 LogicException: Fussy objects do not compare
10 ValueError: Fussy has no int value
bool(true)
