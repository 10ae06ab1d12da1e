<?php
// examples/ds/tests/fuzz/ops.php — the differential fuzzer's operations: run under Debian's
// ext-ds and under the port (compare.php), the same seed gives the same operations, and each
// prints what it did; the two outputs must be the same bytes.
//
//   php -n -d extension=<ds.so> ops.php <seed> <operations> [--script=<file>] [--upto=<n>]
//
// --script writes the operations as a standalone PHP script (up to operation n): a replay.
// The operations are generated before any runs, from the seed alone, so what they do never
// steers what comes next. Sixteen slots hold two objects of each class (slot i: class i % 8);
// an operation works on one slot, sometimes with another slot's object as a value (sharing,
// cycles).

const DS_CLASSES = ['Ds\Vector', 'Ds\Deque', 'Ds\Map', 'Ds\Set', 'Ds\Stack', 'Ds\Queue', 'Ds\PriorityQueue', 'Ds\Pair'];
const DS_SLOTS = 16;

// Known differences, each left out of what is generated, by name and reason (README.md):
//   clone of a Pair — ext-ds's drops the pair's dynamic properties (README.md, "Where ext-ds is
//     wrong"): a Pair is copied with copy();
//   a negative int key in an array given to a Map (new Map([-3 => 1])) — ext-ds stores it as
//     4294967293 (README.md): keys are not negative;
//   foreach by reference over a Pair — ext-ds's properties are the engine's, walked in place;
//     the port's live in C++ and foreach walks a copy of them (other classes refuse it alike);
//   arrays holding PHP references given to constructors — the generator makes none;
//   a wrong number of arguments — ext-ds says "expects exactly 1 argument" for methods with an
//     optional parameter (slice() with none, sorted() with two: its ZPP counts 1..1), the port
//     "at least"/"at most" as their declarations say (README.md, "Where ext-ds is wrong"): calls
//     pass what the method takes;
//   a read in "is" mode ($v[0] ?? $d, isset($v[0][0])) makes the element a PHP reference inside
//     ext-ds's storage (var_dump then shows &int(1)): var_dump's `&` is not compared (fz_op);
//     a nested one (isset($v[0][0])) is not generated;
//   slice()'s length of a wrong type — ext-ds's message names `int`, its arg info (and the
//     port's message) `?int`: slice() gets ints there; and slice($i, null) — ext-ds deprecates
//     the null and returns nothing, the port reads to the end as `?int $length = null` says
//     (README.md, "Where ext-ds is wrong");
//   a null callback (filter(null), sort(null), sorted(null)) — ext-ds refuses it ("must be a
//     valid callback, no array or string given") though its arg info says ?callable, the port
//     takes it as omitted; and so the message for a name that is no function differs ("valid
//     callback" / "valid callback or null") (README.md, "Where ext-ds is wrong"): callbacks are
//     callables;
//   an index of PHP_INT_MIN on a Vector, a Deque or a Set — ext-ds reads it as 0 (see
//     fz_clear_of_ext_ds_defects);
//   serialize() of a collection that holds itself through an array recurses until the stack
//     overflows, under ext-ds and the port alike (the engine's C: format payloads): a slot's
//     object is given as a value directly, never inside an array;
//   ext-ds crashes (SIGSEGV) serializing a collection whose serialization fails part-way (a
//     Closure inside, "Serialization of 'Closure' is not allowed"): no Closure is stored in a
//     collection, callbacks go only to the methods that call them.

function fz_pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

// A value of any type, as PHP code.
function fz_value(int $depth = 0): string {
    $kind = mt_rand(0, 99);
    if ($kind < 40) {
        return fz_pick(['null', 'true', 'false', '0', '1', '-1', '2', '7', 'PHP_INT_MAX', 'PHP_INT_MIN', '1.5', '-0.0',
                        '0.1', 'INF', '-INF', '""', '"a"', '"b"', '"0"', '"1"', '"01"', '"1e3"', '" 1"', '"abc\0def"',
                        '"héllo"', 'str_repeat("x", 40)']);
    }
    if ($kind < 60 && $depth < 2) {
        $n = mt_rand(0, 4);
        $items = [];
        $assoc = mt_rand(0, 2) === 0;
        for ($i = 0; $i < $n; $i++) {
            $items[] = ($assoc ? fz_pick(['"a"', '"b"', '0', '5', '"7"', '3', 'true', 'null']) . ' => ' : '') . fz_value($depth + 1);
        }
        return '[' . implode(', ', $items) . ']';
    }
    if ($kind < 70) return fz_pick(['new stdClass', '(object)["p" => 1]', 'new ArrayObject([1, 2])', 'new Ds\Pair("k", 1)',
                                    'new Ds\Vector([1, 2])', 'new Ds\Map(["a" => 1])', 'new Ds\Set([3, "3"])']);
    if ($kind < 80 && $depth === 0) return '$S[' . mt_rand(0, DS_SLOTS - 1) . ']';
    return fz_pick(['0', '1', '3', '"a"', '2', '-1']);
}

