--TEST--
Functions: lambdas (captureless and capturing) and std::function, each binding its own state
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_lambda_square(7), pb_lambda_prefix("x"));
var_dump(pb_counter_a(), pb_counter_a(), pb_counter_b(), pb_counter_a(), pb_counter_b());
var_dump(pb_fn_twice(4), pb_fn_thrice(4));
try { pb_lambda_square("seven"); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { pb_lambda_throws("bad"); } catch (Exception $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
?>
--EXPECT--
int(49)
string(5) "pre:x"
int(1)
int(2)
int(101)
int(3)
int(102)
int(8)
int(12)
pb_lambda_square(): Argument #1 ($x) must be of type int, string given
Exception: lambda: bad
