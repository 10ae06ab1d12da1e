--TEST--
Calls: a PHP exception crosses C++ frames — caught and inspected, or escaping with the same identity
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_catch_exception(function () { throw new RuntimeException("boom", 42); }));
var_dump(pb_catch_exception(function () { return 1; }));
var_dump(pb_counters());

$ex = new LogicException("same object");
try {
    pb_let_escape(function () use ($ex) { throw $ex; });
} catch (LogicException $e) {
    var_dump($e === $ex, $e->getLine(), count($e->getTrace()));
}
var_dump(pb_counters());

try { pb_translate(function () { throw new Exception("orig"); }); } catch (RuntimeException $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }

// PHP -> C++ -> PHP -> C++ -> PHP, thrown at the innermost level, caught at the outermost.
// (Named functions: a closure that captures itself by reference would form a
// cycle that PHP itself only frees through the cycle collector.)
function deep($d) {
    if ($d == 0) throw new DomainException("deep");
    try { return pb_nest('deep', $d - 1); } finally { echo "finally $d\n"; }
}
try { pb_nest('deep', 3); } catch (DomainException $e) { echo "caught ", $e->getMessage(), ", frames ", count($e->getTrace()), "\n"; }
// ... and caught half-way, by PHP code between two C++ frames.
function halfway($d) {
    if ($d == 0) throw new DomainException("inner");
    if ($d == 2) { try { return pb_nest('halfway', $d - 1); } catch (DomainException $e) { return "handled at $d: " . $e->getMessage(); } }
    return pb_nest('halfway', $d - 1);
}
var_dump(pb_nest('halfway', 4));
var_dump(pb_counters());
?>
--EXPECT--
array(6) {
  ["caught"]=>
  bool(true)
  ["class"]=>
  string(16) "RuntimeException"
  ["message"]=>
  string(4) "boom"
  ["code"]=>
  int(42)
  ["is_runtime"]=>
  bool(true)
  ["what"]=>
  string(22) "RuntimeException: boom"
}
array(1) {
  ["caught"]=>
  bool(false)
}
array(2) {
  ["alive"]=>
  int(0)
  ["destroyed"]=>
  int(2)
}
bool(true)
int(6)
int(0)
array(2) {
  ["alive"]=>
  int(0)
  ["destroyed"]=>
  int(6)
}
RuntimeException: translated: orig
finally 1
finally 2
finally 3
caught deep, frames 8
string(19) "handled at 2: inner"
array(2) {
  ["alive"]=>
  int(0)
  ["destroyed"]=>
  int(15)
}