// A callback for the methods that take one, as PHP code (never changing the collection).
function fz_callable(): string {
    return fz_pick([
        'fn(...$a) => $a[0] ?? null', 'fn($a, $b = null) => $a <=> $b', 'fn($x) => (bool)$x', 'fn($x) => !$x',
        'fn($k, $v = null) => [$k, $v]', 'fn($c, $v = null) => is_int($c) && is_int($v) ? $c + $v : 1',
        'function ($x) { throw new RuntimeException("from the callback"); }', '"strlen"', '"intval"',
        'fn($a, $b = null) => $b <=> $a', 'fn($x, $y = 0) => is_int($x) ? $x % 3 === 0 : false',
        'fn() => gc_collect_cycles() >= 0',
    ]);
}

function fz_args(int $min, int $max, bool $callback, string $method = ''): string {
    $args = [];
    $n = mt_rand($min, $max);
    for ($i = 0; $i < $n; $i++) {
        if ($method === 'slice' && $i === 1) $args[] = fz_pick(['0', '1', '-1', '2', 'PHP_INT_MAX']);
        else $args[] = $callback && ($i === 0 || mt_rand(0, 3) === 0) ? fz_callable() : fz_value();
    }
    return implode(', ', $args);
}

// Methods called only through the engine's operations ([], foreach, new), or not at all.
const FZ_NOT_CALLED = ['__construct', 'allocate', 'getIterator'];

const FZ_CALLBACK_METHODS = ['apply', 'filter', 'map', 'reduce', 'sort', 'sorted', 'ksort', 'ksorted', 'find'];

// ext-ds's own defects (README.md, "Where ext-ds is wrong"), kept out of what runs under both:
// a Deque's reverse() never returns once its values wrap around the end of its ring buffer
// (reversed() runs instead); slice() with a length of PHP_INT_MAX overflows on a Deque, a Map and
// a Set (a crash, or an allocation past any limit); unset($sequence[null]) crashes;
// rotate(PHP_INT_MIN) never returns on a Deque and drops values from a Vector (-1 is given
// instead); copy() and clone of a PriorityQueue lose its insertion order, those of a full Deque
// or Queue a value pushed later, clone an object's dynamic properties; offsetUnset() returns a
// value; unset() of a Pair's dynamic property does nothing; a Map's putAll() of itself reads
// freed values. (compare.php still recognises the ones that end the process.)
function fz_clear_of_ext_ds_defects(string $op): string {
    $deque = '\$S\[(?:1|9)\]';
    $op = preg_replace("/^({$deque})->reverse\(\)$/", '$1->reversed()', $op);
    if (preg_match('/^\$S\[(?:1|2|3|9|10|11)\]->slice\(/', $op)) $op = str_replace('PHP_INT_MAX', '2', $op);
    if (preg_match('/^\$S\[(?:0|1|8|9)\]->rotate\(/', $op)) $op = str_replace('PHP_INT_MIN', '-1', $op);
    // An index of PHP_INT_MIN is read as 0 by a Vector's, a Deque's and a Set's get(), remove(),
    // [] and the rest (OutOfRangeException: "Index out of range: 0", or the first value).
    // PHP_INT_MAX is named -1 in its OutOfRangeException ("Index out of range: -1").
    if (preg_match('/^(?:\w+\()?\$S\[(?:0|1|3|8|9|11)\]|^\$S\[(?:2|10)\]->skip\(/', $op)) $op = str_replace(['PHP_INT_MIN', 'PHP_INT_MAX'], ['-3', '5'], $op);
    // copy() and clone of a PriorityQueue forget the order equal priorities were pushed in:
    // toArray() of the original runs instead of copy(), a serialize() round trip instead of clone.
    $op = preg_replace('/^(\$S\[(?:6|14)\])->copy\(\)$/', '$1->toArray()', $op);
    $op = preg_replace('/^(\$S\[(?:6|14)\]) = clone \1$/', '$1 = fz_roundtrip($1)', $op);
    // A copy of a Deque or a Queue whose values fill its capacity loses the next value pushed
    // after a shift() or pop() from its front; clone drops an object's dynamic properties:
    // fz_copy() and fz_clone() keep clear of both.
    $op = preg_replace('/^(\$S\[(?:1|5|9|13)\])->copy\(\)$/', 'fz_copy($1)', $op);
    $op = preg_replace('/^(\$S\[\d+\]) = clone \1$/', '$1 = fz_clone($1)', $op);
    // unset() of a Pair's dynamic property leaves it in place: the generator unsets key instead.
    $op = preg_replace('/^unset\((\$S\[(?:7|15)\])->x\)$/', 'unset($1->key)', $op);
    // putAll() of a Map given itself frees values it then reads: a copy of it is given instead.
    $op = preg_replace('/^(\$S\[(?:2|10)\])->putAll\(\1\)$/', '$1->putAll($1->copy())', $op);
    // offsetUnset() returns the value it removed, though declared void: what it returns is not
    // compared.
    $op = preg_replace('/^(\$S\[\d+\]->offsetUnset\(.*\))$/', 'fz_void($1)', $op);
    return preg_replace('/^unset\((\$S\[(?:0|1|8|9)\])\[null\]\)$/', 'unset($1[0])', $op);
}

