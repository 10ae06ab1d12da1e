--TEST--
Functions: arguments coerced in place before the frameless path runs behave as a standard function's (an error handler that throws on the deprecation, __toString that throws, a temporary whose __destruct runs when it is replaced)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
class Str { function __construct(public string $s) {} function __toString(): string { return $this->s; } }
class Bad { function __toString(): string { throw new LogicException("no string"); } }
class Loud { function __toString(): string { return "loud"; } function __destruct() { echo "  (destructed)\n"; } }
class LoudThrow { function __toString(): string { return "lt"; } function __destruct() { throw new RangeException("from __destruct"); } }

function run(string $label, Closure $f) {
    try {
        $out = var_export($f(), true);
    } catch (Throwable $e) {
        $out = get_class($e) . ": " . $e->getMessage();
    }
    echo "  $label: $out\n";
}
foreach (['intdiv' => 'pb_intdiv', 'str_repeat' => 'pb_str_repeat', 'ucfirst' => 'pb_ucfirst'] as $builtin => $twin) {
    foreach ([$builtin, $twin] as $fn) {
        echo "$fn\n";
        $one = $fn === 'intdiv' || $fn === 'pb_intdiv';
        $args = fn(...$a) => $fn === 'ucfirst' || $fn === 'pb_ucfirst' ? [$a[0]] : $a;
        set_error_handler(function ($no, $msg) { throw new ErrorException($msg, 0, $no); });
        run('null, handler throws', fn() => $fn(...$args(null, 2)));
        restore_error_handler();
        if (!$one) {
            run('Str', fn() => $fn(...$args(new Str("ab"), 2)));
            run('Bad', fn() => $fn(...$args(new Bad, 2)));
            run('Loud temporary', fn() => $fn(...$args(new Loud, 2)));
            run('LoudThrow temporary', fn() => $fn(...$args(new LoudThrow, 2)));
        }
        run('"7" and "2"', fn() => $fn(...$args("7", "2")));
        run('7.0', fn() => $fn(...$args(7.0, 2)));
    }
}
?>
--EXPECT--
intdiv
  null, handler throws: ErrorException: intdiv(): Passing null to parameter #1 ($num1) of type int is deprecated
  "7" and "2": 3
  7.0: 3
pb_intdiv
  null, handler throws: ErrorException: pb_intdiv(): Passing null to parameter #1 ($num1) of type int is deprecated
  "7" and "2": 3
  7.0: 3
str_repeat
  null, handler throws: ErrorException: str_repeat(): Passing null to parameter #1 ($string) of type string is deprecated
  Str: 'abab'
  Bad: LogicException: no string
  (destructed)
  Loud temporary: 'loudloud'
  LoudThrow temporary: RangeException: from __destruct
  "7" and "2": '77'
  7.0: '77'
pb_str_repeat
  null, handler throws: ErrorException: pb_str_repeat(): Passing null to parameter #1 ($string) of type string is deprecated
  Str: 'abab'
  Bad: LogicException: no string
  (destructed)
  Loud temporary: 'loudloud'
  LoudThrow temporary: RangeException: from __destruct
  "7" and "2": '77'
  7.0: '77'
ucfirst
  null, handler throws: ErrorException: ucfirst(): Passing null to parameter #1 ($string) of type string is deprecated
  Str: 'Ab'
  Bad: LogicException: no string
  (destructed)
  Loud temporary: 'Loud'
  LoudThrow temporary: RangeException: from __destruct
  "7" and "2": '7'
  7.0: '7'
pb_ucfirst
  null, handler throws: ErrorException: pb_ucfirst(): Passing null to parameter #1 ($string) of type string is deprecated
  Str: 'Ab'
  Bad: LogicException: no string
  (destructed)
  Loud temporary: 'Loud'
  LoudThrow temporary: RangeException: from __destruct
  "7" and "2": '7'
  7.0: '7'
