--TEST--
Classes: debug_info<&T::f>() is what var_dump() and print_r() show; (array), get_object_vars(), var_export() and serialization keep the properties
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$d = new PhpBind\Deck([3, 1, 2]);
var_dump($d);
print_r($d);
echo "\n";
var_dump((array) $d, get_object_vars($d));
var_export($d);
echo "\n";
// A dynamic property is a property, not an element: var_dump shows the elements only.
$d2 = new PhpBind\Deck([7]);
@$d2->note = 'dynamic';
var_dump($d2, (array) $d2);
// Nested: the listing recurses into the array F returned.
var_dump([new PhpBind\Deck([]), 'after']);
// An exception from F is raised after the listing, which shows no element.
$bad = new PhpBind\Deck([1, -4]);
try {
    var_dump($bad);
} catch (UnexpectedValueException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
try {
    print_r($bad);
} catch (UnexpectedValueException $e) {
    echo "\n", get_class($e), ": ", $e->getMessage(), "\n";
}
// Many listings of one object: each table is released (valgrind and ASan modes check it).
for ($i = 0; $i < 1000; $i++) { ob_start(); var_dump($d); print_r($d); ob_end_clean(); }
echo "done\n";
?>
--EXPECT--
object(PhpBind\Deck)#1 (3) {
  [0]=>
  int(3)
  [1]=>
  int(1)
  [2]=>
  int(2)
}
PhpBind\Deck Object
(
    [0] => 3
    [1] => 1
    [2] => 2
)

array(0) {
}
array(0) {
}
\PhpBind\Deck::__set_state(array(
))
object(PhpBind\Deck)#2 (1) {
  [0]=>
  int(7)
}
array(1) {
  ["note"]=>
  string(7) "dynamic"
}
array(2) {
  [0]=>
  object(PhpBind\Deck)#3 (0) {
  }
  [1]=>
  string(5) "after"
}
object(PhpBind\Deck)#3 (0) {
}
UnexpectedValueException: Deck: cannot show -4
PhpBind\Deck Object
(
)

UnexpectedValueException: Deck: cannot show -4
done
