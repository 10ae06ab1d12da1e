--TEST--
Enums: an int-backed enum — case values from the C++ enumerators (or explicit), from()/tryFrom() from the engine with PHP's own errors, a sparse unscoped C++ enum with negative values
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Level;
function t(callable $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
foreach (Level::cases() as $c) echo $c->name, " = ", $c->value, "\n";
var_dump(Level::Low instanceof BackedEnum, Level::from(5) === Level::Mid, Level::tryFrom(100) === Level::High);
// The explicit value replaces the enumerator's: 10 is not a case value.
t(fn() => Level::tryFrom(10));
t(fn() => Level::from(10));
t(fn() => Level::from(-1));
t(fn() => Level::from("5"));    // weak mode: a numeric string is an int
t(fn() => Level::from("five"));
t(fn() => Level::from([]));
t(fn() => Level::tryFrom(null));
// The C++ side sees the C++ enumerator, not the PHP value.
var_dump(pb_level_raw(Level::High), pb_level_up(Level::Low), pb_level_up(Level::Mid) === Level::High);
foreach (PbSparse::cases() as $c) echo $c->name, " = ", $c->value, "\n";
var_dump(PbSparse::from(-3), pb_sparse_raw(PbSparse::Max), pb_sparse_from(7) === PbSparse::Mid);
t(fn() => pb_sparse_from(8));
t(fn() => pb_sparse_from(-4));
t(fn() => pb_sparse_raw(Level::Low));
?>
--EXPECTF--
Low = 1
Mid = 5
High = 100
bool(true)
bool(true)
bool(true)
NULL
ValueError: 10 is not a valid backing value for enum PhpBind\Level
ValueError: -1 is not a valid backing value for enum PhpBind\Level
enum(PhpBind\Level::Mid)
TypeError: PhpBind\Level::from(): Argument #1 ($value) must be of type int, string given
TypeError: PhpBind\Level::from(): Argument #1 ($value) must be of type int, array given

Deprecated: PhpBind\Level::tryFrom(): Passing null to parameter #1 ($value) of type string|int is deprecated in %s on line %d
NULL
int(10)
enum(PhpBind\Level::Mid)
bool(true)
Min = -3
Mid = 7
Max = 1000000
enum(PbSparse::Min)
int(1000000)
bool(true)
Error: C++ value 8 of pbtest::Sparse has no case in enum PbSparse
Error: C++ value -4 of pbtest::Sparse has no case in enum PbSparse
TypeError: pb_sparse_raw(): Argument #1 ($s) must be of type PbSparse, PhpBind\Level given