// One operation on slot $i (PHP code, run by fz_run).
function fz_operation(int $i): string {
    $class = DS_CLASSES[$i % 8];
    $s = "\$S[$i]";
    $other = '$S[' . mt_rand(0, DS_SLOTS - 1) . ']';
    $k = fz_value(1);
    $v = fz_value();
    $kind = mt_rand(0, 99);
    if ($kind < 45) {
        static $methods = [];
        $methods[$class] ??= (function () use ($class) {
            $m = [];
            foreach ((new ReflectionClass($class))->getMethods() as $r) {
                if (in_array($r->getName(), FZ_NOT_CALLED, true)) continue;
                $m[$r->getName()] = [$r->getNumberOfRequiredParameters(), $r->isVariadic() ? 3 : $r->getNumberOfParameters()];
            }
            ksort($m);
            return $m;
        })();
        $m = fz_pick(array_keys($methods[$class]));
        [$min, $max] = $methods[$class][$m];
        if ($class === 'Ds\PriorityQueue' && $m === 'push') {
            $priority = mt_rand(0, 2) ? fz_pick(['0', '1', '-1', '2', '7', 'PHP_INT_MAX', 'PHP_INT_MIN', '1.5', '-0.0', 'INF',
                                                 '"a"', '"1"', 'null', 'true']) : fz_value(1);
            return "{$s}->push(" . fz_value() . ", $priority)";
        }
        return "{$s}->$m(" . fz_args($min, $max, in_array($m, FZ_CALLBACK_METHODS, true), $m) . ")";
    }
    if ($class === 'Ds\Pair' && $kind < 70) {
        $p = fz_pick(['key', 'value', 'key', 'value', 'x']);  // x: a dynamic property
        return fz_pick(["{$s}->$p", "{$s}->$p = $v", "isset({$s}->$p)", "empty({$s}->$p)", "unset({$s}->$p)",
                        "{$s}->$p ?? 'd'", "property_exists($s, '$p')", "{$s}->$p .= 'x'",
                        "{$s}->{$p}[] = $v", "{$s}->{$p}['q'] = $v", "fz_ref({$s}->$p, $v)", "fz_keep({$s}->$p)",
                        "{$s}->{$p}++"]);
    }
    return fz_pick([
        "echo $s", "(string)$s", "\"[$s]\"", "strlen($s)", "(array)$s", "(bool)$s", "(int)$s", "(float)$s",
        "$s == $other", "$s <=> $other", "$s === $other", "$s == $v",
        "isset({$s}[$k])", "empty({$s}[$k])", "{$s}[$k] ?? 'default'", "{$s}[$k]", "{$s}[$k] = $v", "{$s}[] = $v",
        "unset({$s}[$k])", "{$s}[$k][] = $v", "{$s}[$k]['q'] = $v", "{$s}[$k] .= 'x'", "{$s}[$k]++",
        "unset({$s}[$k][0])", "fz_ref({$s}[$k], $v)", "fz_keep({$s}[$k])", "{$s}[$k]->p = $v",
        "fz_foreach($s, 6)", "fz_foreach_keys($s, 6)", "[\$a, \$b] = $s; [\$a ?? null, \$b ?? null]", "[...$s]",
        $class === 'Ds\Pair' ? "{$s}->copy()" : "$s = clone $s", "serialize($s)", "$s = fz_roundtrip($s)", "json_encode($s)",
        "var_dump($s)", "print_r($s, true)", "var_export($s, true)", "count($s)", "iterator_to_array($s, false)",
        "iterator_to_array($s)", "array_map(null, [...$s])", "in_array(1, [...$s], true)", "array_sum([...$s])",
        "get_object_vars($s)", "gc_collect_cycles() >= 0", "$s instanceof Countable", "is_iterable($s)",
        "implode(',', [$s])", "array_key_last(iterator_to_array($s, false))",
        "$s = new $class(" . ($class === 'Ds\Pair' ? fz_args(0, 2, false) : fz_pick(['', fz_value(), '$S[' . mt_rand(0, DS_SLOTS - 1) . ']'])) . ")",
        "(new ReflectionObject($s))->getName() . ' ' . count((new ReflectionObject($s))->getProperties())",
    ]);
}

