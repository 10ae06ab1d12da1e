<?php
// tests/fuzz/fuzz.php — a seeded, replayable fuzzer for the test extensions.
//
// It enumerates, through Reflection, every function, class, method, enum and
// INI entry of the extension `phpbind_test` (and `phpbind_second` when it is
// loaded) and calls them with generated arguments, and drives the object
// handlers of every class from PHP: properties, [] access, count(), foreach,
// clone, casts, comparison, arithmetic, serialization, json_encode, dumps,
// get_object_vars(), cycles and the collector.
//
// Each call ("case") is generated as a line of PHP source from the seed and the
// case number alone, written to the log before it runs, then run with eval().
// So the log's last line is the case that crashed, and
//
//   php -n -d extension=phpbind_test.so tests/fuzz/fuzz.php --seed=S --replay=N
//
// runs case N again on its own (add --start=A to run A..N first, when the crash
// needs what earlier cases left behind). Every Throwable a case raises is the
// expected outcome for bad input: it is caught and counted by class and message
// pattern. What the fuzzer looks for is everything else: crashes and sanitizer
// reports (seen by the driver, tests/fuzz/driver.php), fatal errors nobody asked
// for, exit() or a fatal error that did not end the script, results that do not
// match the declared return type, and exceptions of suspicious kinds (C++ text
// such as "Unknown C++ exception" or std:: names reaching PHP).
//
// Options (or the environment variables in brackets):
//   --seed=N [FUZZ_SEED]   --calls=N [FUZZ_CALLS]   run cases start..calls-1
//   --start=N              first case (the driver resumes here after an exit)
//   --log=FILE             one line per case: "N<TAB>target<TAB>code"
//   --state=FILE           JSON written at the end: why the process ended, counts
//   --replay=N             run case N alone and print what happened
//   --print=N              print the code of case N, run nothing
//   --verbose              print every case and its outcome
//   --include-known        also run targets on the known-defect list below
//   --probe=KIND           break on purpose (fatal, asan, exit-code) so the driver
//                          can prove it notices
//   --modules=A,B [FUZZ_MODULES]  the extensions whose functions and classes are
//                          fuzzed (default phpbind_test,phpbind_second; examples/ds: ds)

declare(strict_types=0);

// The CLI's stream constants; a php of another SAPI (a wasm php's embed SAPI) defines none.
if (!defined('STDOUT')) define('STDOUT', fopen('php://output', 'w'));
if (!defined('STDERR')) define('STDERR', fopen('php://output', 'w'));

// ---- what the fuzzer must not call -----------------------------------------------------
// Functions that are destructive by design: calling them tells nothing about phpbind.
const FZ_DENY = [
    'pb_asan_probe',  // a deliberate heap overflow (tests/ext/asan_probe.cpp) for the asan-probe test
];

// Known defects in phpbind that the fuzzer found: skipped in the bounded run so it
// stays green, run again with --include-known (make fuzz does). Each entry names a
// target as the log does: "function", "Class::method" or "Class@handler-op".
// Remove an entry when its defect is fixed.
const FZ_KNOWN_DEFECTS = [
    // Another phpbind extension (a separate library copy) overriding an object handler of a
    // class bound by this one: the objects get a copied handler table, from which the bound
    // class's own handlers can no longer find their class record (node_of()); the next
    // native-property access crashes. A copy refuses its own bound classes (docs/hooks.md);
    // across copies nothing tells it yet.
    'second_handler_override',
];

// Parameters whose value decides how much work a call does: only small values, so
// a case cannot run for hours or allocate gigabytes (not a defect, just slow).
const FZ_CLAMP = [
    'pb_str_repeat' => ['times'],
    'pb_squares' => ['n'],
    'pb_points' => ['n'],
    'pb_function_handle' => ['times'],
    'pb_call_count_times' => ['times'],
    'pb_oom_words' => ['n'],
    'pb_oom_map' => ['n'],
    'pb_oom_view' => ['n'],
    'pb_oom_push' => ['n'],
    'pb_oom_set' => ['n'],
    'pb_oom_append' => ['n'],
    'pb_oom_string' => ['n'],
    'pb_oom_swallow' => ['n'],
    'pb_oom_request_ints' => ['n'],
    'pb_oom_request_text' => ['n'],
    'pb_request_ints_counted' => ['n'],
    'pb_value_tree' => ['depth'],
];

// Functions whose job is to turn C++ exceptions (std::, "Unknown C++ exception")
// into PHP ones: what they raise is not suspicious.
const FZ_RAISERS = ['pb_throw', 'pb_app_throw', 'pb_lambda_throws'];

// ---- helpers the generated code calls --------------------------------------------------

class FzThrown extends Exception {}
class FzError extends Error {}

// Stringable whose __toString runs a closure (which may change other arguments).
final class FzStr {
    public function __construct(private Closure $f) {}
    public function __toString(): string { return (string) ($this->f)(); }
}

// Runs a closure when destroyed: user code at the moment phpbind releases a value.
final class FzDtor {
    public $payload;
    public function __construct(private ?Closure $f = null, $payload = null) { $this->payload = $payload; }
    public function __destruct() {
        if (Fz::$in_case && !Fz::$shutdown && $this->f) {
            Fz::$in_dtor++;
            try {
                ($this->f)();
            } catch (Throwable $t) {
                // Thrown while exit() unwinds: the engine drops the exit for this
                // exception (zend_exception_set_previous), with or without C++.
                if (Fz::$expect !== null && Fz::$expect['kind'] === 'exit') Fz::$expect['dtor_threw'] = true;
                throw $t;
            } finally {
                Fz::$in_dtor--;
            }
        }
    }
}

// Magic methods that answer with arbitrary values or throw.
class FzMagic {
    public $declared = 1;
    public function __get($n) { return fz_any(); }
    public function __set($n, $v) { if (mt_rand(0, 3) == 0) throw new FzThrown("__set $n"); }
    public function __isset($n) { return (bool) mt_rand(0, 1); }
    public function __unset($n) {}
    public function __call($n, $a) { return fz_any(); }
    public static function __callStatic($n, $a) { return fz_any(); }
    public function __invoke(...$a) { return fz_any(); }
}

// A userland Countable/ArrayAccess/IteratorAggregate with arbitrary answers.
final class FzBox implements Countable, ArrayAccess, IteratorAggregate {
    public function __construct(public array $items = []) {}
    public function count(): int { return count($this->items); }
    public function offsetExists($o): bool { return isset($this->items[$o]); }
    public function offsetGet($o): mixed { return $this->items[$o] ?? fz_any(); }
    public function offsetSet($o, $v): void { if ($o === null) $this->items[] = $v; else $this->items[$o] = $v; }
    public function offsetUnset($o): void { unset($this->items[$o]); }
    public function getIterator(): Iterator { return new ArrayIterator($this->items); }
}

enum FzUnit { case A; case B; }
enum FzBacked: int { case One = 1; case Two = 2; }

// Checks a result against the declared return type of what returned it.
function fz_ret(string $target, mixed $r, ?object $self = null): void { Fz::check_return($target, $r, $self); }
// Installs a handler for the warnings and deprecations of this case only.
function fz_on_error(Closure $h): void { Fz::$case_handler = $h; }
// exit() and a fatal error on purpose: recorded first, so the end of the script is expected.
function fz_exit(int $status): void {
    if (Fz::$shutdown || !Fz::$in_case) return;
    Fz::$expect = ['kind' => 'exit', 'status' => $status, 'call' => Fz::$i, 'in_dtor' => Fz::$in_dtor > 0];
    exit($status);
}
function fz_fatal(): void {
    if (Fz::$shutdown || !Fz::$in_case) return;
    Fz::$expect = ['kind' => 'fatal', 'status' => 255, 'call' => Fz::$i];
    trigger_error("fz fatal on purpose", E_USER_ERROR);
}
// Exceptions caught inside a case (between the steps of a sequence).
function fz_caught(Throwable $e): void { Fz::record_throwable($e); }
// A value chosen while the case runs (from the case's own random stream).
function fz_any(): mixed {
    static $pool = null;
    $pool ??= [0, -1, 1, PHP_INT_MAX, PHP_INT_MIN, 1.5, -0.0, NAN, INF, "", "0", "abc", "a\0b", "\xff\xfe",
               null, true, false, [], [1, 2, 3], ['x' => 1.0, 'y' => 2.0], "9223372036854775808"];
    $k = mt_rand(0, count($pool) + 2);
    if ($k < count($pool)) return $pool[$k];
    return match ($k - count($pool)) { 0 => new stdClass, 1 => new ArrayObject([1, 2]), default => FzUnit::A };
}
// A self-referencing array; an array nested $n deep.
function fz_cycle(): array { $a = [1, 'k' => 'v']; $a[] = &$a; return $a; }
function fz_deep(int $n): array { $a = []; for ($i = 0; $i < $n; $i++) $a = [$a]; return $a; }
// An array whose elements are references (to one shared variable and to each other).
function fz_refs(mixed $v): array { $x = $v; $y = 2; return [&$x, &$x, &$y, 'k' => &$y]; }
function fz_gen(): Generator { yield 1; yield 'k' => 'v'; yield 2 => 2.5; }

// ---- the fuzzer ------------------------------------------------------------------------

final class Fz {
    public static int $seed = 1;
    public static int $i = -1;           // the case running now
    public static bool $shutdown = false;
    public static bool $in_case = false;
    public static int $in_dtor = 0;       // inside a destructor of the fuzzer's own  // user code of the fuzzer's own (destructors, exit) acts only inside a case
    public static ?array $expect = null;  // an exit()/fatal error the running case asked for
    public static ?Closure $case_handler = null;
    public static bool $finished = false;
    public static bool $verbose = false;
    public static bool $include_known = false;
    // Whether a case's variables are unset before fz_exec returns (the tracing JIT; see fz_exec_released).
    public static bool $release_early = false;
    // Whether the last gen_args() passed a by-reference parameter by name. Such a call
    // is never made through call_user_func() or Reflection's invoke(): PHP 8.2's
    // zend_call_function() leaves the named argument's slot uninitialised when the
    // "must be passed by reference" warning throws (an error handler that throws), then
    // frees that slot: a refcount decrement on whatever the VM stack held there, which
    // corrupts memory with no extension involved (docs/testing.md).
    public static bool $named_byref = false;
    public static int $start = 0;
    public static int $calls = 0;
    public static ?string $state_path = null;
    public static $log = null;
    public static float $t0 = 0;
    public static string $target = '';   // what the running case calls

