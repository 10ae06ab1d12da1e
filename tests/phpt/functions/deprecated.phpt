--TEST--
Functions: php::deprecated makes a function or method deprecated as the engine's own: E_DEPRECATED at each call with the message a PHP function declared #[\Deprecated] with the same text gets on this engine (8.4: "since", the text; before: the engine's bare message), isDeprecated(), the attribute from 8.4 on
--EXTENSIONS--
phpbind_test
--FILE--
<?php
if (PHP_VERSION_ID >= 80400) {
    eval('#[\Deprecated("use pb_add() instead", since: "2.0")] function twin_old($x) { return intdiv($x, 2); }
          #[\Deprecated] function twin_plain($x) { return intdiv($x, 2); }
          class TwinCounter { #[\Deprecated("use value() instead")] function current() { return 0; } }');
}
function deprecation(callable $call): array {
    $seen = [];
    set_error_handler(function ($no, $msg) use (&$seen) { $seen[] = [$no, $msg]; return true; });
    try { $result = $call(); } finally { restore_error_handler(); }
    return [$seen, $result];
}
// What a PHP function declared with the same #[\Deprecated] gets on this engine; before 8.4
// the attribute does nothing, and an internal function's deprecation is the bare message.
function twin_message(string $twin_call, string $bound_name, string $twin_name): string {
    if (PHP_VERSION_ID < 80400) return (str_contains($bound_name, '::') ? 'Method ' : 'Function ') . "$bound_name() is deprecated";
    [$seen] = deprecation(fn() => eval("return $twin_call;"));
    return str_replace($twin_name, $bound_name, $seen[0][1]);
}

foreach ([['pb_dep_old', 'twin_old(1)', 'twin_old'], ['pb_dep_plain', 'twin_plain(1)', 'twin_plain']] as [$f, $twin, $tname]) {
    [$seen, $result] = deprecation(fn() => $f(84));
    echo $f, ": ", $result, ", ", count($seen), " error, E_DEPRECATED: ", var_export($seen[0][0] === E_DEPRECATED, true), "\n";
    echo "  ", $seen[0][1], "\n";
    echo "  as its twin: ", var_export($seen[0][1] === twin_message($twin, $f, $tname), true), "\n";
    $r = new ReflectionFunction($f);
    $attrs = $r->getAttributes();
    echo "  isDeprecated: ", var_export($r->isDeprecated(), true), ", attribute: ",
        PHP_VERSION_ID >= 80400 ? ($attrs[0]->getName() . " " . json_encode($attrs[0]->getArguments())) : (count($attrs) === 0 ? "none before 8.4" : "unexpected"), "\n";
}
$c = new PhpBind\Counter(5);
[$seen, $result] = deprecation(fn() => $c->current());
echo "current(): ", $result, ", ", $seen[0][1], "\n";
echo "  as its twin: ", var_export($seen[0][1] === twin_message('(new TwinCounter)->current()', 'PhpBind\Counter::current', 'TwinCounter::current'), true), "\n";
$m = new ReflectionMethod(PhpBind\Counter::class, 'current');
echo "  isDeprecated: ", var_export($m->isDeprecated(), true), "; value() is not: ", var_export((new ReflectionMethod(PhpBind\Counter::class, 'value'))->isDeprecated(), true), "\n";
if (PHP_VERSION_ID >= 80400) {
    $a = $m->getAttributes()[0]->newInstance();
    echo "  ", get_class($a), ": ", $a->message, "\n";
} else {
    // No attribute before 8.4: the line says so in the same words.
    echo $m->getAttributes() === [] ? "  Deprecated: use value() instead\n" : "  unexpected attribute\n";
}
// A handler that throws on the deprecation: the call does not run.
set_error_handler(function ($no, $msg) { throw new ErrorException($msg, 0, $no); });
try { pb_dep_old(1); echo "not reached\n"; } catch (ErrorException $e) { echo "thrown: ", $e->getMessage(), "\n"; }
restore_error_handler();
// Not deprecated: no message.
[$seen] = deprecation(fn() => pb_add(1));
echo "pb_add: ", count($seen), " errors\n";
?>
--EXPECTF--
pb_dep_old: 42, 1 error, E_DEPRECATED: true
  Function pb_dep_old() is deprecated%A
  as its twin: true
  isDeprecated: true, attribute: %s
pb_dep_plain: 42, 1 error, E_DEPRECATED: true
  Function pb_dep_plain() is deprecated
  as its twin: true
  isDeprecated: true, attribute: %s
current(): 5, Method PhpBind\Counter::current() is deprecated%A
  as its twin: true
  isDeprecated: true; value() is not: false
  Deprecated: use value() instead
thrown: Function pb_dep_old() is deprecated%A
pb_add: 0 errors
