<?php
// bench/bench.php — the PHP side of the call-overhead benchmark (driven by run.sh).
//
// Each case is one line of CASES:
//   target  what phpbind should stay under: a float is the instruction ratio
//           against the C baseline (null: no target); a string marks a case
//           with no C twin (only phpbind is measured), and every case with
//           that same string must cost the same instructions per call — the
//           string is the target as the report states it
//   weight  roughly how many times a trivial call the case costs; the loop
//           counts are divided by it, so every case takes about as long
//   input   what the call is given, as the report names it
//   setup   code that runs once before the loop
//   call    the loop body; the function or method it calls first is the row's
//           name (for a method called on an object, `$obj->m()`, the case's
//           key must be `Class::m`, naming the class). Two calls reach an
//           object's handlers instead of a function, and their keys name the
//           class too: `count($obj)` needs the key `count(Class)` (Class must
//           implement Countable) and a read `$obj[...]` the key `Class[]`
//           (Class must implement ArrayAccess). A property read `$obj->p`
//           needs the key `Class->p` (Class must declare the property)
// For every case two functions are generated with the same setup and the same
// loop; one loop's body is the call, the other's is empty. The difference
// between them is the cost of the call alone. Both functions also make the
// call once before their loop, so a broken case fails loudly either way and
// the one-off cost cancels out. The setup code must not use $n, $i or $t.
//
//   php bench.php list                     one line per case: name, target,
//                                          weight, function, input (tab-separated)
//   php bench.php has  <case>              exit status 0 if the loaded extensions
//                                          define the case's function, method,
//                                          class or property, 1 if not (run.sh
//                                          skips the case then)
//   php bench.php ir   <case> call|empty N run one loop of N iterations
//   php bench.php time <case> N            one wall-clock run: prints the net
//                                          ns per call

const SAME_COST = 'same cost for 10 and 100,000 elements';

const CASES = [
    // name                   target     weight  input               setup (once, before the loop)              loop body
    'add'                 => [1.05,      1,      'two ints',         '$a = 1; $b = 2;',                          'add($a, $b)'],
    'strlen2'             => [1.05,      1,      '32-byte string',   '$s = str_repeat("0123456789abcdef", 2);', 'strlen2($s)'],
    'sum'                 => [1.05,      100,    '1,000-int list',   '$a = range(1, 1000);',                    'sum($a)'],
    'sum_vec'             => [1.05,      100,    '1,000-int list',   '$a = range(1, 1000);',                    'sum_vec($a)'],
    'make_list'           => [1.05,      100,    'n = 1,000',        '$len = 1000;',                            'make_list($len)'],
    'make_list_push'      => [null,      100,    'n = 1,000',        '$len = 1000;',                            'make_list_push($len)'],
    'make_list_view'      => [1.05,      100,    'n = 1,000',        '$len = 1000;',                            'make_list_view($len)'],
    // Nested results, as a decoder builds them and a caller reads them back.
    'make_rows'           => [1.05,      300,    '1,000 rows',       '$len = 1000;',                            'make_rows($len)'],
    'sum_rows'            => [1.05,      100,    '1,000 rows',       '$rows = make_rows(1000);',                'sum_rows($rows)'],
    'call_back'           => [1.10,      5,      'fn($x) => $x + 1', '$f = fn($x) => $x + 1; $x = 1;',          'call_back($f, $x)'],
    'Counter::inc'        => [1.05,      1,      'one object',       '$c = new Counter;',                       '$c->inc()'],
    'Counter->n'          => [1.05,      1,      'one object',       '$c = new Counter; $c->inc();',            '$c->n'],
    'count(Bag)'          => [1.05,      1,      'one object',       '$b = new Bag;',                           'count($b)'],
    'Bag[]'               => [1.05,      1,      'int offset',       '$b = new Bag; $k = 5;',                   '$b[$k]'],
    // The two keys have the same length, so looking them up costs the same.
    'fetch_detached_10'   => [SAME_COST, 1,      '10-int list',      '$k = "small"; store_detached($k, range(1, 10));',     'fetch_detached($k)'],
    'fetch_detached_100k' => [SAME_COST, 1,      '100,000-int list', '$k = "large"; store_detached($k, range(1, 100000));', 'fetch_detached($k)'],
];

// Both loops are compiled from one template, so they differ only in the body.
const TEMPLATE = <<<'PHP'
function bench_loop_call(int $n): int {
    {{setup}}
    {{call}};
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) { {{call}}; }
    return hrtime(true) - $t;
}
function bench_loop_empty(int $n): int {
    {{setup}}
    {{call}};
    $t = hrtime(true);
    for ($i = 0; $i < $n; ++$i) { }
    return hrtime(true) - $t;
}
PHP;

