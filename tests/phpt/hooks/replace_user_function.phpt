--TEST--
Hooks: a user function replaced by C++ that can call the original — parameters received as the original receives them (types, defaults, by-reference, variadics, named arguments), the result checked against its return type, chained replacements restored from the top, exceptions and refusals; call sites that ran before keep the function they found
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip replacing for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
declare(strict_types=1);
namespace App;
function greet(string $name, int $times = 1, &$out = null, ...$rest): string {
    $out = "greeted $name";
    return str_repeat("hi $name ", $times) . implode(',', $rest);
}
function nothing(string $s): void { echo "nothing($s)\n"; }
function untyped($s) { return "untyped($s)"; }
function thrower(string $s) { throw new \DomainException("from thrower($s)"); }
function log_tag($tag) { echo "  [$tag]\n"; }
function loop() { $out = []; foreach (['magic', 'x'] as $a) $out[] = untyped($a); return implode(' ', $out); }

echo loop(), "\n";  // its call site now knows untyped()
pb_hook_replace('App\greet', 'App\log_tag');
pb_hook_replace('app\untyped', '', true);
echo greet('b', 2, $o, 'x', 'y'), " / $o\n";
$f = 'App\greet';
echo $f('c'), "\n";
echo call_user_func('App\greet', 'd', times: 3), "\n";
try {
    echo greet('magic'), "\n";  // the replacement answers 42 for a string function (strict types)
} catch (\TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try { greet(5); } catch (\TypeError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
try { greet(); } catch (\ArgumentCountError $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
$r = new \ReflectionFunction('App\greet');
echo $r->getName(), ' ', $r->getNumberOfParameters(), ' ', $r->getReturnType(), ' ', $r->getStartLine(), "\n";
echo untyped('magic2'), ' ', untyped('z'), "\n";
echo loop(), " (a call site that ran before)\n";
$c = \Closure::fromCallable('App\untyped');
echo $c('magic2'), "\n";

pb_hook_restore();
pb_hook_restore(true);
echo untyped('magic2'), ' ', $c('magic2'), ' ', greet('e'), " (restored; the Closure made from the replacement calls the original)\n";

echo "-- a second replacement over the first\n";
pb_hook_replace('App\thrower', 'App\log_tag');
pb_hook_replace('App\thrower', '', true);
$a = thrower('magic');
$b = thrower('magic2');
echo "thrower(magic) = $a, thrower(magic2) = $b\n";
try { thrower('other'); } catch (\DomainException $e) { echo get_class($e), ': ', $e->getMessage(), "\n"; }
try { pb_hook_restore(); } catch (\LogicException $e) { echo $e->getMessage(), "\n"; }
pb_hook_restore(true);
pb_hook_restore();
try { thrower('magic'); } catch (\DomainException $e) { echo 'restored: ', $e->getMessage(), "\n"; }

echo "-- void\n";
pb_hook_replace('App\nothing');
var_dump(nothing('magic'));
nothing('x');
pb_hook_restore();

echo "-- before/after form\n";
pb_hook_replace_before_after('App\untyped', 'App\log_tag');
$a = untyped('magic3');
$b = untyped('f');
echo "$a $b\n";
pb_hook_restore_before_after();

echo "-- refused\n";
try { pb_hook_replace('App\nope'); } catch (\LogicException $e) { echo $e->getMessage(), "\n"; }
eval('namespace App; function &by_ref() { static $v = 1; return $v; }');
try { pb_hook_replace('App\by_ref'); } catch (\LogicException $e) { echo $e->getMessage(), "\n"; }
echo count(pb_hook_log()), " log entries\n";
?>
--EXPECTF--
untyped(magic) untyped(x)
  [replaced:original]
hi b hi b x,y / greeted b
  [replaced:original]
hi c 
  [replaced:original]
hi d hi d hi d 
  [replaced:magic]
TypeError: App\greet(): Return value must be of type string, int returned
TypeError: App\greet(): Argument #1 ($name) must be of type string, int given, called in %s on line 26
ArgumentCountError: Too few arguments to function App\greet(), 0 passed in %s on line 27 and at least 1 expected
App\greet 4 string 4
43 untyped(z)
untyped(magic) untyped(x) (a call site that ran before)
43
untyped(magic2) untyped(magic2) hi e  (restored; the Closure made from the replacement calls the original)
-- a second replacement over the first
  [replaced:magic]
thrower(magic) = 42, thrower(magic2) = 43
  [replaced:original]
DomainException: from thrower(other)
phpbind: hook on App\thrower(): another hook was installed on this pointer after it and is still there; remove that one first (a chain is only ever unwound from its most recent holder)
restored: from thrower(magic)
-- void
  [replaced:magic]
NULL
  [replaced:original]
nothing(x)
-- before/after form
  [before:magic3]
  [before]
  [after:string]
44 untyped(f)
-- refused
phpbind: no function App\nope() to replace
phpbind: App\by_ref() returns by reference: a replacement returns a value
14 log entries
