--TEST--
Values: a user caster built on a built-in one keeps its own load (the quick read of exact arguments is the built-in caster's alone), and one whose try_load refuses what write_parsed wrote raises Error instead of coercing forever
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function show(Closure $f) {
    try { var_dump($f()); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
}
show(fn() => pb_path_len("abc"));
show(fn() => pb_path_len("a\0b"));
show(fn() => pb_path_len2("a\0b", 1));
show(fn() => pb_path_len2("a\0b", "1"));
show(fn() => pb_path_len2("ab", "2"));
show(fn() => pb_even_half(4));
show(fn() => pb_even_half(3));
show(fn() => pb_even_half("8"));
?>
--EXPECT--
int(3)
ValueError: pb_path_len(): Argument #1 ($path) must not contain any null bytes
ValueError: pb_path_len2(): Argument #1 ($path) must not contain any null bytes
ValueError: pb_path_len2(): Argument #1 ($path) must not contain any null bytes
int(4)
int(2)
Error: pb_even_half(): Argument #1 ($n) is refused by its caster after coercion (caster::try_load must accept what caster::write_parsed writes)
int(4)