function fail(string $message): never {
    fwrite(STDERR, "bench.php: $message\n");
    exit(2);
}

function define_loops(string $name): void {
    if (!isset(CASES[$name])) fail("unknown case '$name'");
    [, , , $setup, $call] = CASES[$name];
    eval(strtr(TEMPLATE, ['{{setup}}' => $setup, '{{call}}' => $call]));
}

// callee(NAME): what the case calls, "function", "Class::method",
// "count(Class)", "Class[]" or "Class->property".
function callee(string $name): string {
    if (!isset(CASES[$name])) fail("unknown case '$name'");
    $call = CASES[$name][4];
    // count($obj) and $obj[...] go to the object's handlers: the key names the class.
    if (preg_match('/^\s*count\s*\(\s*\$\w+\s*\)\s*$/', $call)) {
        if (!preg_match('/^count\(\w+\)$/', $name)) {
            fail("case '$name': count() of an object needs a key of the form count(Class)");
        }
        return $name;
    }
    if (preg_match('/^\s*\$\w+\s*\[[^\]]+\]\s*$/', $call)) {
        if (!preg_match('/^\w+\[\]$/', $name)) {
            fail("case '$name': reading \$obj[...] needs a key of the form Class[]");
        }
        return $name;
    }
    // $obj->p reads a property (the object's handlers, or its slot): the key names the class.
    if (preg_match('/^\s*\$\w+\s*->\s*(\w+)\s*$/', $call, $m)) {
        if (!preg_match('/^\w+->' . $m[1] . '$/', $name)) {
            fail("case '$name': reading \$obj->$m[1] needs a key of the form Class->$m[1]");
        }
        return $name;
    }
    if (preg_match('/^\s*(\w+)\s*\(/', $call, $m)) return $m[1];
    if (preg_match('/^\s*(\w+)\s*::\s*(\w+)\s*\(/', $call, $m)) return "$m[1]::$m[2]";
    if (preg_match('/^\s*\$\w+\s*->\s*(\w+)\s*\(/', $call, $m)) {
        if (!preg_match('/^\w+::' . $m[1] . '$/', $name)) {
            fail("case '$name': a method call on an object needs a key of the form Class::$m[1]");
        }
        return $name;
    }
    fail("case '$name': the call names no function or method");
}

// defines(CALLEE): whether the loaded extensions define what callee() named.
function defines(string $callee): bool {
    if (preg_match('/^count\((\w+)\)$/', $callee, $m)) {
        return class_exists($m[1], false) && is_a($m[1], Countable::class, true);
    }
    if (preg_match('/^(\w+)\[\]$/', $callee, $m)) {
        return class_exists($m[1], false) && is_a($m[1], ArrayAccess::class, true);
    }
    if (preg_match('/^(\w+)::(\w+)$/', $callee, $m)) {
        return class_exists($m[1], false) && method_exists($m[1], $m[2]);
    }
    if (preg_match('/^(\w+)->(\w+)$/', $callee, $m)) {
        return class_exists($m[1], false) && property_exists($m[1], $m[2]);
    }
    return function_exists($callee);
}

function count_arg(string $s): int {
    if (!preg_match('/^[1-9][0-9]*$/', $s)) fail("expected a positive count, got '$s'");
    return (int) $s;
}

$mode = $argv[1] ?? '';
switch ($mode) {
    case 'list':
        foreach (CASES as $name => [$target, $weight, $input]) {
            $target = match (true) {
                $target === null => '-',
                is_string($target) => $target,
                default => sprintf('%.2f', $target),
            };
            echo implode("\t", [$name, $target, $weight, callee($name), $input]), "\n";
        }
        break;

    case 'has':
        if ($argc !== 3) fail('usage: bench.php has <case>');
        exit(defines(callee($argv[2])) ? 0 : 1);

    case 'ir':
        if ($argc !== 5) fail('usage: bench.php ir <case> call|empty N');
        define_loops($argv[2]);
        $n = count_arg($argv[4]);
        match ($argv[3]) {
            'call' => bench_loop_call($n),
            'empty' => bench_loop_empty($n),
            default => fail("expected 'call' or 'empty', got '{$argv[3]}'"),
        };
        break;

    case 'time':
        if ($argc !== 4) fail('usage: bench.php time <case> N');
        define_loops($argv[2]);
        $n = count_arg($argv[3]);
        // Warm up caches and the branch predictor on both loops first.
        bench_loop_empty(intdiv($n, 10) + 1);
        bench_loop_call(intdiv($n, 10) + 1);
        $empty = bench_loop_empty($n);
        $call = bench_loop_call($n);
        printf("%.3f\n", ($call - $empty) / $n);
        break;

    default:
        fail('usage: bench.php list | has <case> | ir <case> call|empty N | time <case> N');
}