// Helpers the operations call.
// Writes through a reference to an element or property ($r = &$s[0]; $r = $v).
function fz_ref(&$r, $v) { $r = $v; return $r; }
// What a void method returned, left out (fz_clear_of_ext_ds_defects).
function fz_void($r) { return null; }
// unserialize(serialize($c)), except for a payload with back-references (r:N; — a collection that
// holds itself, an object held twice): ext-ds fails on some ("Failed to unserialize data"), the
// port reads them back (README.md); and for a Map or Set beside an ArrayObject: ext-ds hashes an
// array key by the properties of the objects in it, before unserialize() has restored them, and
// then cannot find that key (README.md). Such a collection is kept as it is.
function fz_roundtrip($c) {
    $k = serialize($c);
    $unhashable = str_contains($k, '"ArrayObject"') && preg_match('/"Ds\\\\(Map|Set)"/', $k);
    return $unhashable || preg_match('/[;{}][rR]:\d+;/', $k) ? $c : unserialize($k);
}
// copy() and clone, kept clear of ext-ds's defects (fz_clear_of_ext_ds_defects): a Deque or a
// Queue whose values fill its capacity is copied through a serialize() round trip; an object with
// dynamic properties is cloned with copy() (which keeps a Pair's and drops a collection's, under
// both).
function fz_full($c): bool { return ($c instanceof Ds\Deque || $c instanceof Ds\Queue) && count($c) === $c->capacity(); }
function fz_copy($c) { return fz_full($c) ? fz_roundtrip($c) : $c->copy(); }
function fz_clone($c) { return get_object_vars($c) ? fz_copy($c) : (fz_full($c) ? fz_roundtrip($c) : clone $c); }
// Keeps a reference to an element or property for the rest of the run: the storage holds a
// PHP reference (var_dump shows it), which later operations meet.
function fz_keep(&$r) { $GLOBALS['fz_refs'][] = &$r; return count($GLOBALS['fz_refs']); }
function fz_foreach($c, int $max): array {
    $out = [];
    foreach ($c as $v) { $out[] = $v; if (--$max === 0) break; }
    return $out;
}
function fz_foreach_keys($c, int $max): array {
    $out = [];
    foreach ($c as $k => $v) { $out[] = [$k, $v]; if (--$max === 0) break; }
    return $out;
}

// What is compared of an output: object handles (#12) are left out (ext-ds and the port make
// different numbers of temporary objects), and var_dump's `&` (an element that is a PHP
// reference): ext-ds's reads in "is" mode ($s[0] ?? $d, isset($s[0][0])) leave references in its
// storage (README.md). Done before a long dump is cut, so that both are cut at the same place.
function fz_normalized(string $out): string { return preg_replace(['/#\d+ /', '/=>\n(\s*)&/'], ['# ', "=>\n\$1"], $out); }

