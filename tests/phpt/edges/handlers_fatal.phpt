--TEST--
Edges: a fatal error raised by PHP code a native object handler calls (count, dimensions, native property read, get_properties, clone, a method) is not swallowed: the script stops there, the handler ran once
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/child.inc';
$prelude = <<<'CODE'
<?php
register_shutdown_function(function () { echo "shutdown: guards alive ", pb_edge_guards(), "\n"; });
$GLOBALS['calls'] = 0;
function pb_edge_cb() { $GLOBALS['calls']++; echo "callback {$GLOBALS['calls']}\n"; trigger_error("boom from the handler", E_USER_ERROR); }
$h = new PhpBind\Edge\Handlers;

CODE;
$cases = [
    'count' => 'count($h);',
    'read_dimension' => '$h[1];',
    'write_dimension' => '$h[1] = 2;',
    'has_dimension' => 'isset($h[1]);',
    'empty_dimension' => 'empty($h[1]);',
    'unset_dimension' => 'unset($h[1]);',
    'read_property' => '$h->label;',
    'has_property' => 'isset($h->label);',
    'get_properties' => 'var_dump($h);',
    'clone' => 'clone $h;',
    'method' => '$h->run("pb_edge_cb");',
];
foreach ($cases as $name => $code) {
    echo "-- $name\n";
    pb_run_child($prelude . "try { $code } catch (Throwable \$e) { echo 'caught ', get_class(\$e), \"\\n\"; }\necho \"not reached\\n\";\n");
}
?>
--EXPECTF--
-- count
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- read_dimension
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- write_dimension
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- has_dimension
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- empty_dimension
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- unset_dimension
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- read_property
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- has_property
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- get_properties
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- clone
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
-- method
callback 1

Fatal error: boom from the handler in CHILD on line 4
shutdown: guards alive 0
exit status: 255
