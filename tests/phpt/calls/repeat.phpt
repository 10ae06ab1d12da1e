--TEST--
Calls: CallableView::repeat() calls one callable again and again; results, early stops, and every failure of a call or a step
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// pb_repeat(f, values, mode) calls f($value, $index) for each value and
// returns the results it kept, with "calls": how many calls it made.
echo json_encode(pb_repeat(fn($v, $i) => "$i:$v", ['a', 'b', 'c'])), "\n";
echo json_encode(pb_repeat(fn($v) => $v, [])), "\n";
// `take` returning false stops the loop.
echo json_encode(pb_repeat(fn($v) => $v, [1, 2, false, 4], 'until')), "\n";

// A result by reference arrives unwrapped; no result reads as null.
function &twice($v) { static $x; $x = $v * 2; return $x; }
echo json_encode(pb_repeat('twice', [1, 2])), "\n";
echo json_encode(pb_repeat(function ($v) { }, [1])), "\n";
// A trampoline (__call) is resolved again for each call.
class Magic { function __call($n, $a) { return "$n(" . implode(',', $a) . ")"; } }
echo json_encode(pb_repeat([new Magic, 'anything'], [1, 2])), "\n";
// A callback that repeats too: loops nest.
echo json_encode(pb_repeat(fn($v) => pb_repeat(fn($w) => $v * $w, [1, 2]), [10, 20])), "\n";
// Arguments are the caller's values: a callback that takes one by reference
// gets PHP's warning and a copy, as from call_user_func().
echo json_encode(pb_repeat(function (&$v) { $v = 'changed'; return $v; }, ['kept'])), "\n";

// A callback's exception ends the loop and reaches the caller, the same object.
$thrown = new LogicException("from the callback");
try {
    pb_repeat(function ($v, $i) use ($thrown) { echo "call $i\n"; if ($i == 1) throw $thrown; return $v; }, [1, 2, 3]);
} catch (LogicException $e) {
    var_dump($e === $thrown);
}
// A C++ exception from either step does too, as its PHP exception.
foreach (['next-throws', 'take-throws'] as $mode) {
    try {
        pb_repeat(function ($v, $i) { echo "call $i\n"; return $v; }, [1, 2, 3, 4], $mode);
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
// A PHP exception inside a step (PHP the step runs) is a C++ exception there.
try {
    pb_repeat(fn($v) => function () use ($v) { if ($v == 2) throw new DomainException("inner $v"); return $v; }, [1, 2, 3], 'call-result');
} catch (DomainException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// A result released by repeat() whose destructor throws: the loop goes on
// call by call with the exception set aside, and it reaches the caller at the end.
class Noisy {
    function __construct(public $n) {}
    function __destruct() { echo "destruct {$this->n}\n"; if ($this->n == 1) throw new RuntimeException("destructor {$this->n}"); }
}
try {
    pb_repeat(function ($v, $i) { echo "call $i\n"; return new Noisy($i); }, [1, 2, 3], 'drop');
} catch (RuntimeException $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}

// Not callable: PHP's own TypeError.
try {
    pb_repeat('no_such_function', [1]);
} catch (TypeError $e) {
    echo $e->getMessage(), "\n";
}
// Every C++ object of every loop above was destroyed.
echo json_encode(pb_counters()['alive']), "\n";
?>
--EXPECTF--
{"0":"0:a","1":"1:b","2":"2:c","calls":3}
{"calls":0}
{"0":1,"1":2,"calls":3}
{"0":2,"1":4,"calls":2}
{"0":null,"calls":1}
{"0":"anything(1,0)","1":"anything(2,1)","calls":2}
{"0":{"0":10,"1":20,"calls":2},"1":{"0":20,"1":40,"calls":2},"calls":2}

Warning: {closure%S}(): Argument #1 ($v) must be passed by reference, value given in %s on line %d
{"0":"changed","calls":1}
call 0
call 1
bool(true)
call 0
call 1
ValueError: next() refused index 2
call 0
call 1
call 2
RuntimeException: take() refused index 2
DomainException: inner 2
call 0
destruct 0
call 1
destruct 1
call 2
destruct 2
RuntimeException: destructor 1
pb_repeat(): Argument #1 ($callback) must be a valid callback, function "no_such_function" not found or invalid function name
0