    /** @var array<string, ReflectionFunction> */
    public static array $funcs = [];
    /** @var array<string, ReflectionClass> */
    public static array $classes = [];
    /** @var array<string, string[]> class => instantiable classes that are instanceof it */
    public static array $concrete = [];
    /** @var array<string, string[]> class => code that builds a working instance */
    public static array $recipes = [];
    /** @var array<string, ?ReflectionType> target => declared return type */
    public static array $returns = [];
    public static array $ini = [];
    public static array $helper_classes = [];   // userland classes built on the extension's

    public static array $stats = [
        'cases' => 0, 'ok' => 0, 'threw' => 0,
        'classes' => [], 'patterns' => [], 'warnings' => [], 'suspicious' => [],
        'violations' => [], 'defects' => [],
    ];

    // ---- discovery ----------------------------------------------------------------------

    public static function discover(array $exts): void {
        foreach ($exts as $ext) {
            if (!extension_loaded($ext)) continue;
            foreach (get_extension_funcs($ext) ?: [] as $f) {
                if (in_array($f, FZ_DENY, true)) continue;
                $rf = new ReflectionFunction($f);
                self::$funcs[$rf->getName()] = $rf;
                self::$returns[$rf->getName()] = $rf->getReturnType();
            }
            foreach (array_merge(get_declared_classes(), get_declared_interfaces()) as $c) {
                $rc = new ReflectionClass($c);
                if ($rc->getExtensionName() !== $ext) continue;
                self::$classes[$rc->getName()] = $rc;
                foreach ($rc->getMethods() as $m) self::$returns[$rc->getName() . '::' . $m->getName()] = $m->getReturnType();
            }
            foreach (ini_get_all($ext, false) ?: [] as $name => $_) self::$ini[] = $name;
        }
        ksort(self::$funcs);
        ksort(self::$classes);
        sort(self::$ini);
    }

    // Userland classes built on the extension's: plain subclasses, subclasses whose
    // constructor never calls the parent's (an unconstructed native object), and
    // implementations of the abstract classes and interfaces.
    public static function define_helpers(): void {
        foreach (self::$classes as $name => $rc) {
            $tag = str_replace('\\', '_', $name);
            if ($rc->isInterface()) {
                $methods = self::stub_methods($rc);
                self::declare("FzImpl_$tag", "final class FzImpl_$tag implements \\$name { $methods }", $name);
                continue;
            }
            if ($rc->isFinal() || $rc->isEnum()) continue;
            if ($rc->isAbstract()) {
                $methods = self::stub_methods($rc);
                self::declare("FzImpl_$tag", "class FzImpl_$tag extends \\$name { $methods }", $name);
                continue;
            }
            self::declare("FzSub_$tag", "class FzSub_$tag extends \\$name { public \$fz_extra = 1; }", $name);
            $ctor = $rc->getConstructor();
            if (!$ctor || !$ctor->isFinal()) {
                self::declare("FzNoCtor_$tag", "class FzNoCtor_$tag extends \\$name { public function __construct() {} }", $name);
            }
        }
    }

    private static function declare(string $cls, string $code, string $base): void {
        try {
            eval($code);
            self::$helper_classes[$cls] = $base;
        } catch (Throwable $e) {
            fwrite(STDERR, "fuzz: could not declare $cls: " . $e->getMessage() . "\n");
        }
    }

    // Methods an abstract class or interface leaves open, answering with arbitrary
    // values (sometimes of the wrong type, so C++ sees a TypeError from PHP).
    private static function stub_methods(ReflectionClass $rc): string {
        $out = '';
        foreach ($rc->getMethods() as $m) {
            if (!$m->isAbstract()) continue;
            $params = [];
            foreach ($m->getParameters() as $p) {
                $params[] = ($p->isPassedByReference() ? '&' : '') . ($p->isVariadic() ? '...' : '') . '$' . $p->getName()
                    . ($p->isOptional() && !$p->isVariadic() ? ' = null' : '');
            }
            $rt = $m->hasReturnType() ? $m->getReturnType() : ($m->hasTentativeReturnType() ? $m->getTentativeReturnType() : null);
            $ret = $rt ? ': ' . self::type_code($rt) : '';
            $body = $ret === ': void' ? 'fz_any();' : 'return fz_any();';
            $static = $m->isStatic() ? 'static ' : '';
            $out .= "public {$static}function {$m->getName()}(" . implode(', ', $params) . ")$ret { $body } ";
        }
        return $out;
    }

    private static function type_code(ReflectionType $t): string {
        if ($t instanceof ReflectionNamedType) {
            $n = $t->getName();
            $builtin = $t->isBuiltin() || in_array(strtolower($n), ['self', 'static', 'parent'], true);
            $s = $builtin ? $n : '\\' . $n;
            return ($t->allowsNull() && $n !== 'mixed' && $n !== 'null') ? "?$s" : $s;
        }
        $sep = $t instanceof ReflectionUnionType ? '|' : '&';
        return implode($sep, array_map(fn($x) => self::type_code($x), $t->getTypes()));
    }

    // For each class: the instantiable classes that are instanceof it, and code that
    // builds working instances (found by trying a few ordinary argument lists).
    public static function build_recipes(): void {
        $all = array_merge(array_keys(self::$classes), array_keys(self::$helper_classes));
        foreach (self::$classes as $name => $_) {
            self::$concrete[$name] = [];
            foreach ($all as $c) {
                $rc = new ReflectionClass($c);
                if ($rc->isInstantiable() && !$rc->isEnum() && is_a($c, $name, true)) self::$concrete[$name][] = $c;
            }
        }
        for ($pass = 0; $pass < 2; $pass++) {
            foreach (array_merge(array_keys(self::$classes), array_keys(self::$helper_classes)) as $c) {
                $rc = new ReflectionClass($c);
                if (!$rc->isInstantiable() || $rc->isEnum() || isset(self::$recipes[$c])) continue;
                $ctor = $rc->getConstructor();
                foreach (self::ordinary_arg_lists($ctor ? $ctor->getParameters() : []) as $args) {
                    $code = 'new \\' . $c . '(' . implode(', ', $args) . ')';
                    if (self::try_code($code)) { self::$recipes[$c][] = $code; break; }
                }
            }
        }
        // Functions returning objects are sources of instances too (other holders:
        // shared_ptr, unique_ptr, by value).
        foreach (self::$funcs as $fn => $rf) {
            $t = $rf->getReturnType();
            if (!$t instanceof ReflectionNamedType || $t->isBuiltin()) continue;
            $cls = $t->getName();
            foreach (self::ordinary_arg_lists($rf->getParameters()) as $args) {
                $code = '\\' . $fn . '(' . implode(', ', $args) . ')';
                $actual = self::try_code($code);
                if ($actual && is_a($actual, $cls, true)) {
                    foreach (array_keys(self::$classes) as $base) {
                        if (is_a($actual, $base, true)) self::$recipes[$base][] = $code;
                    }
                    break;
                }
            }
        }
        ksort(self::$recipes);
    }

    private static function try_code(string $code): string|false {
        try {
            $o = eval("return $code;");
            return is_object($o) ? get_class($o) : false;
        } catch (Throwable) {
            return false;
        }
    }

    private static function ordinary_arg_lists(array $params): array {
        $choices = [];
        foreach ($params as $p) {
            if ($p->isVariadic()) break;
            $choices[] = self::ordinary_values($p->getType());
        }
        $lists = [[]];
        for ($k = 0; $k < count($choices); $k++) {
            $next = [];
            foreach ($lists as $l) foreach ($choices[$k] as $v) $next[] = array_merge($l, [$v]);
            $lists = array_slice($next, 0, 40);
        }
        // Required arguments only, first.
        $required = 0;
        foreach ($params as $p) if (!$p->isOptional()) $required++;
        $short = array_map(fn($l) => array_slice($l, 0, $required), $lists);
        return array_values(array_unique(array_merge($short, $lists), SORT_REGULAR));
    }

    private static function ordinary_values(?ReflectionType $t): array {
        if ($t instanceof ReflectionUnionType) $t = $t->getTypes()[0];
        if (!$t instanceof ReflectionNamedType) return ['1', '"a"'];
        return match (strtolower($t->getName())) {
            'int' => ['1', '0', '3'],
            'float' => ['2.5', '1.0'],
            'string' => ['"a"', '"localhost:8080"', '"user"'],
            'bool' => ['true'],
            'array', 'iterable' => ['[1, 2, 3]', '[]', '["x" => 1.0, "y" => 2.0]'],
            'callable' => ['fn(...$a) => 1'],
            'mixed' => ['1', '"a"'],
            'object' => ['new \stdClass'],
            default => self::$recipes[$t->getName()] ?? ['null'],
        };
    }

    // ---- random choices -------------------------------------------------------------------

    public static function r(int $n): int { return $n <= 1 ? 0 : mt_rand(0, $n - 1); }
    public static function chance(float $p): bool { return mt_rand() / mt_getrandmax() < $p; }
    public static function pick(array $a): mixed { return $a[array_keys($a)[self::r(count($a))]]; }
    // Picks a key of $weights (name => weight).
    public static function weighted(array $weights): string {
        $n = mt_rand(1, array_sum($weights));
        foreach ($weights as $k => $w) if (($n -= $w) <= 0) return (string) $k;
        return (string) array_key_last($weights);
    }

    // ---- literals ---------------------------------------------------------------------------

    public static function lit_str(string $s): string {
        $o = '"';
        $n = strlen($s);
        for ($k = 0; $k < $n; $k++) {
            $c = $s[$k];
            $b = ord($c);
            if ($c === '\\' || $c === '"' || $c === '$') $o .= '\\' . $c;
            elseif ($b >= 0x20 && $b < 0x7f) $o .= $c;
            else $o .= sprintf('\\x%02x', $b);
        }
        return $o . '"';
    }

    public static function lit_int(int|float $v): string {
        // On a 32-bit engine the wide literals of INTS are floats, as in any PHP code there.
        if (is_float($v)) return var_export($v, true);
        if ($v === PHP_INT_MIN) return 'PHP_INT_MIN';
        if ($v === PHP_INT_MAX) return 'PHP_INT_MAX';
        return $v < 0 ? "($v)" : (string) $v;
    }

    public static function lit_float(float $v): string {
        if (is_nan($v)) return 'NAN';
        if (is_infinite($v)) return $v > 0 ? 'INF' : '(-INF)';
        if ($v == 0 && fdiv(1, $v) < 0) return '(-0.0)';
        $s = var_export($v, true);
        return $v < 0 ? "($s)" : $s;
    }

