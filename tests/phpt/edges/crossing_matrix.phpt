--TEST--
Edges: the crossing matrix — every kind of entry from the engine into C++ × every way PHP code it calls can fail (exception, exit(), fatal error, a fatal error raised implicitly while C++ releases a value): exceptions keep their identity, exit() and fatal errors end the script with their status, every C++ frame unwinds
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php
// 60 child processes, each traced by memcheck: on an unoptimised debug engine
// that passes run-tests' fixed 300 s limit for valgrind runs. The cells run
// under memcheck on release engines, and on debug engines in the other modes.
if (getenv('PHPBIND_TEST_MODE') === 'valgrind' && PHP_DEBUG) die('skip too slow under memcheck on a debug engine');
?>
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
// How the PHP callback fails. 'implicit': it returns an object whose
// __destruct raises a fatal error when C++ releases the result.
$failures = [
    'exception' => 'throw $GLOBALS["thrown"] = new RuntimeException("boom");',
    'exit' => 'exit(3);',
    'fatal' => 'trigger_error("boom", E_USER_ERROR);',
    'implicit' => 'return new DestructFatal;',
];
// Each entry point, reached from PHP; every one calls pb_edge_cb() in C++.
$entries = [
    'count handler' => 'count($h);',
    'read_dimension' => '$h[1];',
    'write_dimension' => '$h[1] = 2;',
    'has_dimension' => 'isset($h[1]);',
    'has_dimension (empty)' => 'empty($h[1]);',
    'unset_dimension' => 'unset($h[1]);',
    'native property read' => '$h->label;',
    'native property isset' => 'isset($h->label);',
    'get_properties' => 'var_dump($h);',
    'clone_obj' => 'clone $h;',
    'method' => '$h->run("pb_edge_cb");',
    'function' => 'pb_edge_swallow_none("pb_edge_cb");',
    'function (frameless path)' => 'pb_edge_call_named("pb_edge_cb");',
    'function (coerced, then frameless)' => 'pb_edge_call_named(new class { function __toString(): string { return "pb_edge_cb"; } });',
    'ini validator' => 'function pb_edge_ini_check($v) { pb_edge_cb(); return true; } ini_set("phpbind_test.edge_checked", "b");',
];
$expect = [
    'exception' => "/^caught same RuntimeException\nend\nshutdown: guards alive 0\nexit status: 0\n$/",
    'exit' => "/^shutdown: guards alive 0\nexit status: 3\n$/",
    'fatal' => "/^\nFatal error: boom in CHILD on line \d+\nshutdown: guards alive 0\nexit status: 255\n$/",
    'implicit' => "/^\nFatal error: boom in __destruct in CHILD on line \d+\nshutdown: guards alive 0\nexit status: 255\n$/",
];
$cells = $bad = 0;
foreach ($entries as $entry => $code) {
    foreach ($failures as $failure => $fail) {
        $child = "<?php
register_shutdown_function(function () { echo \"shutdown: guards alive \", pb_edge_guards(), \"\\n\"; });
class DestructFatal { function __destruct() { trigger_error('boom in __destruct', E_USER_ERROR); } }
function pb_edge_cb() { $fail }
\$h = new PhpBind\\Edge\\Handlers;
try { $code } catch (RuntimeException \$e) { echo 'caught ', \$e === \$GLOBALS['thrown'] ? 'same ' : 'another ', get_class(\$e), \"\\n\"; }
echo \"end\\n\";
";
        ob_start();
        pb_run_child($child);
        $out = ob_get_clean();
        // var_dump prints the table get_properties returned, as it stands, before the failure surfaces.
        if ($entry === 'get_properties') $out = preg_replace('/^object\(.*?\n}\n/s', '', $out);
        $cells++;
        if (!preg_match($expect[$failure], $out)) {
            $bad++;
            echo "-- $entry × $failure:\n$out";
        }
    }
}
echo "$cells cells, ", $bad ? "$bad not as expected" : "all as expected", "\n";
?>
--EXPECT--
60 cells, all as expected
