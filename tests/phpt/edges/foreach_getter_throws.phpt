--TEST--
Edges: foreach over a bound object whose native property getter throws — the engine reads the property table with no exception check, so the exception is raised inside the loop (at its next step or exit), the try around the loop catches it, no stale value is iterated and nothing leaks
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$fail = false;
function pb_edge_cb() {
    global $fail;
    if ($fail) throw new RuntimeException("getter failed");
}
class WithExtra extends PhpBind\Edge\Handlers {
    public $extra = "plain";
}

$h = new PhpBind\Edge\Handlers;
echo "label before: ", $h->label, "\n";  // the table now holds a value for it
foreach ($h as $k => $v) echo "$k => $v\n";

// The only property is native: skipped, the loop ends, the exception is raised from it.
$fail = true;
try {
    foreach ($h as $k => $v) echo "body $k\n";
    echo "not reached\n";
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}
// By reference too.
try {
    foreach ($h as $k => &$v) echo "body $k\n";
    echo "not reached\n";
} catch (RuntimeException $e) {
    echo "caught by reference: ", $e->getMessage(), "\n";
}
unset($v);

// A plain property after the native one is still iterated; the exception is
// raised at the next instruction that checks: at the latest the loop's next step.
$w = new WithExtra;
try {
    foreach ($w as $k => $v) echo "body $k\n";
    echo "not reached\n";
} catch (RuntimeException $e) {
    echo "caught: ", $e->getMessage(), "\n";
}

// The body calls an internal function: the VM checks for interrupts right after an internal
// call returns (PHP 8.4 with the callee's frame still on top, 8.2 in the caller's), so the
// exception is raised at the call, and the try catches it once. (The call's result is left
// unused: on 8.2 an exception raised there leaks a temporary the next instruction would have
// consumed; docs/errors.md.)
$ran = [];
try {
    foreach ($w as $k => $v) { $ran[] = "body $k"; strrev($k); $ran[] = "after the call"; }
    echo "not reached\n";
} catch (RuntimeException $e) {
    echo "caught after an internal call: ", $e->getMessage(), "\n";
}
echo $ran === ["body extra"] ? "raised at the call\n" : "raised elsewhere: " . json_encode($ran) . "\n";

// A loop nested in the body: both iterators are released by the unwinding.
$fail = false;
try {
    foreach ([1, 2] as $i) {
        foreach ($h as $k => $v) {
            echo "inner $i $k => $v\n";
            $fail = $i === 2;
        }
    }
} catch (RuntimeException $e) {
    echo "caught in outer: ", $e->getMessage(), "\n";
}

// Later exceptions in the request are caught where they are thrown.
$fail = false;
function thrower() { throw new LogicException("later"); }
try { thrower(); } catch (LogicException $e) { echo "caught: ", $e->getMessage(), "\n"; }

$fail = true;
// get_object_vars and json_encode are not foreach: the exception is raised by the call itself.
foreach (['get_object_vars', 'json_encode'] as $f) {
    try {
        $f($h);
        echo "not reached\n";
    } catch (RuntimeException $e) {
        echo "$f: ", $e->getMessage(), "\n";
    }
}
$fail = false;
var_dump($h->label);
echo "end\n";
?>
--EXPECT--
label before: t
label => t
caught: getter failed
caught by reference: getter failed
body extra
caught: getter failed
caught after an internal call: getter failed
raised at the call
inner 1 label => t
inner 2 label => t
caught in outer: getter failed
caught: later
get_object_vars: getter failed
json_encode: getter failed
string(1) "t"
end