    // ---- values -----------------------------------------------------------------------------

    const INTS = [0, 1, -1, 2, 3, 7, 42, 255, 256, -128, -129, 127, 128, 65535, 65536, -32769,
                  2147483647, 2147483648, -2147483648, -2147483649, 4294967295, 4294967296,
                  PHP_INT_MAX, PHP_INT_MIN, PHP_INT_MAX - 1, PHP_INT_MIN + 1, 1 << 40, 1000000];
    const FLOATS = [0.0, -0.0, 0.5, 1.0, 1.5, -1.5, 2.5, 255.0, 1e308, -1e308, 5e-324, 1e19, -1e19,
                    9.2233720368547758E+18, -9.2233720368547758E+18, 4294967296.0, 0.1, 1e-10,
                    NAN, INF, -INF, 2147483648.5];
    const STRINGS = ["", "0", "1", "-1", "3", " 1", "1 ", "1e3", "1.5", "0x1A", "0b11", "010", "abc", "2x", "x",
                     "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e1000", "-1e1000",
                     "NAN", "INF", "true", "null", " ", "\0", "a\0b", "\0\0\0", "\xff", "\xff\xfe\xfd", "\xc3\x28",
                     "\xe2\x82", "\xed\xa0\x80", "\xf0\x9f\x98\x80", "é", "ü", "\u{1F600}",
                     "host:80", "localhost:8080", ":80", "h:", "h:99999", "h:-1", "h:0", "user", "a", "key", "name",
                     "x", "y", "fast", "safe", "/tmp", "relative/path", "exception", "type_error", "value_error",
                     "std_runtime_error", "std_bad_alloc", "int", "string", "app", "not_found", "key_missing",
                     "timeout", "bad_input", "quota", "corrupt", "disk", "unbound", "silent",
                     "level", "limit", "enabled", "ratio", "greeting", "mode", "path", "perdir", "system_only",
                     "spades", "clubs", "hearts", "H", "S", "C", "D", "Red", "Green", "Blue",
                     "strlen", "pb_add", "pb_identity", "count", "intval", "array_sum", "str_repeat", "no_such_function",
                     "stdClass", "ArrayObject", "PhpBind\\Counter", "PhpBind\\Point", "PhpBind\\Vec2", "PhpBind\\Shape",
                     "PhpBind\\Figure", "PhpBind\\Color", "App\\NotFound", "Closure", "Generator", "No\\Such\\ClassName",
                     "inc", "live", "value", "getMessage", "__construct", "__toString", "\\", "::", "PhpBind\\Counter::live",
                     "%s%s%n", "{}", "[]", "O:8:\"stdClass\":0:{}"];

    public static function gen_int(): string {
        return match (self::r(6)) {
            0, 1, 2 => self::lit_int(self::pick(self::INTS)),
            3 => self::lit_int(mt_rand(-300, 300)),
            4 => self::lit_int(mt_rand(PHP_INT_MIN, PHP_INT_MAX)),
            5 => self::lit_int(self::pick([PHP_INT_MAX, PHP_INT_MIN, -1, 0])),
        };
    }

    public static function gen_float(): string {
        return match (self::r(4)) {
            0, 1 => self::lit_float(self::pick(self::FLOATS)),
            2 => self::lit_float(mt_rand(-100000, 100000) / 64),
            3 => self::lit_float((float) self::pick(self::INTS)),
        };
    }

    public static function gen_str(): string {
        $k = self::r(100);
        if ($k < 60) return self::lit_str(self::pick(self::STRINGS));
        if ($k < 75) {  // random bytes
            $s = '';
            for ($n = self::r(24); $n > 0; $n--) $s .= chr(self::chance(0.7) ? mt_rand(0x20, 0x7e) : mt_rand(0, 255));
            return self::lit_str($s);
        }
        if ($k < 83) return self::lit_str((string) self::pick(self::INTS));
        if ($k < 88) return self::lit_str(var_export(self::pick(self::FLOATS), true));
        if ($k < 93) return 'str_repeat(' . self::lit_str(self::pick(['x', "\0", "\xff", 'ab', '9', "é"])) . ', ' . self::pick([64, 1000, 4096, 65536]) . ')';
        if ($k < 96) return 'str_repeat("9", ' . self::pick([19, 20, 310, 400]) . ')';  // numeric beyond int and float
        // a few MB, sometimes invalid UTF-8 or NUL bytes throughout
        return 'str_repeat(' . self::lit_str(self::pick(['a', "\0", "\xc3", "ab\xff"])) . ', ' . self::pick([1 << 20, 3 << 20]) . ')';
    }

    public static function gen_scalar(): string {
        return match (self::weighted(['int' => 30, 'float' => 20, 'str' => 35, 'bool' => 8, 'null' => 7])) {
            'int' => self::gen_int(), 'float' => self::gen_float(), 'str' => self::gen_str(),
            'bool' => self::pick(['true', 'false']), 'null' => 'null',
        };
    }

    public static function gen_array(int $d): string {
        $k = self::weighted(['empty' => 6, 'ints' => 16, 'strs' => 10, 'floats' => 6, 'map' => 12, 'mixed' => 14,
                             'point' => 6, 'pair' => 5, 'tuple' => 5, 'enums' => 4, 'nested' => 6, 'refs' => 4,
                             'cycle' => 3, 'deep' => 2, 'huge' => 1, 'holes' => 4, 'objects' => 6]);
        $n = self::r(6);
        $items = [];
        switch ($k) {
            case 'empty': return '[]';
            case 'ints': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_int(); break;
            case 'strs': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_str(); break;
            case 'floats': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_float(); break;
            case 'map':
                for ($j = 0; $j <= $n; $j++) $items[] = self::gen_key() . ' => ' . (self::chance(0.6) ? self::gen_int() : self::gen_any($d + 1));
                break;
            case 'mixed': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_any($d + 1); break;
            case 'point':
                $x = self::chance(0.8) ? self::gen_float() : self::gen_any($d + 1);
                $y = self::chance(0.8) ? self::gen_int() : self::gen_any($d + 1);
                return self::chance(0.8) ? "['x' => $x, 'y' => $y]" : "['y' => $y, 'x' => $x, 'z' => 1]";
            case 'pair': return '[' . self::gen_int() . ', ' . self::gen_str() . ']';
            case 'tuple': return '[' . self::gen_int() . ', ' . self::gen_float() . ', ' . self::gen_str() . ']';
            case 'enums': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_enum_case(); break;
            case 'nested': for ($j = 0; $j <= $n; $j++) $items[] = $d < 3 ? self::gen_array($d + 1) : '[]'; break;
            case 'refs': return 'fz_refs(' . self::gen_scalar() . ')';
            case 'cycle': return 'fz_cycle()';
            // (not deeper: the engine's own recursive functions, and phpbind's detach, run out of
            // stack some 10,000s deep; ASan's larger frames make that a few 1,000)
            case 'deep': return 'fz_deep(' . self::pick([64, 1000, 2000]) . ')';
            case 'huge': return self::pick(['range(0, 200000)', 'array_fill(0, 100000, "v")', 'array_fill_keys(range("a", "z"), 1)']);
            case 'holes': return '[' . self::gen_int() . ' => ' . self::gen_scalar() . ', ' . self::gen_int() . ' => ' . self::gen_scalar() . ']';
            case 'objects': for ($j = 0; $j <= $n; $j++) $items[] = self::gen_object($d + 1); break;
        }
        return '[' . implode(', ', $items) . ']';
    }

    public static function gen_key(): string {
        return self::chance(0.5) ? self::gen_str() : self::pick(['0', '1', '-1', 'PHP_INT_MAX', 'PHP_INT_MIN', '"5"', '"05"', '1.5', 'true', 'null']);
    }

    public static function gen_enum_case(): string {
        $enums = array_filter(self::$classes, fn($rc) => $rc->isEnum());
        if (!$enums || self::chance(0.15)) return self::pick(['\FzUnit::A', '\FzBacked::Two']);
        $rc = self::pick($enums);
        $cases = (new ReflectionEnum($rc->getName()))->getCases();
        return '\\' . $rc->getName() . '::' . self::pick($cases)->getName();
    }

    public static function gen_object(int $d): string {
        $k = self::weighted(['ext' => 40, 'std' => 6, 'closure' => 8, 'enum' => 8, 'gen' => 3, 'ao' => 4, 'spl' => 3,
                             'str' => 6, 'dtor' => 6, 'magic' => 4, 'box' => 4, 'exc' => 2, 'date' => 1]);
        return match ($k) {
            'ext' => self::gen_instance(self::pick(array_keys(self::$classes)), $d),
            'std' => self::chance(0.5) ? 'new \stdClass' : '(object) ' . ($d < 3 ? self::gen_array($d + 1) : '["a" => 1]'),
            'closure' => self::gen_closure($d),
            'enum' => self::gen_enum_case(),
            'gen' => self::chance(0.5) ? 'fz_gen()' : '(function () { yield from ' . ($d < 3 ? self::gen_array($d + 1) : '[1]') . '; })()',
            'ao' => self::pick(['new \ArrayObject(', 'new \ArrayIterator(']) . ($d < 3 ? self::gen_array($d + 1) : '[]') . ')',
            'spl' => self::pick(['new \SplObjectStorage', 'new \SplFixedArray(3)', 'new \SplStack', 'new \WeakMap']),
            'str' => 'new \FzStr(' . self::gen_closure($d, true) . ')',
            'dtor' => 'new \FzDtor(' . self::gen_closure($d, true) . ', ' . ($d < 3 ? self::gen_any($d + 1) : 'null') . ')',
            'magic' => 'new \FzMagic',
            'box' => 'new \FzBox(' . ($d < 3 ? self::gen_array($d + 1) : '[]') . ')',
            'exc' => self::pick(['new \FzThrown("x")', 'new \Exception("e", 3)', 'new \App\NotFound("nf", 404)']),
            'date' => 'new \DateTimeImmutable("@0")',
        };
    }

