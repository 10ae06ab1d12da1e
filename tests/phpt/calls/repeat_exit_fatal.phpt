--TEST--
Calls: exit() and fatal errors inside CallableView::repeat(), from a call, a nested loop or a step, unwind every C++ frame and are never swallowed
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
$cases = [
    // From the second call of a loop; `catch (const std::exception&)` around repeat() does not stop it.
    'exit from a call' => 'pb_repeat(function ($v, $i) { if ($i == 1) exit(7); return $v; }, [1, 2, 3], "catch-std");',
    'fatal from a call' => 'pb_repeat(function ($v, $i) { if ($i == 1) eval("function strlen() {}"); return $v; }, [1, 2, 3], "catch-std");',
    // From the innermost of three nested loops.
    'exit from a nested loop' => 'function level($d) { if ($d == 0) exit(9); return pb_repeat(fn($v) => level($d - 1), [1, 2]); }
        level(3);',
    'fatal from a nested loop' => 'function level($d) { if ($d == 0) { $big = str_repeat("x", 1 << 16); eval("function strlen() {}"); }
        return pb_repeat(fn($v) => level($d - 1), [1, 2]); }
        level(3);',
    // From PHP that a step runs between two calls.
    'exit from a step' => 'pb_repeat(fn($v) => function () use ($v) { if ($v == 2) exit(5); return $v; }, [1, 2, 3], "call-result");',
    'fatal from a step' => 'pb_repeat(fn($v) => function () use ($v) { if ($v == 2) eval("function strlen() {}"); return $v; }, [1, 2, 3], "call-result");',
];
foreach ($cases as $name => $code) {
    echo "== $name\n";
    pb_run_child(<<<CODE
<?php
register_shutdown_function(function () { echo "shutdown: ", json_encode(pb_counters()), "\\n"; });
try {
    $code
} catch (Throwable \$e) {
    echo "must not catch: ", get_class(\$e), "\\n";
}
echo "not reached\\n";
CODE);
}
?>
--EXPECTF--
== exit from a call
shutdown: {"alive":0,"destroyed":%d}
exit status: 7
== fatal from a call

Fatal error: Cannot redeclare %r(function )?%rstrlen() in CHILD(%d) : eval()'d code on line 1
shutdown: {"alive":0,"destroyed":%d}
exit status: 255
== exit from a nested loop
shutdown: {"alive":0,"destroyed":%d}
exit status: 9
== fatal from a nested loop

Fatal error: Cannot redeclare %r(function )?%rstrlen() in CHILD(%d) : eval()'d code on line 1
shutdown: {"alive":0,"destroyed":%d}
exit status: 255
== exit from a step
shutdown: {"alive":0,"destroyed":%d}
exit status: 5
== fatal from a step

Fatal error: Cannot redeclare %r(function )?%rstrlen() in CHILD(%d) : eval()'d code on line 1
shutdown: {"alive":0,"destroyed":%d}
exit status: 255
