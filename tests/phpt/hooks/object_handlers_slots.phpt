--TEST--
Hooks: property, dimension, cast and count handlers of an existing class overridden for a request — every access reaches the override (the engine's property cache is not handed out), declining runs the previous handler, exceptions from the override surface where the access is, a result the previous handler wrote before a failure is released; an internal class for a request, and one for the module's lifetime
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip overriding for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
eval('class Bag { public $n = 1; public array $list = []; function __toString(): string { return "Bag " . $this->n; } }');
function shown($x) { return is_object($x) ? get_class($x) : json_encode($x); }
function cb($slot, ...$a) {
    echo "  $slot(", implode(', ', array_map('shown', $a)), ")\n";
    if (($GLOBALS['throw'] ?? '') === $slot) throw new RuntimeException("from $slot");
    return match ($slot) {
        'read_property' => $a[1] === 'virtual' ? "v:$a[1]" : null,
        'write_property' => is_int($a[2]) ? $a[2] * 10 : null,  // stored instead
        'get_property_ptr_ptr' => $a[1] === 'n' ? false : null,  // no pointer: read, then write
        'has_property' => $a[1] === 'virtual' ? true : null,
        'unset_property' => $a[1] === 'n' ? true : null,  // kept
        'read_dimension' => "dim:" . json_encode($a[1]),
        'write_dimension', 'unset_dimension' => true,
        'has_dimension' => $a[1] === 'yes',
        'cast_object' => match ($a[1]) { 'string' => null, 'int' => 7, default => false },
        'count_elements' => $a[0] === 'Bag' ? 99 : null,
    };
}
$slots = ['read_property', 'write_property', 'get_property_ptr_ptr', 'has_property', 'unset_property', 'read_dimension',
          'write_dimension', 'has_dimension', 'unset_dimension', 'cast_object', 'count_elements'];
foreach ($slots as $s) pb_handler_override($s, 'Bag', 'cb');
$b = new Bag;
echo $b->virtual, "\n";
for ($i = 5; $i <= 6; $i++) { $b->n = $i; echo $b->n, "\n"; }  // one site twice: still through the override
$b->n++;
echo $b->n, "\n";
var_dump(isset($b->virtual), isset($b->nope));
unset($b->n);
var_dump($b->n);
$x = $b[3]; $y = $b['x'];
echo "$x $y\n";
$b[1] = 'one';
$b[] = 'append';
var_dump(isset($b['yes']), isset($b['no']));
unset($b[1]);
echo (string)$b, "\n";
var_dump((int)$b);
var_dump((float)$b);
echo count($b), "\n";

echo "-- an exception from the override\n";
foreach (['read_property' => fn() => $b->virtual, 'write_dimension' => fn() => $b[1] = 2, 'count_elements' => fn() => count($b),
          'cast_object' => fn() => (string)$b, 'has_property' => fn() => isset($b->virtual)] as $slot => $f) {
    $GLOBALS['throw'] = $slot;
    try { $f(); echo "no exception\n"; } catch (RuntimeException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
}
$GLOBALS['throw'] = '';

echo "-- the previous handler wrote a result, then the override failed\n";
pb_handler_restore('cast_object');
pb_handler_override('cast_object', 'Bag', 'cb', true);
$GLOBALS['throw'] = 'cast_object';
$b2 = new Bag;
try { echo (string)$b2, "\n"; } catch (RuntimeException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
$GLOBALS['throw'] = '';

echo "-- an internal class for the request\n";
try { pb_handler_override('read_property', 'SplFixedArray', 'cb'); } catch (LogicException $e) { echo $e->getMessage(), "\n"; }
pb_handler_restore('read_property');  // ended; the overrides made after it hold Bag's create_object: it waits
var_dump(pb_handler_overridden('read_property'));
echo $b->virtual, "\n";
try { pb_handler_override('read_property', 'SplFixedArray', 'cb'); } catch (LogicException $e) { echo $e->getMessage(), "\n"; }
pb_handler_restore('count_elements');
pb_handler_override('count_elements', 'SplFixedArray', 'cb');
eval('class Fixed extends SplFixedArray {}');
$n = [count(new SplFixedArray(3)), count(new Fixed(4))];
echo implode(' ', $n), "\n";
$clone = clone new SplFixedArray(2);
echo count($clone), "\n";

echo "-- ArrayObject's count for the module's lifetime\n";
$ao = new ArrayObject([1, 2]);
echo count($ao), ' ';
pb_handler_count_on(true);
echo count($ao), ' ', count(new ArrayIterator([1])), ' ', count(new class([1, 2, 3]) extends ArrayObject {}), "\n";
?>
--EXPECTF--
read_property("Bag", "virtual")
v:virtual
  write_property("Bag", "n", 5)
  read_property("Bag", "n")
50
  write_property("Bag", "n", 6)
  read_property("Bag", "n")
60
  get_property_ptr_ptr("Bag", "n")
  read_property("Bag", "n")
  write_property("Bag", "n", 61)
  read_property("Bag", "n")
610
  has_property("Bag", "virtual", 0)
  has_property("Bag", "nope", 0)
bool(true)
bool(false)
  unset_property("Bag", "n")
  read_property("Bag", "n")
int(610)
  read_dimension("Bag", 3)
  read_dimension("Bag", "x")
dim:3 dim:"x"
  write_dimension("Bag", 1, "one")
  write_dimension("Bag", null, "append")
  has_dimension("Bag", "yes", 0)
  has_dimension("Bag", "no", 0)
bool(true)
bool(false)
  unset_dimension("Bag", 1)
  cast_object("Bag", "string")
  read_property("Bag", "n")
Bag 610
  cast_object("Bag", "int")
int(7)
  cast_object("Bag", "float")

Warning: Object of class Bag could not be converted to float in %s on line 39
float(1)
  count_elements("Bag")
99
-- an exception from the override
  read_property("Bag", "virtual")
RuntimeException: from read_property
  write_dimension("Bag", 1, 2)
RuntimeException: from write_dimension
  count_elements("Bag")
RuntimeException: from count_elements
  cast_object("Bag", "string")
RuntimeException: from cast_object
  has_property("Bag", "virtual", 0)
RuntimeException: from has_property
-- the previous handler wrote a result, then the override failed
  read_property("Bag", "n")
  cast_object("Bag", "string")
RuntimeException: from cast_object
-- an internal class for the request
phpbind: this override is in use already for the read_property handler of Bag
bool(false)

Warning: Undefined property: Bag::$virtual in %s on line 62

phpbind: override of the read_property handler of SplFixedArray: this override is in use for the read_property handler of Bag (or has ended there and waits under a later override of that class)
  count_elements("SplFixedArray")
  count_elements("Fixed")
3 4
  count_elements("SplFixedArray")
2
-- ArrayObject's count for the module's lifetime
2 3 1 4