    // An instance of $cls (or of a class extending it), built in one of many ways.
    public static function gen_instance(string $cls, int $d): string {
        $rc = self::$classes[$cls] ?? new ReflectionClass($cls);
        if ($rc->isEnum()) {
            $cases = (new ReflectionEnum($cls))->getCases();
            return '\\' . $cls . '::' . self::pick($cases)->getName();
        }
        $concrete = self::$concrete[$cls] ?? [$cls];
        if (!$concrete) return 'new \stdClass';
        $way = self::weighted(['recipe' => 50, 'sub' => 14, 'random' => 14, 'noctor' => 6, 'uninit' => 6, 'factory' => 10]);
        $c = self::pick($concrete);
        $mine = fn($prefix) => array_values(array_filter($concrete, fn($x) => str_starts_with($x, $prefix)));
        switch ($way) {
            case 'sub':
                if ($subs = $mine('FzSub_')) $c = self::pick($subs);
                break;
            case 'noctor':
                if ($subs = $mine('FzNoCtor_')) return 'new \\' . self::pick($subs);
                break;
            case 'uninit':
                $real = array_values(array_filter($concrete, fn($x) => !(new ReflectionClass($x))->isFinal() || !(new ReflectionClass($x))->isInternal()));
                if ($real) return '(new \ReflectionClass(' . self::lit_str(self::pick($real)) . '))->newInstanceWithoutConstructor()';
                break;
            case 'random':
                if ($d < 3) {
                    $ctor = (new ReflectionClass($c))->getConstructor();
                    $pre = [];
                    $args = $ctor ? self::gen_args($ctor->getParameters(), $c . '::__construct', $d + 1, $pre, true) : '()';
                    if (!$pre) return 'new \\' . $c . $args;
                }
                break;
            case 'factory':
                $fs = array_values(array_filter(self::$recipes[$cls] ?? [], fn($r) => !str_starts_with($r, 'new ')));
                if ($fs) return self::pick($fs);
                break;
        }
        $recipes = array_values(array_filter(self::$recipes[$c] ?? [], fn($r) => str_starts_with($r, 'new ')));
        if ($recipes) return self::pick($recipes);
        if ($r = self::$recipes[$cls] ?? null) return self::pick($r);
        return 'new \\' . $c;
    }

    // A callable. $closure_only: a Closure (for FzStr/FzDtor bodies).
    public static function gen_closure(int $d, bool $closure_only = false): string {
        $call = fn() => $d < 3 ? self::gen_call_expr($d + 1) : '1';
        $kinds = ['ret' => 20, 'throw' => 10, 'error' => 4, 'wrongtype' => 8, 'byref' => 6, 'reenter' => 10,
                  'warn' => 4, 'gc' => 2, 'typed' => 5, 'gen' => 2, 'exit' => 1, 'fatal' => 1];
        if (!$closure_only) $kinds += ['strname' => 8, 'arraycb' => 6, 'fcc' => 3, 'invokable' => 3, 'badcb' => 4];
        $k = self::weighted($kinds);
        return match ($k) {
            'ret' => 'fn(...$a) => ' . ($d < 3 ? self::gen_any($d + 1) : self::gen_scalar()),
            'throw' => 'function (...$a) { throw new \FzThrown(' . self::lit_str('thrown in callback') . '); }',
            'error' => 'function (...$a) { throw new \FzError("error in callback"); }',
            'wrongtype' => 'fn(...$a) => ' . self::pick(['[1, 2]', 'new \stdClass', '"not a number"', 'null', 'NAN', 'fz_any()', '\FzUnit::B', '"Red"']),
            'byref' => 'function (&$x = null, ...$a) { $x = ' . self::gen_scalar() . '; return ' . self::gen_scalar() . '; }',
            // Re-entry is bounded: a callback kept by the extension (a listener) whose call reaches
            // the function that calls it back would recurse until PHP 8.2's C stack ends, as any
            // unbounded recursion through internal calls does (8.3+ raise an Error there).
            'reenter' => 'function (...$a) { static $depth = 0; if ($depth > 64) return 1; $depth++; try { return ' . $call() . '; } finally { $depth--; } }',
            'warn' => 'function (...$a) { trigger_error("warning in callback", E_USER_WARNING); return ' . self::gen_scalar() . '; }',
            'gc' => 'function (...$a) { gc_collect_cycles(); return $a; }',
            'typed' => 'function (int $x = 0, string ...$rest): int { return $x; }',
            'gen' => 'function (...$a) { yield 1; return 2; }',
            'exit' => 'function (...$a) { fz_exit(' . self::pick([0, 3, 42]) . '); }',
            'fatal' => 'function (...$a) { fz_fatal(); }',
            'strname' => self::lit_str(self::pick(['strlen', 'intval', 'array_sum', 'count', 'str_repeat', 'pb_identity', 'pb_add',
                                                   'PhpBind\\Counter::live', 'PhpBind\\Counter::inc', 'no_such_function', 'FzMagic::anything', 'fz_any'])),
            'arraycb' => self::gen_array_callable($d),
            'fcc' => self::pick(['strlen(...)', '\pb_identity(...)', '\fz_any(...)', '\intval(...)']),
            'invokable' => self::pick(['new \FzMagic', 'new \PhpBind\MagicBag']),
            'badcb' => self::pick(['[1, 2]', '["stdClass", "nope"]', '"::"', '[new \stdClass, "x"]', '""', '"\0"', 'new \stdClass']),
        };
    }

    private static function gen_array_callable(int $d): string {
        $cls = self::pick(array_keys(self::$classes));
        $methods = self::$classes[$cls]->getMethods();
        $m = $methods ? self::pick($methods)->getName() : 'nope';
        if (self::chance(0.5) || $d >= 3) return '[' . self::lit_str($cls) . ', ' . self::lit_str($m) . ']';
        return '[' . self::gen_instance($cls, $d + 1) . ', ' . self::lit_str($m) . ']';
    }

    public static function gen_callable(int $d): string { return self::gen_closure($d); }

    public static function gen_any(int $d): string {
        if ($d >= 4) return self::gen_scalar();
        return match (self::weighted(['scalar' => 50, 'array' => 18, 'object' => 22, 'callable' => 10])) {
            'scalar' => self::gen_scalar(),
            'array' => self::gen_array($d),
            'object' => self::gen_object($d),
            'callable' => self::gen_closure($d),
        };
    }

    // A value for a parameter declared as $t: usually of that type, sometimes anything.
    public static function gen_for_type(?ReflectionType $t, int $d): string {
        if ($t === null || self::chance(0.25)) return self::gen_any($d);
        if ($t instanceof ReflectionUnionType) $t = self::pick($t->getTypes());
        if (!$t instanceof ReflectionNamedType) return self::gen_any($d);
        if ($t->allowsNull() && self::chance(0.15)) return 'null';
        $name = $t->getName();
        return match (strtolower($name)) {
            'int' => self::chance(0.9) ? self::gen_int() : self::gen_float(),
            'float' => self::chance(0.8) ? self::gen_float() : self::gen_int(),
            'string' => self::chance(0.85) ? self::gen_str() : 'new \FzStr(' . self::gen_closure($d + 1, true) . ')',
            'bool' => self::pick(['true', 'false', '0', '1', '""', '"0"']),
            'array', 'iterable' => self::gen_array($d),
            'callable' => self::gen_closure($d),
            'object' => self::gen_object($d),
            'mixed' => self::gen_any($d),
            'null', 'void' => 'null',
            'false' => 'false',
            'true' => 'true',
            'self', 'static' => 'null',
            default => $d < 4 && (class_exists($name) || interface_exists($name) || enum_exists($name))
                ? self::gen_instance($name, $d) : 'null',
        };
    }

    private static function clamped(string $target, string $param): bool {
        return in_array($param, FZ_CLAMP[$target] ?? [], true);
    }

    private static function gen_small(): string {
        return self::pick(['-1', '0', '1', '2', '3', '10', '100', '"3"', '2.0', '1.5', 'null', '"abc"', 'true', '[]', '-5']);
    }

    // An argument list "(...)" for $params. Arguments that must be variables (by
    // reference) are assigned in $pre. Positional, named, spread, wrong counts,
    // unknown and duplicate names.
    public static function gen_args(array $params, string $target, int $d, array &$pre, bool $inline = false): string {
        self::$named_byref = false;
        $np = count($params);
        $variadic = $np && $params[$np - 1]->isVariadic();
        $fixed = $variadic ? $np - 1 : $np;
        $required = 0;
        foreach ($params as $p) if (!$p->isOptional()) $required++;
        $mode = self::weighted(['normal' => 80, 'fewer' => $required ? 8 : 0, 'more' => 6]);
        $n = match ($mode) {
            'normal' => mt_rand($required, $fixed) + ($variadic ? self::r(5) : 0),
            'fewer' => self::r($required),
            'more' => $np + 1 + self::r(2),
        };
        $vals = [];
        $byref = [];
        for ($k = 0; $k < $n; $k++) {
            $p = $params[min($k, $np - 1)] ?? null;
            if ($k >= $np && !$variadic) $p = null;
            $code = $p && self::clamped($target, $p->getName()) ? self::gen_small() : self::gen_for_type($p?->getType(), $d);
            if ($p && $p->isPassedByReference() && !$inline) {
                $pre[] = "\$a$k = $code;";
                if (self::chance(0.2)) $pre[] = "\$r$k = &\$a$k;";
                $vals[] = "\$a$k";
                $byref[$k] = true;
            } elseif (!$inline && self::chance(0.35)) {
                $pre[] = "\$a$k = $code;";
                if (self::chance(0.15)) $pre[] = "\$r$k = &\$a$k;";
                $vals[] = "\$a$k";
            } else {
                $vals[] = $code;
            }
        }
        $name = fn($k) => $k < $fixed ? $params[$k]->getName() : 'extra' . $k;
        $form = self::weighted(['pos' => 62, 'named' => 16, 'unknown' => 5, 'dup' => 5, 'spread' => $byref ? 0 : 9, 'spreadnamed' => $byref ? 0 : 3]);
        switch ($form) {
            case 'named':
                $from = self::r(count($vals) + 1);
                $pos = array_slice($vals, 0, $from);
                $named = [];
                for ($k = $from; $k < count($vals); $k++) {
                    $named[] = $name($k) . ': ' . $vals[$k];
                    if (isset($byref[$k])) self::$named_byref = true;
                }
                shuffle($named);
                return '(' . implode(', ', array_merge($pos, $named)) . ')';
            case 'unknown':
                return '(' . implode(', ', array_merge($vals, [self::pick(['zzz', 'a', 'x', 'arg0', 'values', 'extra']) . ': ' . self::gen_scalar()])) . ')';
            case 'dup':
                if ($np && $vals) return '(' . implode(', ', array_merge($vals, [$params[0]->getName() . ': ' . self::gen_scalar()])) . ')';
                return '(' . implode(', ', $vals) . ')';
            case 'spread':
                return '(...[' . implode(', ', $vals) . '])';
            case 'spreadnamed':
                $items = [];
                foreach ($vals as $k => $v) $items[] = self::lit_str($name($k)) . " => $v";
                return '(...[' . implode(', ', $items) . '])';
            default:
                return '(' . implode(', ', $vals) . ')';
        }
    }

