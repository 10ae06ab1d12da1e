--TEST--
Exceptions: each C++ exception type becomes its PHP class, with message and code
--EXTENSIONS--
phpbind_test
--FILE--
<?php
$kinds = ['exception', 'error', 'type_error', 'value_error', 'argument_count_error', 'arithmetic_error',
    'division_by_zero_error', 'unhandled_match_error', 'logic_exception', 'bad_function_call_exception',
    'bad_method_call_exception', 'domain_exception', 'invalid_argument_exception', 'length_exception',
    'out_of_range_exception', 'runtime_exception', 'out_of_bounds_exception', 'overflow_exception',
    'range_exception', 'underflow_exception', 'unexpected_value_exception',
    'std_runtime_error', 'std_out_of_range', 'std_bad_alloc', 'int', 'string'];
foreach ($kinds as $i => $kind) {
    try {
        pb_throw($kind, "message $i", $i);
        echo "$kind: no exception\n";
    } catch (Throwable $e) {
        printf("%-28s %-24s code=%-2d %s | file=%s line=%d prev=%s\n", $kind, get_class($e), $e->getCode(),
               $e->getMessage(), basename($e->getFile()), $e->getLine(), var_export($e->getPrevious(), true));
    }
}
// Argument errors name the running function and the parameter.
foreach (['argument_value_error', 'argument_type_error'] as $kind) {
    try { pb_throw($kind, "is not acceptable", 2); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
// A C++ exception is an ordinary PHP exception: finally runs, it can be rethrown.
function f() {
    try { pb_throw('runtime_exception', 'inner'); } finally { echo "finally ran\n"; }
}
try { f(); } catch (RuntimeException $e) { echo "caught ", $e->getMessage(), " from ", $e->getTrace()[0]['function'], "\n"; }
?>
--EXPECT--
exception                    Exception                code=0  message 0 | file=mapping.php line=10 prev=NULL
error                        Error                    code=1  message 1 | file=mapping.php line=10 prev=NULL
type_error                   TypeError                code=2  message 2 | file=mapping.php line=10 prev=NULL
value_error                  ValueError               code=3  message 3 | file=mapping.php line=10 prev=NULL
argument_count_error         ArgumentCountError       code=4  message 4 | file=mapping.php line=10 prev=NULL
arithmetic_error             ArithmeticError          code=5  message 5 | file=mapping.php line=10 prev=NULL
division_by_zero_error       DivisionByZeroError      code=6  message 6 | file=mapping.php line=10 prev=NULL
unhandled_match_error        UnhandledMatchError      code=7  message 7 | file=mapping.php line=10 prev=NULL
logic_exception              LogicException           code=8  message 8 | file=mapping.php line=10 prev=NULL
bad_function_call_exception  BadFunctionCallException code=9  message 9 | file=mapping.php line=10 prev=NULL
bad_method_call_exception    BadMethodCallException   code=10 message 10 | file=mapping.php line=10 prev=NULL
domain_exception             DomainException          code=11 message 11 | file=mapping.php line=10 prev=NULL
invalid_argument_exception   InvalidArgumentException code=12 message 12 | file=mapping.php line=10 prev=NULL
length_exception             LengthException          code=13 message 13 | file=mapping.php line=10 prev=NULL
out_of_range_exception       OutOfRangeException      code=14 message 14 | file=mapping.php line=10 prev=NULL
runtime_exception            RuntimeException         code=15 message 15 | file=mapping.php line=10 prev=NULL
out_of_bounds_exception      OutOfBoundsException     code=16 message 16 | file=mapping.php line=10 prev=NULL
overflow_exception           OverflowException        code=17 message 17 | file=mapping.php line=10 prev=NULL
range_exception              RangeException           code=18 message 18 | file=mapping.php line=10 prev=NULL
underflow_exception          UnderflowException       code=19 message 19 | file=mapping.php line=10 prev=NULL
unexpected_value_exception   UnexpectedValueException code=20 message 20 | file=mapping.php line=10 prev=NULL
std_runtime_error            Exception                code=0  message 21 | file=mapping.php line=10 prev=NULL
std_out_of_range             Exception                code=0  message 22 | file=mapping.php line=10 prev=NULL
std_bad_alloc                Exception                code=0  std::bad_alloc | file=mapping.php line=10 prev=NULL
int                          Exception                code=0  Unknown C++ exception | file=mapping.php line=10 prev=NULL
string                       Exception                code=0  Unknown C++ exception | file=mapping.php line=10 prev=NULL
ValueError: pb_throw(): Argument #2 ($message) is not acceptable
TypeError: pb_throw(): Argument #2 ($message) is not acceptable
finally ran
caught inner from pb_throw
