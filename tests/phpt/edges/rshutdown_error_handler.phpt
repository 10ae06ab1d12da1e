--TEST--
Edges: a lifecycle callback's failure warning reaches a user error handler still set at request end through the guard: the handler's exception (no PHP frame left, so the engine bails out) or exit() leaves no C++ catch block behind
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
// Each child: pb_edge_at_end (called by the test extension's RSHUTDOWN
// callback) throws; the warning phpbind raises runs the handler.
$handlers = [
    'throws' => 'function ($no, $msg) { echo "handler: $msg\n"; undefined_function_here(); }',
    'exits'  => 'function ($no, $msg) { echo "handler: $msg\n"; exit(7); }',
    'quiet'  => 'function ($no, $msg) { echo "handler: $msg\n"; return true; }',
];
foreach ($handlers as $name => $handler) {
    $script = tempnam(sys_get_temp_dir(), 'pbrs');
    file_put_contents($script, "<?php\nset_error_handler($handler);\n"
        . "function pb_edge_at_end() { throw new Exception('boom'); }\necho \"script done\\n\";\n");
    $p = proc_open(pb_php($script),
                   [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    $status = proc_close($p);
    unlink($script);
    // PHP 8.4 names a closure after where it is defined: the handler, line 2.
    $out = str_replace("{closure:$script:2}", '{closure}', $out);
    $out = preg_replace('/ in \S+ on line \d+| in \S+:\d+/', '', $out);
    echo "== $name: status $status\n", trim($out), "\n";
}
?>
--EXPECT--
== throws: status 255
script done
handler: phpbind_test: request shutdown failed: Exception: boom

Fatal error: Uncaught Error: Call to undefined function undefined_function_here()
Stack trace:
#0 [internal function]: {closure}(2, 'phpbind_test: r...', 'Unknown', 0)
#1 {main}
  thrown
== exits: status 7
script done
handler: phpbind_test: request shutdown failed: Exception: boom
== quiet: status 0
script done
handler: phpbind_test: request shutdown failed: Exception: boom