    // A call of an extension function as an expression (for callbacks that re-enter).
    public static function gen_call_expr(int $d): string {
        $pre = [];
        if (!self::$funcs) {  // a module of classes only: a method of a new object
            $cls = self::pick(array_keys(array_filter(self::$classes, fn($rc) => $rc->isInstantiable())));
            $ms = array_values(array_filter(self::$classes[$cls]->getMethods(),
                fn($m) => $m->isPublic() && !$m->isStatic() && !$m->isConstructor() && !$m->isAbstract()));
            $m = self::pick($ms);
            return "(new \\$cls())->" . $m->getName() . self::gen_args($m->getParameters(), "$cls::" . $m->getName(), $d, $pre, true);
        }
        $fn = self::pick(array_keys(self::$funcs));
        return '\\' . $fn . self::gen_args(self::$funcs[$fn]->getParameters(), $fn, $d, $pre, true);
    }

    // ---- cases ------------------------------------------------------------------------------

    // The case $i: [target, code]. Seeded from the seed and $i alone.
    public static function gen_case(int $i): array {
        for ($attempt = 0; ; $attempt++) {
            mt_srand(crc32(self::$seed . ':' . $i . ':' . $attempt));
            [$target, $code] = self::gen_case_body();
            if (self::$include_known || !self::is_known($target)) break;
        }
        mt_srand(crc32(self::$seed . ':' . $i . ':run'));  // the stream the case sees while it runs
        return [$target, $code];
    }

    private static function is_known(string $target): bool {
        foreach (FZ_KNOWN_DEFECTS as $pattern) {
            // A shell pattern of * and ? (fnmatch() is missing where libc has none: wasm).
            $re = '/^' . strtr(preg_quote($pattern, '/'), ['\\*' => '.*', '\\?' => '.']) . '$/s';
            if (preg_match($re, $target)) return true;
        }
        return false;
    }

    private static function gen_case_body(): array {
        $weights = ['func' => 34, 'method' => 20, 'ctor' => 8, 'handler' => 24, 'sequence' => 7, 'enum' => 4, 'ini' => 3];
        // A module without functions, enums or INI entries (examples/ds) gets none of those cases.
        if (!self::$funcs) unset($weights['func']);
        if (!self::$ini) unset($weights['ini']);
        if (!array_filter(self::$classes, fn($rc) => $rc->isEnum())) unset($weights['enum']);
        $kind = self::weighted($weights);
        $pre = [];
        $strict = self::chance(0.15) ? 'declare(strict_types=1); ' : '';
        // Sometimes a handler for this case's warnings and deprecations that
        // reassigns an argument variable, throws, or collects cycles.
        $handler = '';
        if (self::chance(0.18)) {
            $victim = '$a' . self::r(3);
            $body = self::pick([
                "$victim = " . self::gen_scalar() . ';',
                "$victim = " . self::gen_array(2) . ';',
                "$victim = null;",
                "$victim = str_repeat(\"z\", 4096);",
                "$victim = new \\stdClass;",
                'throw new \FzThrown("thrown by the error handler");',
                'gc_collect_cycles();',
                "$victim = " . self::gen_scalar() . '; throw new \FzThrown("reassigned, then thrown");',
            ]);
            $handler = "fz_on_error(function (\$no, \$msg) use (&$victim) { $body }); ";
        }
        switch ($kind) {
            case 'func':
                $fn = self::pick(array_keys(self::$funcs));
                $call = self::func_call($fn, 0, $pre);
                $code = implode(' ', $pre) . " \$r = $call; fz_ret(" . self::lit_str($fn) . ', $r);';
                return [$fn, $strict . $handler . $code];
            case 'method':
                return self::method_case($strict . $handler);
            case 'ctor':
                $cls = self::pick(array_keys(array_filter(self::$classes, fn($rc) => !$rc->isInterface() && !$rc->isEnum())));
                $c = self::pick(self::$concrete[$cls] ?: [$cls]);
                $ctor = (new ReflectionClass($c))->getConstructor();
                $args = $ctor ? self::gen_args($ctor->getParameters(), "$c::__construct", 0, $pre) : '()';
                $code = implode(' ', $pre) . " \$o = new \\$c$args; " . self::handler_op('$o', $c)[1];
                return ["$c::__construct", $strict . $handler . $code];
            case 'handler':
                $cls = self::pick(array_keys(self::$classes));
                [$op, $code] = self::handler_op('$o', $cls);
                return ["$cls@$op", $strict . $handler . '$o = ' . self::gen_instance($cls, 0) . '; ' . $code];
            case 'sequence':
                $cls = self::pick(array_keys(self::$classes));
                $steps = [];
                $names = [];
                for ($n = 2 + self::r(5); $n > 0; $n--) {
                    if (self::chance(0.35)) {
                        [$t, $c] = self::method_step('$o', $cls);
                    } else {
                        [$t, $c] = self::handler_op('$o', $cls);
                        $t = "$cls@$t";
                    }
                    $names[] = $t;
                    $steps[] = "try { $c } catch (\\Throwable \$e) { fz_caught(\$e); }";
                }
                $target = $names[0];  // the known-defect list is matched against the first step
                foreach ($names as $t) if (self::is_known($t)) $target = $t;
                return [$target, $strict . $handler . '$o = ' . self::gen_instance($cls, 0) . '; ' . implode(' ', $steps)];
            case 'enum':
                return self::enum_case();
            case 'ini':
            default:
                return self::ini_case();
        }
    }

    // A call of function $fn in one of several forms.
    private static function func_call(string $fn, int $d, array &$pre): string {
        $args = self::gen_args(self::$funcs[$fn]->getParameters(), $fn, $d, $pre);
        $q = self::lit_str($fn);
        $form = self::weighted(['direct' => 80, 'var' => 6, 'cufa' => 6, 'refl' => 4, 'fcc' => 4]);
        if (self::$named_byref && ($form === 'cufa' || $form === 'refl')) $form = 'direct';  // see $named_byref
        return match ($form) {
            'direct' => '\\' . $fn . $args,
            'var' => "(($q))$args",
            'cufa' => str_starts_with($args, '(...') ? "call_user_func_array($q, " . substr($args, 4, -1) . ')'
                                                    : "call_user_func($q" . ($args === '()' ? ')' : ', ' . substr($args, 1)),
            'refl' => "(new \\ReflectionFunction($q))->invoke$args",
            'fcc' => "(\\$fn(...))$args",
        };
    }

    private static function method_case(string $prefix): array {
        $cls = self::pick(array_keys(self::$classes));
        [$target, $code] = self::method_step('$o', $cls);
        return [$target, $prefix . '$o = ' . self::gen_instance($cls, 0) . '; ' . $code];
    }

    // A call of a method of $cls on $var (or statically), or of a name it does not have.
    private static function method_step(string $var, string $cls): array {
        $rc = self::$classes[$cls];
        $methods = $rc->getMethods();
        $pre = [];
        if (!$methods || self::chance(0.08)) {
            $name = self::pick(['nope', 'inc', '__construct', '__destruct', '__get', '__invoke', '__serialize', '__unserialize', 'getIterator', 'count', 'offsetGet']);
            $args = self::gen_args([], "$cls::$name", 0, $pre);
            $call = self::chance(0.7) ? "$var->$name$args" : "\\$cls::$name$args";
            return ["$cls::$name", implode(' ', $pre) . " \$r = $call;"];
        }
        $m = self::pick($methods);
        $name = $m->getName();
        $declaring = $m->getDeclaringClass()->getName();
        $args = self::gen_args($m->getParameters(), "$declaring::$name", 0, $pre);
        $static = $m->isStatic();
        $q = self::lit_str($name);
        $form = self::weighted(['plain' => 80, 'wrongstatic' => 5, 'cufa' => 5, 'refl' => 5, 'closure' => 5]);
        if (self::$named_byref && ($form === 'cufa' || $form === 'refl')) $form = 'plain';  // see $named_byref
        $call = match ($form) {
            'plain' => $static ? (self::chance(0.5) ? "\\$cls::$name$args" : "{$var}::$name$args") : "{$var}->$name$args",
            'wrongstatic' => $static ? "{$var}->$name$args" : "\\$cls::$name$args",
            'cufa' => "call_user_func([$var, $q]" . ($args === '()' ? ')' : ', ' . (str_starts_with($args, '(...') ? substr($args, 1) : substr($args, 1))),
            'refl' => "(new \\ReflectionMethod(" . self::lit_str($cls) . ", $q))->invoke(" . ($static ? 'null' : (self::chance(0.8) ? $var : self::gen_object(1))) . ($args === '()' ? ')' : ', ' . substr($args, 1)),
            'closure' => "\\Closure::fromCallable([$var, $q])$args",
        };
        $code = implode(' ', $pre) . " \$r = $call; fz_ret(" . self::lit_str("$declaring::$name") . ", \$r, is_object($var) ? $var : null);";
        return ["$declaring::$name", $code];
    }

