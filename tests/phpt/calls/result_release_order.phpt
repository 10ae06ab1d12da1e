--TEST--
Calls: a callback that fails after its result was made (a local's __destruct throws on the way out) has the result released as the engine releases an internal function's, with the exception still in flight: what the result's __destruct throws chains to it, as with call_user_func
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class T { function __destruct() { throw new RuntimeException("from a local's __destruct"); } }
class L { function __destruct() { throw new LogicException("from the result's __destruct"); } }
function f() { $t = new T; return new L; }
function chain(Throwable $e): string {
    $s = [];
    for (; $e; $e = $e->getPrevious()) $s[] = get_class($e) . " (" . $e->getMessage() . ")";
    return implode(", previous ", $s);
}
foreach (['call_user_func', 'pb_let_escape'] as $via) {
    try { $via('f'); echo "$via: no exception\n"; } catch (Throwable $e) { echo "$via: ", chain($e), "\n"; }
}
?>
--EXPECT--
call_user_func: LogicException (from the result's __destruct), previous RuntimeException (from a local's __destruct)
pb_let_escape: LogicException (from the result's __destruct), previous RuntimeException (from a local's __destruct)
