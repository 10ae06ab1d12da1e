--TEST--
Functions: arg info declared as a C stub declares it (untyped parameters, optional ones with no declared default, declared and tentative return types)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
foreach (['pb_declared_describe', 'pb_declared_count', 'pb_declared_first', 'pb_declared_same', 'pb_declared_tentative', 'pb_declared_void_tentative', 'pb_declared_union'] as $f) {
    $r = new ReflectionFunction($f);
    echo $r;
    foreach ($r->getParameters() as $p) {
        printf("  $%s: hasType %s, optional %s, default available %s\n", $p->getName(), var_export($p->hasType(), true),
               var_export($p->isOptional(), true), var_export($p->isDefaultValueAvailable(), true));
    }
    printf("  return %s, tentative %s\n", $r->hasReturnType() ? $r->getReturnType() : '(none)',
           $r->hasTentativeReturnType() ? $r->getTentativeReturnType() : '(none)');
}
echo pb_declared_describe(), "\n";
echo pb_declared_describe(null), "\n";
echo pb_declared_describe([1], 'strlen'), "\n";
echo pb_declared_describe(1, null, 'x'), "\n";
echo pb_declared_describe(values: 'a', glue: '+', callback: fn() => 1), "\n";
try { pb_declared_describe(values: 1, glue: '+'); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { pb_declared_describe(1, 'nope'); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { pb_declared_describe(1, null, []); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
echo pb_declared_count(), " ", pb_declared_count(1, 'a', [], null), "\n";
var_dump(pb_declared_first('x', 2));
try { pb_declared_first(); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump(pb_declared_same(null), get_class(pb_declared_same(new ArrayObject([1]))));
try { pb_declared_same(new stdClass); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
var_dump(pb_declared_tentative([1]), pb_declared_void_tentative(), pb_declared_union(3));
?>
--EXPECT--
Function [ <internal:phpbind_test> function pb_declared_describe ] {

  - Parameters [3] {
    Parameter #0 [ <optional> $values = <default> ]
    Parameter #1 [ <optional> ?callable $callback = <default> ]
    Parameter #2 [ <optional> string $glue = <default> ]
  }
  - Return [ string ]
}
  $values: hasType false, optional true, default available false
  $callback: hasType true, optional true, default available false
  $glue: hasType true, optional true, default available false
  return string, tentative (none)
Function [ <internal:phpbind_test> function pb_declared_count ] {

  - Parameters [1] {
    Parameter #0 [ <optional> ...$values ]
  }
  - Return [ int ]
}
  $values: hasType false, optional true, default available false
  return int, tentative (none)
Function [ <internal:phpbind_test> function pb_declared_first ] {

  - Parameters [1] {
    Parameter #0 [ <optional> ...$values ]
  }
}
  $values: hasType false, optional true, default available false
  return (none), tentative (none)
Function [ <internal:phpbind_test> function pb_declared_same ] {

  - Parameters [1] {
    Parameter #0 [ <required> ?object $o ]
  }
  - Return [ ?Countable ]
}
  $o: hasType true, optional false, default available false
  return ?Countable, tentative (none)
Function [ <internal:phpbind_test> function pb_declared_tentative ] {

  - Parameters [1] {
    Parameter #0 [ <required> mixed $value ]
  }
  - Tentative return [ mixed ]
}
  $value: hasType true, optional false, default available false
  return (none), tentative mixed
Function [ <internal:phpbind_test> function pb_declared_void_tentative ] {

  - Parameters [0] {
  }
  - Tentative return [ void ]
}
  return (none), tentative void
Function [ <internal:phpbind_test> function pb_declared_union ] {

  - Parameters [1] {
    Parameter #0 [ <required> int $x ]
  }
  - Return [ string|int|null ]
}
  $x: hasType true, optional false, default available false
  return string|int|null, tentative (none)
values: omitted, callback: none, glue: '-'
values: null, callback: none, glue: '-'
values: array, callback: given, glue: '-'
values: int, callback: none, glue: 'x'
values: string, callback: given, glue: '+'
ArgumentCountError: pb_declared_describe(): Argument #2 ($callback) must be passed explicitly, because the default value is not known
TypeError: pb_declared_describe(): Argument #2 ($callback) must be a valid callback or null, function "nope" not found or invalid function name
TypeError: pb_declared_describe(): Argument #3 ($glue) must be of type string, array given
0 4
string(1) "x"
UnderflowException: Unexpected empty state
NULL
string(11) "ArrayObject"
TypeError: pb_declared_same(): Argument #1 ($o) must be Countable
array(1) {
  [0]=>
  int(1)
}
NULL
int(3)