    // One operation of the object handlers on $v (an instance of $cls): [name, code].
    public static function handler_op(string $v, string $cls): array {
        $rc = self::$classes[$cls] ?? null;
        $props = ['x', 'y', 'n', 'label', 'name', 'nope', 'fz_extra', 'declared', '0', '', "\0", "\0*\0tag", 'kind', 'value', 'items'];
        if ($rc) foreach ($rc->getProperties() as $p) $props[] = $p->getName();
        $P = '{' . self::lit_str(self::pick($props)) . '}';
        $V = fn() => self::gen_any(1);
        $K = fn() => self::pick([self::gen_int(), self::gen_key(), self::gen_scalar(), 'null', '1.5', '[]', 'new \stdClass', '\FzUnit::A']);
        $other = fn() => self::gen_instance($cls, 1);
        $body = fn() => self::chance(0.4) ? self::handler_op($v, $cls)[1] : self::pick(['', '$r = [$k, $val];', "unset($v);", "$v = null;", 'break;', 'gc_collect_cycles();']);
        $binops = ['+', '-', '*', '/', '%', '**', '.', '<<', '>>', '&', '|', '^', '<=>', '==', '!=', '<', '<=', '>', '>=', '===', '??', '&&', 'xor'];
        $op = self::weighted([
            'prop_read' => 5, 'prop_write' => 5, 'prop_isset' => 3, 'prop_unset' => 3, 'prop_compound' => 4, 'prop_ref' => 2, 'prop_dim' => 2,
            'dim_read' => 5, 'dim_write' => 5, 'dim_isset' => 3, 'dim_unset' => 3, 'dim_compound' => 3, 'dim_ref' => 2, 'dim_append' => 2,
            'count' => 3, 'foreach' => 6, 'foreach_ref' => 2, 'iter_fn' => 3, 'iter_manual' => 2, 'yield_from' => 1,
            'clone' => 4, 'cast' => 6, 'compare' => 6, 'arith' => 6, 'unary' => 2, 'compound' => 3, 'incdec' => 2,
            'serialize' => 4, 'unserialize' => 4, 'reinit' => 2, 'json' => 3, 'dump' => 3, 'vars' => 3, 'reflect' => 2,
            'gc' => 4, 'magic_call' => 3, 'invoke' => 2, 'arrayobject' => 1, 'const' => 1, 'ctor_again' => 2, 'weak' => 1,
        ]);
        $code = match ($op) {
            'prop_read' => self::pick(["\$r = $v->$P;", "\$r = $v?->$P;", "\$r = $v->$P ?? 1;", "\$r = $v::class;"]),
            'prop_write' => "$v->$P = " . $V() . ';',
            'prop_isset' => self::pick(["\$r = isset($v->$P);", "\$r = empty($v->$P);", "\$r = property_exists($v, " . substr($P, 1, -1) . ');']),
            'prop_unset' => "unset($v->$P);",
            'prop_compound' => self::pick(["$v->$P .= " . $V() . ';', "$v->$P += " . $V() . ';', "$v->$P++;", "--$v->$P;",
                                           "$v->$P ??= " . $V() . ';', "$v->$P *= " . $V() . ';', "$v->$P |= " . self::gen_int() . ';']),
            'prop_ref' => "\$ref = &$v->$P; \$ref = " . $V() . '; unset($ref);',
            'prop_dim' => self::pick(["$v->{$P}[] = " . $V() . ';', "$v->{$P}[" . $K() . '] = ' . $V() . ';', "\$r = $v->{$P}[" . $K() . '];', "unset($v->{$P}[" . $K() . ']);']),
            'dim_read' => "\$r = {$v}[" . $K() . '];',
            'dim_write' => "{$v}[" . $K() . '] = ' . $V() . ';',
            'dim_isset' => self::pick(["\$r = isset({$v}[" . $K() . ']);', "\$r = empty({$v}[" . $K() . ']);', "\$r = {$v}[" . $K() . '] ?? 1;']),
            'dim_unset' => "unset({$v}[" . $K() . ']);',
            'dim_compound' => self::pick(["{$v}[" . $K() . ']++;', "{$v}[" . $K() . '] .= ' . $V() . ';', "{$v}[" . $K() . '] ??= ' . $V() . ';',
                                          "{$v}[" . $K() . '][' . $K() . '] = ' . $V() . ';', "\$r = {$v}[" . $K() . '][' . $K() . '];', "{$v}[" . $K() . '] += 1;']),
            'dim_ref' => "\$ref = &{$v}[" . $K() . ']; $ref = ' . $V() . '; unset($ref);',
            'dim_append' => "{$v}[] = " . $V() . ';',
            'count' => self::pick(["\$r = count($v);", "\$r = count($v, COUNT_RECURSIVE);", "\$r = is_countable($v);", "\$r = sizeof($v);"]),
            'foreach' => "\$n = 0; foreach ($v as \$k => \$val) { if (++\$n > 40) break; " . $body() . ' }',
            'foreach_ref' => "\$n = 0; foreach ($v as \$k => &\$val) { if (++\$n > 40) break; \$val = " . $V() . '; } unset($val);',
            'iter_fn' => self::pick(["\$r = iterator_to_array($v);", "\$r = iterator_to_array($v, false);", "\$r = iterator_count($v);",
                                     "\$r = [...$v];", "\$r = array_map(null, [...$v]);", "\$s = [...$v]; \$r = implode(',', \$s);", "[\$p, \$q] = $v;"]),
            'iter_manual' => "\$it = $v instanceof \\IteratorAggregate ? {$v}->getIterator() : $v; if (\$it instanceof \\Iterator) { "
                . implode(' ', array_map(fn() => self::pick(['$it->next();', '$r = $it->current();', '$r = $it->key();', '$it->rewind();', '$r = $it->valid();', "$v = null;"]), range(0, 4))) . ' }',
            'yield_from' => "\$g = (function () use ($v) { yield from $v; })(); \$n = 0; foreach (\$g as \$val) { if (++\$n > 40) break; }",
            'clone' => "\$c = clone $v; " . self::pick(['', self::handler_op('$c', $cls)[1], "unset($v);", "\$r = \$c == $v;"]),
            'cast' => self::pick(["\$r = (string) $v;", "\$r = \"x{{$v}}\";", "\$r = $v . " . self::gen_str() . ';', "\$r = strlen($v);",
                                  "\$r = (int) $v;", "\$r = intval($v);", "\$r = (float) $v;", "\$r = (bool) $v;", "\$r = !$v;",
                                  "\$r = $v ? 1 : 0;", "\$r = (array) $v;", "settype($v, " . self::lit_str(self::pick(['int', 'float', 'string', 'bool', 'array'])) . ');',
                                  "\$r = strval($v);", "\$r = floatval($v);", "\$r = boolval($v);", "\$r = str_repeat($v, 2);", "\$r = sprintf('%d %s %F', $v, $v, $v);"]),
            // Frameless builtins (in_array, max, implode: PHP 8.4) get their array or object
            // through a variable, not a temporary: 8.4.24 builds an exception's trace from the
            // frameless call's operands while a temporary one is being freed, and a destructor
            // that throws then leaves the trace holding the freed array (an engine defect,
            // reproduced with PHP alone in docs/testing.md).
            'compare' => self::pick(["\$r = $v " . self::pick(['==', '!=', '<', '<=', '>', '>=', '<=>', '===']) . ' ' . self::pick([$V(), $other(), $v, "clone $v"]) . ';',
                                     '$r = ' . $V() . ' ' . self::pick(['==', '<', '<=>']) . " $v;",
                                     "\$m = " . $other() . "; \$r = max($v, \$m);", "\$s = [$v, " . $other() . ', ' . $other() . ']; sort($s); $r = $s;',
                                     "\$h = [" . $V() . ', ' . $other() . "]; \$r = in_array($v, \$h);", "\$r = array_unique([$v, " . $other() . '], SORT_REGULAR);',
                                     "\$r = $v == $v;", "\$r = $v <=> " . $other() . ';']),
            'arith' => self::chance(0.5) ? "\$r = $v " . self::pick($binops) . ' ' . self::pick([$V(), $other(), $v, self::gen_int(), self::gen_float()]) . ';'
                                         : '$r = ' . self::pick([$V(), $other(), self::gen_int(), self::gen_float()]) . ' ' . self::pick($binops) . " $v;",
            'unary' => self::pick(["\$r = -$v;", "\$r = +$v;", "\$r = ~$v;"]),
            'compound' => "$v " . self::pick(['+=', '-=', '*=', '/=', '%=', '.=', '**=', '<<=', '|=']) . ' ' . self::pick([$V(), self::gen_int(), $other()]) . ';',
            'incdec' => self::pick(["$v++;", "$v--;", "++$v;", "--$v;"]),
            'serialize' => self::pick(["\$r = unserialize(serialize($v));", "\$s = serialize([$v, $v]); \$r = unserialize(\$s);",
                                       "\$r = unserialize(serialize($v)); " . self::handler_op('$r', $cls)[1],
                                       "\$r = unserialize(serialize($v), ['allowed_classes' => false]);", "\$r = serialize($v);",
                                       "\$s = serialize($v); \$r = unserialize(substr(\$s, 0, " . self::r(40) . '));']),
            'unserialize' => '$r = unserialize(' . self::crafted_serial($cls) . ');',
            'reinit' => self::pick(["\$r = {$v}->__unserialize({$v}->__serialize());", "\$r = {$v}->__unserialize(" . self::gen_array(1) . ');',
                                    "\$r = {$v}->__serialize();", "\$r = {$v}->__wakeup();", "\$r = {$v}->__sleep();"]),
            'json' => self::pick(["\$r = json_encode($v);", "\$r = json_encode([$v, 'k' => $v], JSON_PARTIAL_OUTPUT_ON_ERROR);",
                                  "\$r = json_encode($v, JSON_THROW_ON_ERROR);", "\$r = json_encode($v, 0, 1);", "\$r = {$v}->jsonSerialize();"]),
            'dump' => self::pick(["var_dump($v);", "\$r = print_r($v, true);", "\$r = var_export($v, true);", "debug_zval_dump($v);",
                                  "\$r = print_r([$v, $v], true);", "var_dump([$v, 'self' => $v]);"]),
            'vars' => self::pick(["\$r = get_object_vars($v);", "\$r = get_mangled_object_vars($v);", "\$r = (array) $v;",
                                  "\$r = array_keys((array) $v);", "\$r = get_class_methods($v);", "\$r = get_class($v);",
                                  "\$r = spl_object_id($v);", "\$r = method_exists($v, 'inc');", "\$r = is_callable($v);"]),
            'reflect' => "foreach ((new \\ReflectionObject($v))->getProperties() as \$p) { try { \$r = \$p->isInitialized($v) ? \$p->getValue($v) : null; } catch (\\Throwable \$e) { fz_caught(\$e); } }",
            'gc' => self::pick(["$v->$P = $v; unset($v); gc_collect_cycles();", "\$a = [$v]; \$a[] = &\$a; unset($v, \$a); gc_collect_cycles();",
                                "$v->$P = [$v]; unset($v); gc_collect_cycles();", "gc_collect_cycles();",
                                "\$c = clone $v; \$c->$P = $v; $v->$P = \$c; unset($v, \$c); gc_collect_cycles();"]
                               + [5 => self::gc_callback_cycle($v, $cls)]),
            'magic_call' => self::pick(["\$r = {$v}->" . self::pick(['nope', 'anything', 'inc', '__get']) . '(' . $V() . ');',
                                        '$r = \\' . $cls . '::' . self::pick(['nope', 'anything', 'live']) . '(' . $V() . ');',
                                        "\$r = call_user_func([$v, 'nope'], " . $V() . ');']),
            'invoke' => self::pick(["\$r = $v(" . $V() . ', ' . $V() . ');', "\$r = call_user_func($v, 1, 2);", "\$r = array_map($v, [1, 2], [3, 4]);", "\$r = is_callable($v);"]),
            'arrayobject' => "\$ao = new \\ArrayObject($v); \$ao[" . $K() . '] = ' . $V() . '; $r = count($ao); foreach ($ao as $k => $val) {}',
            'const' => self::class_constant($cls),
            'ctor_again' => "\$r = {$v}->__construct" . self::ctor_args($cls) . ';',
            'weak' => self::pick(["\$w = \\WeakReference::create($v); unset($v); gc_collect_cycles(); \$r = \$w->get();",
                                  "\$m = new \\WeakMap; \$m[$v] = $v; unset($v); gc_collect_cycles(); \$r = count(\$m);"]),
        };
        return [$op, $code];
    }

