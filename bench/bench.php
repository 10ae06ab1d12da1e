<?php
// bench/bench.php — the PHP side of the call-overhead benchmark (driven by run.sh).
//
// Each case is one line of CASES: a target (the instruction ratio phpbind
// should stay under against the C baseline, or null), setup code that runs
// once before the loop, and the call that forms the loop body. For every case
// two functions are generated with the same setup and the same loop; one
// loop's body is the call, the other's is empty. The difference between them
// is the cost of the call alone. Both functions also make the call once before
// their loop, so a broken case fails loudly either way and the one-off cost
// cancels out. The setup code must not use $n, $i or $t.
//
//   php bench.php list                     name and target of every case
//   php bench.php ir   <case> call|empty N run one loop of N iterations
//   php bench.php time <case> N            one wall-clock run: prints the net
//                                          ns per call

const CASES = [
    // name       target  setup (once, before the loop)              loop body
    'add'     => [1.10,   '$a = 1; $b = 2;',                         'add($a, $b)'],
    'strlen2' => [1.10,   '$s = str_repeat("0123456789abcdef", 2);', 'strlen2($s)'],  // 32 bytes
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
    [, $setup, $call] = CASES[$name];
    eval(strtr(TEMPLATE, ['{{setup}}' => $setup, '{{call}}' => $call]));
}

function count_arg(string $s): int {
    if (!preg_match('/^[1-9][0-9]*$/', $s)) fail("expected a positive count, got '$s'");
    return (int) $s;
}

$mode = $argv[1] ?? '';
switch ($mode) {
    case 'list':
        foreach (CASES as $name => [$target]) {
            echo $name, "\t", $target === null ? '-' : sprintf('%.2f', $target), "\n";
        }
        break;

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
        fail('usage: bench.php list | ir <case> call|empty N | time <case> N');
}
