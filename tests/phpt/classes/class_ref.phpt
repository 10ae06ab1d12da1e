--TEST--
Classes: php::class_ref points at a class or interface the module declares, for instanceof without a lookup
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class Disc implements PhpBind\HasArea { public function area(): float { return 3.14; } }
class SubEntry extends PhpBind\Entry {}
$values = [new Disc, new PhpBind\Square(2), new stdClass, "PhpBind\\HasArea", null,
           new PhpBind\Entry, new SubEntry, new ArrayObject];
foreach ($values as $v) {
    echo is_object($v) ? get_class($v) : var_export($v, true), ": ",
        json_encode([pb_is_has_area($v), $v instanceof PhpBind\HasArea, pb_is_entry($v), $v instanceof PhpBind\Entry]), "\n";
}
?>
--EXPECT--
Disc: [true,true,false,false]
PhpBind\Square: [true,true,false,false]
stdClass: [false,false,false,false]
'PhpBind\\HasArea': [false,false,false,false]
NULL: [false,false,false,false]
PhpBind\Entry: [false,false,true,true]
SubEntry: [false,false,true,true]
ArrayObject: [false,false,false,false]