    // A cycle through a callable the native object keeps: $o -> closure -> $o.
    private static function gc_callback_cycle(string $v, string $cls): string {
        $rc = self::$classes[$cls] ?? null;
        if ($rc) {
            foreach ($rc->getMethods() as $m) {
                foreach ($m->getParameters() as $p) {
                    if ((string) $p->getType() === 'callable') {
                        $name = $m->getName();
                        return "{$v}->$name(function (...\$a) use ($v) { return $v; }); unset($v); gc_collect_cycles();";
                    }
                }
            }
        }
        return "{$v}->fz_cb = function () use ($v) { return $v; }; unset($v); gc_collect_cycles();";
    }

    private static function ctor_args(string $cls): string {
        $rc = self::$classes[$cls] ?? null;
        $ctor = $rc?->getConstructor();
        $pre = [];
        return $ctor ? self::gen_args($ctor->getParameters(), "$cls::__construct", 1, $pre, true) : '()';
    }

    private static function class_constant(string $cls): string {
        $rc = self::$classes[$cls] ?? null;
        $names = $rc ? array_keys($rc->getConstants()) : [];
        $names[] = 'NOPE';
        $name = self::pick($names);
        return self::chance(0.7) ? "\$r = constant(" . self::lit_str("$cls::$name") . ');' : "\$r = \\$cls::class;";
    }

    // A serialized string naming $cls, with a payload of arbitrary shape (the
    // native unserializer sees what it did not write).
    private static function crafted_serial(string $cls): string {
        $q = self::lit_str($cls);
        $len = strlen($cls);
        $case = self::lit_str(self::pick(['Red', 'A', 'Nope', 'Hearts', 'Min', '', 'Green:x']));
        $payload = self::pick([self::gen_array(1), '[' . self::gen_int() . ']', "['x' => " . self::gen_float() . ", 'y' => " . self::gen_float() . ']', '[]', "['x' => 'a']", '[[1]]', '[' . self::gen_str() . ']']);
        return self::pick([
            "'O:$len:' . '\"' . $q . '\":' . substr(serialize($payload), 2)",
            "'C:$len:' . '\"' . $q . '\":' . strlen(\$z = serialize($payload)) . ':{' . \$z . '}'",
            "'O:$len:' . '\"' . $q . '\":0:{}'",
            "'O:$len:' . '\"' . $q . '\":1:{s:1:\"x\";R:1;}'",
            "'a:2:{i:0;O:$len:' . '\"' . $q . '\":0:{}i:1;r:2;}'",
            "'O:$len:' . '\"' . $q . '\":' . substr(serialize($payload), 2, " . self::r(30) . ')',
            "'E:' . strlen(\$z = $q . ':' . $case) . ':\"' . \$z . '\";'",
        ]);
    }

    private static function enum_case(): array {
        $enums = array_keys(array_filter(self::$classes, fn($rc) => $rc->isEnum()));
        if (!$enums) return self::ini_case();
        $e = self::pick($enums);
        $q = '\\' . $e;
        $V = self::gen_any(1);
        $code = self::pick([
            "\$r = $q::from($V);", "\$r = $q::tryFrom($V);", "\$r = $q::cases();", "\$r = $q::" . self::pick(['from', 'tryFrom']) . '(' . self::gen_int() . ');',
            "\$r = $q::" . self::pick(['from', 'tryFrom']) . '(' . self::gen_str() . ');',
            '$c = ' . self::gen_instance($e, 0) . '; $r = [$c->name, $c->value ?? null];',
            '$c = ' . self::gen_instance($e, 0) . '; $c->name = ' . $V . ';',
            "\$r = unserialize(" . self::crafted_serial($e) . ');', '$r = unserialize(serialize(' . self::gen_instance($e, 0) . '));',
            "\$r = new $q;", '$r = clone ' . self::gen_instance($e, 0) . ';', "\$r = (new \\ReflectionEnum('$q'))->getCases();",
            '$r = json_encode(' . self::gen_instance($e, 0) . ');', '$r = var_export(' . self::gen_instance($e, 0) . ', true);',
            '$r = (array) ' . self::gen_instance($e, 0) . ';', '$r = ' . self::gen_instance($e, 0) . ' == ' . self::gen_instance($e, 0) . ';',
            '$r = ' . self::gen_instance($e, 0) . ' <=> ' . self::gen_instance($e, 0) . ';', '$r = ' . self::gen_instance($e, 0) . ' + 1;',
        ]);
        return ["$e@enum", $code];
    }

    private static function ini_case(): array {
        if (!self::$ini) return ['ini', '$r = ini_get("precision");'];
        $name = self::lit_str(self::pick(self::$ini));
        $val = self::chance(0.6) ? self::lit_str(self::pick(["0", "1", "-1", "5", "9", "10", "99999999999999999999", "1099511627776", "1099511627777",
                                                            "abc", "", "1e3", "0x10", "0.5", "1.5", "-0.1", "NAN", "fast", "safe", "slow", "/tmp",
                                                            "relative", "on", "off", "yes", "none", "\0", "3\0", " 3", "3 "]))
                                 : self::gen_str();
        $read = self::pick(array_map(fn($n) => '\pb_ini_value(' . self::lit_str(preg_replace('/^.*\./', '', $n)) . ')', self::$ini)) ;
        if (!function_exists('pb_ini_value')) $read = 'ini_get(' . $name . ')';
        $code = self::pick([
            "\$r = ini_set($name, $val); \$r = $read;", "\$r = ini_get($name);", "ini_restore($name); \$r = $read;",
            "\$r = ini_set($name, $val); ini_restore($name); \$r = $read;", "\$r = ini_get_all('phpbind_test');",
        ]);
        return ['ini', $code];
    }

    // ---- running -------------------------------------------------------------------------

    public static function run_case(int $i, string $target, string $code): void {
        self::$i = $i;
        self::$target = $target;
        self::$case_handler = null;
        self::$in_dtor = 0;
        self::$stats['cases']++;
        if (self::$log) {
            fwrite(self::$log, "$i\t$target\t$code\n");
            fflush(self::$log);
        }
        if (self::$verbose) fwrite(STDOUT, "#$i $target\n  $code\n");
        $level = ob_get_level();
        ob_start();
        self::$in_case = true;
        try {
            self::$release_early ? fz_exec_released($code) : fz_exec($code);
            self::$stats['ok']++;
            $outcome = 'ok';
        } catch (Throwable $e) {
            self::$stats['threw']++;
            self::record_throwable($e);
            $outcome = get_class($e) . ': ' . self::short($e->getMessage());
        }
        // What the case left behind is released now, inside the case: an exception's
        // trace holds the arguments, and cycles wait for the collector. Their
        // destructors may throw again.
        for ($round = 0; $round < 10; $round++) {
            try {
                unset($e);
                gc_collect_cycles();
                break;
            } catch (Throwable $e) {
                self::record_throwable($e);
            }
        }
        self::$in_case = false;
        while (ob_get_level() > $level) ob_end_clean();
        self::$case_handler = null;
        if (self::$verbose) fwrite(STDOUT, "  => $outcome\n");
        if (self::$expect !== null) {
            // exit() or a fatal error was raised and the script still runs: phpbind swallowed it.
            // Except where the engine itself goes on, with no C++ involved: a destructor
            // threw while exit() unwound (exit() called in a destructor, or a destructor
            // run by the unwinding threw).
            if (!empty(self::$expect['in_dtor'])) {
                self::suspect('exit() in a destructor did not end the script', self::$target);
            } elseif (!empty(self::$expect['dtor_threw'])) {
                self::suspect('a destructor threw while exit() unwound: its exception replaced exit()', self::$target);
            } else {
                self::defect("{$target}: " . self::$expect['kind'] . '() did not end the script (it was swallowed)');
            }
            self::$expect = null;
        }
    }

    public static function short(string $s, int $n = 160): string {
        $s = preg_replace('/[^\x20-\x7e]/', '?', $s);
        return strlen($s) > $n ? substr($s, 0, $n) . '...' : $s;
    }

    // The message with the varying parts taken out, so counts group by kind.
    public static function pattern(string $msg): string {
        $p = self::short($msg, 300);
        $p = preg_replace('/^[\w\\\\:]+\(\): /', 'F(): ', $p);
        $p = preg_replace('/"[^"]*"|\'[^\']*\'/', '"*"', $p);
        $p = preg_replace('/-?\d+(\.\d+)?(E[+-]?\d+)?/i', 'N', $p);
        return self::short($p, 140);
    }

    public static function record_throwable(Throwable $e): void {
        $cls = get_class($e);
        $s = &self::$stats;
        $s['classes'][$cls] = ($s['classes'][$cls] ?? 0) + 1;
        $key = $cls . ': ' . self::pattern($e->getMessage());
        if (isset($s['patterns'][$key]) || count($s['patterns']) < 2000) {
            $s['patterns'][$key] ??= [0, self::$seed, self::$i, self::$target];
            $s['patterns'][$key][0]++;
        }
        // C++ text reaching PHP, or a plain Exception from a phpbind call: worth a look.
        $msg = $e->getMessage();
        $fn = preg_replace('/[@:].*$/', '', self::$target);
        $why = null;
        if (!in_array($fn, FZ_RAISERS, true)) {
            if (str_contains($msg, 'Unknown C++ exception')) $why = 'unknown C++ exception';
            elseif (preg_match('/(?<!\w)(std::(?!shared_ptr\))|basic_string|vector::|_M_\w|bad_alloc|bad_variant_access|bad_optional_access|bad_function_call|map::at|stoll?\b|length_error)/', $msg)) $why = 'C++ library text';
            // (the engine's own refusal to serialize a class is a plain Exception by design)
            elseif ($cls === 'Exception' && !preg_match('/^(Uns|S)erialization of \'.*\' is not allowed$/s', $msg)) $why = 'plain Exception';
        }
        if ($why) {
            $k = "$why: $cls: " . self::pattern($msg);
            if (isset($s['suspicious'][$k]) || count($s['suspicious']) < 200) {
                $s['suspicious'][$k] ??= [0, self::$seed, self::$i, self::$target, self::short($msg)];
                $s['suspicious'][$k][0]++;
            }
        }
        if ($e->getPrevious()) self::record_throwable_chain($e->getPrevious());
    }