// Runs operation $n: prints it and what it gave (or threw).
function fz_op(int $n, string $op): void {
    global $S;
    // To standard error, which is not compared: the slots the operation names that hold a PHP
    // reference (var_dump shows `&`) before it runs. ext-ds's storage holds references after
    // reads the port's does not keep them for (README.md), and some of its operations then read
    // the reference, not its value; compare.php names a difference there as that defect.
    if (preg_match_all('/\$S\[(\d+)\]/', $op, $named)) {
        foreach (array_unique($named[1]) as $j) {
            ob_start();
            var_dump($S[$j]);
            if (preg_match('/=>\n\s*&/', ob_get_clean())) fwrite(STDERR, "#$n \$S[$j] holds a reference\n");
        }
    }
    $code = str_starts_with($op, 'echo ') || str_starts_with($op, 'unset(') ? "$op; return 'done';"
        : (str_starts_with($op, '[$a') ? "return (function () use (&\$S) { $op; })();" : "return $op;");
    // Everything the operation prints (fz_normalized), long dumps cut.
    ob_start();
    try {
        $r = eval($code);
        ob_start();
        var_dump($r);
        $d = fz_normalized(ob_get_clean());
        echo strlen($d) > 1500 ? substr($d, 0, 1500) . "...(" . strlen($d) . " bytes)\n" : $d;
    } catch (Throwable $e) {
        echo get_class($e), ": ", preg_replace('/ in \S+:\d+/', '', $e->getMessage()), "\n";
    }
    $out = ob_get_clean();
    echo "#$n $op: ", fz_normalized($out);
    // Keep the slots small: every operation is then cheap.
    foreach ($S as $j => $c) {
        if (is_object($c) && $c instanceof Countable && count($c) > 40) $S[$j]->clear();
    }
}

$opts = [];
$pos = [];
foreach (array_slice($argv, 1) as $a) {
    if (preg_match('/^--(script|upto)=(.*)$/', $a, $m)) $opts[$m[1]] = $m[2];
    else $pos[] = $a;
}
$seed = (int)($pos[0] ?? 1);
$count = (int)($pos[1] ?? 1000);
mt_srand($seed);
$ops = [];
for ($n = 0; $n < $count; $n++) $ops[] = fz_clear_of_ext_ds_defects(fz_operation(mt_rand(0, DS_SLOTS - 1)));

$prelude = '$S = []; foreach (range(0, ' . (DS_SLOTS - 1) . ') as $i) { $c = DS_CLASSES[$i % 8]; '
    . '$S[$i] = match ($c) { "Ds\Pair" => new Ds\Pair(1, 2), "Ds\PriorityQueue" => new Ds\PriorityQueue, default => new $c([1, 2, 3]) }; '
    . 'if ($S[$i] instanceof Ds\PriorityQueue) { $S[$i]->push("a", 1); $S[$i]->push("b", 3); } }';
$handler = 'set_error_handler(function (int $no, string $msg) { echo "[error $no: ", preg_replace("/ in \\S+ on line \\d+/", "", $msg), "] "; return true; });';
if (isset($opts['script'])) {
    // A standalone replay: the helpers, the slots, and operations 0..upto run as here.
    $upto = (int)($opts['upto'] ?? $count - 1);
    $body = "<?php\n// ds differential fuzzer: seed $seed, operations 0..$upto\n";
    foreach (['DS_CLASSES', 'DS_SLOTS'] as $c) $body .= "const $c = " . var_export(constant($c), true) . ";\n";
    foreach (['fz_ref', 'fz_void', 'fz_keep', 'fz_roundtrip', 'fz_full', 'fz_copy', 'fz_clone', 'fz_foreach', 'fz_foreach_keys', 'fz_normalized', 'fz_op'] as $f) {
        $r = new ReflectionFunction($f);
        $body .= implode('', array_slice(file(__FILE__), $r->getStartLine() - 1, $r->getEndLine() - $r->getStartLine() + 1));
    }
    $body .= "$handler\n$prelude\n";
    foreach (array_slice($ops, 0, $upto + 1) as $n => $op) $body .= "fz_op($n, " . var_export($op, true) . ");\n";
    file_put_contents($opts['script'], $body);
    exit(0);
}
eval($handler);
eval($prelude);
foreach ($ops as $n => $op) fz_op($n, $op);
echo "end\n";