    private static function record_throwable_chain(Throwable $e): void {
        $cls = 'previous ' . get_class($e);
        self::$stats['classes'][$cls] = (self::$stats['classes'][$cls] ?? 0) + 1;
    }

    public static function on_error(int $no, string $msg, string $file = '', int $line = 0): bool {
        if (self::$shutdown) return true;
        $s = &self::$stats;
        $names = [E_WARNING => 'Warning', E_NOTICE => 'Notice', E_DEPRECATED => 'Deprecated', E_USER_WARNING => 'User warning',
                  E_USER_NOTICE => 'User notice', E_USER_DEPRECATED => 'User deprecated', E_RECOVERABLE_ERROR => 'Recoverable'];
        $key = ($names[$no] ?? "E$no") . ': ' . self::pattern($msg);
        if (isset($s['warnings'][$key]) || count($s['warnings']) < 1000) {
            $s['warnings'][$key] ??= [0, self::$seed, self::$i, self::$target];
            $s['warnings'][$key][0]++;
        }
        if (self::$verbose) fwrite(STDOUT, "  [" . ($names[$no] ?? $no) . "] " . self::short($msg) . "\n");
        if ($h = self::$case_handler) {
            self::$case_handler = null;  // once: a handler that warns again must not loop
            $h($no, $msg);
        }
        return true;
    }

    public static function suspect(string $why, string $detail): void {
        $s = &self::$stats;
        $k = "$why: $detail";
        if (isset($s['suspicious'][$k]) || count($s['suspicious']) < 200) {
            $s['suspicious'][$k] ??= [0, self::$seed, self::$i, self::$target, ''];
            $s['suspicious'][$k][0]++;
        }
    }

    public static function violation(string $what): void {
        if (count(self::$stats['violations']) < 100) self::$stats['violations'][] = [self::$seed, self::$i, self::$target, $what];
        if (self::$verbose) fwrite(STDOUT, "  VIOLATION: $what\n");
    }

    public static function defect(string $what): void {
        if (count(self::$stats['defects']) < 100) self::$stats['defects'][] = [self::$seed, self::$i, self::$target, $what];
        if (self::$verbose) fwrite(STDOUT, "  DEFECT: $what\n");
    }

    // The result must be of the declared return type: internal functions' results
    // are not checked by a release engine, so a wrong arginfo would go unnoticed.
    public static function check_return(string $target, mixed $r, ?object $self): void {
        if (!array_key_exists($target, self::$returns)) return;
        $t = self::$returns[$target];
        if ($t === null) return;
        $scope = explode('::', $target)[0];
        if (!self::type_ok($t, $r, $scope, $self)) {
            self::violation("$target returned " . get_debug_type($r) . ", declared " . $t);
        }
    }

    private static function type_ok(ReflectionType $t, mixed $v, string $scope, ?object $self): bool {
        if ($t instanceof ReflectionUnionType) {
            foreach ($t->getTypes() as $u) if (self::type_ok($u, $v, $scope, $self)) return true;
            return false;
        }
        if ($t instanceof ReflectionIntersectionType) {
            foreach ($t->getTypes() as $u) if (!self::type_ok($u, $v, $scope, $self)) return false;
            return true;
        }
        if ($v === null && $t->allowsNull()) return true;
        $n = $t->getName();
        return match (strtolower($n)) {
            'mixed' => true,
            'void', 'null', 'never' => $v === null,
            'int' => is_int($v), 'float' => is_float($v), 'string' => is_string($v), 'bool' => is_bool($v),
            'false' => $v === false, 'true' => $v === true, 'array' => is_array($v), 'object' => is_object($v),
            'iterable' => is_iterable($v), 'callable' => is_callable($v),
            'self', 'static' => $v instanceof $scope && (strtolower($n) === 'self' || $self === null || $v instanceof $self),
            default => $v instanceof $n,
        };
    }

    public static function on_shutdown(): void {
        self::$shutdown = true;
        while (ob_get_level()) ob_end_clean();
        $err = error_get_last();
        $fatal = $err && ($err['type'] & (E_ERROR | E_PARSE | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR | E_RECOVERABLE_ERROR));
        $expect = self::$expect;
        if (self::$finished) $reason = 'done';
        elseif ($fatal) $reason = ($expect && $expect['kind'] === 'fatal' && str_contains($err['message'], 'fz fatal on purpose')) ? 'fatal' : 'unexpected_fatal';
        else $reason = ($expect && $expect['kind'] === 'exit') ? 'exit' : 'unexpected_exit';
        $state = [
            'seed' => self::$seed, 'start' => self::$start, 'calls' => self::$calls, 'sapi' => PHP_SAPI,
            'reason' => $reason, 'call' => self::$i, 'target' => self::$target,
            'next' => self::$finished ? self::$calls : self::$i + 1,
            'expect' => $expect, 'error' => $fatal ? $err : null,
            'seconds' => microtime(true) - self::$t0,
            'stats' => self::$stats,
        ];
        if (self::$state_path) file_put_contents(self::$state_path, json_encode($state, JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR));
        if (self::$verbose || !self::$state_path) {
            fwrite(STDERR, "fuzz: $reason after case " . self::$i . " (" . self::$stats['cases'] . " cases, " . count(self::$stats['violations']) . " violations, "
                . count(self::$stats['defects']) . " defects)\n");
            foreach (array_merge(self::$stats['violations'], self::$stats['defects']) as $v) fwrite(STDERR, "  #{$v[1]} {$v[2]}: {$v[3]}\n");
        }
    }

    // ---- entry -------------------------------------------------------------------------------

    public static function main(array $argv): int {
        $opt = [];
        foreach (array_slice($argv, 1) as $a) {
            if (preg_match('/^--([\w-]+)(?:=(.*))?$/s', $a, $m)) $opt[$m[1]] = $m[2] ?? true;
            else { fwrite(STDERR, "fuzz: unknown argument $a\n"); return 2; }
        }
        self::$seed = (int) ($opt['seed'] ?? getenv('FUZZ_SEED') ?: 1);
        self::$calls = (int) ($opt['calls'] ?? getenv('FUZZ_CALLS') ?: 1000);
        self::$start = (int) ($opt['start'] ?? 0);
        self::$verbose = isset($opt['verbose']);
        self::$include_known = isset($opt['include-known']) || getenv('FUZZ_INCLUDE_KNOWN');
        self::$state_path = $opt['state'] ?? null;
        self::$t0 = microtime(true);
        $jit = strtolower((string) ini_get('opcache.jit'));  // "tracing", "on", or CRTO digits with T = 5
        self::$release_early = function_exists('opcache_get_status') && (opcache_get_status(false)['jit']['on'] ?? false)
            && ($jit === 'tracing' || $jit === 'on' || (strlen($jit) === 4 && ctype_digit($jit) && $jit[2] === '5'));
        ini_set('memory_limit', '2G');
        ini_set('pcre.backtrack_limit', '100000');

        $modules = explode(',', (string) ($opt['modules'] ?? getenv('FUZZ_MODULES') ?: 'phpbind_test,phpbind_second'));
        self::discover($modules);
        if (!self::$funcs && !self::$classes) {
            fwrite(STDERR, "fuzz: none of " . implode(', ', $modules) . " is loaded (php -d extension=...)\n");
            return 2;
        }
        self::define_helpers();
        self::build_recipes();

        if (isset($opt['list'])) {
            echo count(self::$funcs), " functions, ", count(self::$classes), " classes, ", count(self::$ini), " INI entries\n";
            foreach (self::$recipes as $c => $rs) echo "  $c: ", implode(' | ', $rs), "\n";
            return 0;
        }
        if (isset($opt['print'])) {
            self::$seed = self::$seed;
            [$target, $code] = self::gen_case((int) $opt['print']);
            echo $code, "\n";
            return 0;
        }
        if (isset($opt['replay'])) {
            self::$start = (int) ($opt['start'] ?? $opt['replay']);
            self::$calls = (int) $opt['replay'] + 1;
            self::$verbose = true;
        }
        if (isset($opt['log'])) self::$log = fopen($opt['log'], self::$start > 0 ? 'a' : 'w');

        register_shutdown_function([self::class, 'on_shutdown']);
        set_error_handler([self::class, 'on_error'], E_ALL & ~E_USER_ERROR);

        if (isset($opt['probe'])) {  // the driver checks that it notices each of these
            self::$i = self::$start;
            self::$target = 'probe';
            match ($opt['probe']) {
                'fatal' => trigger_error('a fatal error nobody expected', E_USER_ERROR),
                'exit-code' => (function () { self::$expect = ['kind' => 'exit', 'status' => 5, 'call' => self::$i]; exit(6); })(),
                'asan' => function_exists('pb_asan_probe') ? pb_asan_probe(64) : null,
                default => null,
            };
        }

        // --cases=LIST: only these cases, in this order (the driver's --minimise uses it).
        $list = isset($opt['cases']) ? array_map('intval', explode(',', $opt['cases'])) : range(self::$start, max(self::$start, self::$calls) - 1);
        if (!isset($opt['cases']) && self::$calls <= self::$start) $list = [];
        foreach ($list as $i) {
            [$target, $code] = self::gen_case($i);
            self::run_case($i, $target, $code);
        }
        self::$finished = true;
        return 0;
    }
}

function fz_exec(string $__fz_code): void {
    eval($__fz_code);
}

// The same, with the case's variables released by unset() before the function
// returns. Used under the tracing JIT of PHP 8.2 (opcache.jit=tracing), which
// loses an exception thrown by a destructor that runs while a hot function's
// variables are freed on return: the exception surfaces later, at an
// instruction outside the caller's try, as "Uncaught". The case need not call
// the extension at all: `$o = new FzDtor(fn() => throw ...)` repeated shows it
// after about 130 runs; opcache.jit=function and the interpreter catch it.
function fz_exec_released(string $__fz_code): void {
    try {
        eval($__fz_code);
    } finally {
        foreach (array_keys(get_defined_vars()) as $__fz_k) unset($$__fz_k);
    }
}

exit(Fz::main($argv));
