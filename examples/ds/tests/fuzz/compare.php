<?php
// examples/ds/tests/fuzz/compare.php — runs ops.php under Debian's ext-ds and under the port
// for each seed and compares the outputs byte for byte; on a difference, prints the first
// differing operation of each and the command that writes its replay script.
//
//   php -n compare.php --php=<php> --native=<ds.so> --port=<ds_phpbind.so> --seeds=1,2 --ops=10000 --work=<dir>
//                      [--min-ops=<n>]
//
// --seeds takes a list and ranges (1..40,77). A seed that meets one of ext-ds's own defects is
// compared up to it; --min-ops fails the run when fewer operations than that were compared.
$o = getopt('', ['php:', 'native:', 'port:', 'seeds:', 'ops:', 'work:', 'min-ops:']);
foreach (['php', 'native', 'port', 'seeds', 'ops', 'work'] as $k) {
    if (!isset($o[$k])) { fwrite(STDERR, "compare.php: --$k is required\n"); exit(2); }
}
@mkdir($o['work'], 0777, true);
$ops = __DIR__ . '/ops.php';
// ext-ds's own defects the fuzzer meets: when ext-ds crashes or hangs on an operation that
// matches one (slots 1 and 9 hold Deques), the seed is compared up to that operation and the
// port's run is still required to end normally.
const EXT_DS_DEFECTS = [
    'Deque::reverse() never returns once the values wrap around the end of its ring buffer (after '
        . 'unshift() and pop(), e.g. new Deque([1]); unshift("a"); pop(); reverse())' => '/^\$S\[(1|9)\]->reverse\(\)$/',
    'Deque::slice($index, $length) crashes (SIGSEGV) or runs away when $index + $length overflows' => '/^\$S\[(1|9)\]->slice\(.*PHP_INT_MAX\)$/',
    'unset($sequence[null]) on a Vector or a Deque crashes (SIGSEGV)' => '/^unset\(\$S\[(0|1|8|9)\]\[null\]\)$/',
    'Deque::rotate(PHP_INT_MIN) never returns' => '/^\$S\[(1|9)\]->rotate\(PHP_INT_MIN\)$/',
    'slice($index, PHP_INT_MAX) of a Map or a Set allocates past any limit' => '/^\$S\[(2|3|10|11)\]->slice\(.*PHP_INT_MAX\)$/',
    'sort(), sorted(), ksort(), ksorted() and reverse() of a Map or a Set that clear() emptied after remove() crash (SIGSEGV)'
        => '/^\$S\[(2|3|10|11)\]->(k?sort(ed)?|reverse)\(/',
    'gc_collect_cycles() crashes ext-ds (SIGSEGV): it reads objects ext-ds freed (one cause narrowed down: a Deque '
        . 'or Queue that held an object, cleared, pushed to and shifted)'
        => '/gc_collect_cycles\(\)/',
];
$total = 0;
$failed = 0;
$seeds = [];
foreach (explode(',', $o['seeds']) as $part) {
    $seeds = array_merge($seeds, preg_match('/^(\d+)\.\.(\d+)$/', $part, $m) ? range((int)$m[1], (int)$m[2]) : [(int)$part]);
}
foreach ($seeds as $seed) {
    $out = [];
    foreach (['native' => $o['native'], 'port' => $o['port']] as $who => $ext) {
        $file = "{$o['work']}/$seed.$who.out";
        $cmd = sprintf('timeout 120 %s -n -d memory_limit=512M -d extension=%s %s %d %d > %s 2> %s', escapeshellarg($o['php']),
                       escapeshellarg($ext), escapeshellarg($ops), $seed, $o['ops'], escapeshellarg($file), escapeshellarg("$file.refs"));
        exec($cmd, $ignored, $status);
        $out[$who] = [file_get_contents($file), $status];
        $refs[$who] = file_get_contents("$file.refs");
    }
    $a = explode("\n#", $out['native'][0]);
    $b = explode("\n#", $out['port'][0]);
    if ($out['native'] === $out['port']) {
        $total += (int)$o['ops'];
        continue;
    }
    for ($i = 0; $i < max(count($a), count($b)) && ($a[$i] ?? null) === ($b[$i] ?? null); $i++);
    // ext-ds ended abnormally after its last complete operation: is the one it died in (the
    // next, which the port ran) a known defect of its own? Its text comes from the generator.
    // (The shell's "Segmentation fault" line follows ext-ds's last output.)
    $complete = rtrim(preg_replace('/\n(Segmentation fault|Aborted|Killed)\b[^\n]*\s*$/', '', $a[$i]));
    if ($out['native'][1] !== 0 && $out['port'][1] === 0 && $i === count($a) - 1 && $complete === rtrim($b[$i] ?? '')) {
        $next = $i + 1;
        $replay = "{$o['work']}/$seed.replay.php";
        exec(sprintf('%s -n -d extension=%s %s %d %d --script=%s --upto=%d', escapeshellarg($o['php']), escapeshellarg($o['port']),
                     escapeshellarg($ops), $seed, $o['ops'], escapeshellarg($replay), $next));
        $lines = file($replay, FILE_IGNORE_NEW_LINES);
        $last = preg_match('/^fz_op\(\d+, (.*)\);$/', end($lines), $m) ? eval("return {$m[1]};") : '';
        foreach (EXT_DS_DEFECTS as $defect => $pattern) {
            if (!preg_match($pattern, $last)) continue;
            echo "seed $seed: ext-ds ", $out['native'][1] === 124 ? "hung" : "crashed", " at operation #$next ($last): $defect; compared up to it\n";
            $total += $next;
            continue 2;
        }
        // join() of a sequence holding a PHP reference to a string frees the string (valgrind:
        // ds_join_zval_buffer()); the corrupted heap ends the process later.
        preg_match_all('/^#(\d+) \$S\[(\d+)\] holds a reference$/m', $refs['native'], $held, PREG_SET_ORDER);
        foreach ($held as [, $n, $slot]) {
            if ((int)$n < $next && str_contains($out['native'][0], "\n#$n \$S[$slot]->join(")) {
                echo "seed $seed: ext-ds crashed at operation #$next, after join() of a sequence holding a PHP reference ",
                     "(#$n) freed a string it holds (README.md); compared up to it\n";
                $total += $next;
                continue 2;
            }
        }
    }
    $op = (int)($b[$i] ?? $a[$i] ?? '0');
    // A difference at an operation on a slot whose storage held a PHP reference under ext-ds
    // (ops.php writes which to standard error): ext-ds read the reference, not its value (a Set
    // built from such values keeps duplicates, find() and offsetExists() miss them, ...).
    if (preg_match("/^#$op \\\$S\\[\\d+\\] holds a reference$/m", $refs['native']) && $out['port'][1] === 0) {
        echo "seed $seed: at operation #$op ext-ds read a PHP reference in its storage as a value (README.md); compared up to it\n";
        $total += $op;
        continue;
    }
    $failed++;
    echo "seed $seed: the outputs differ at operation #$op (exit status native {$out['native'][1]}, port {$out['port'][1]})\n";
    echo "  ext-ds: #", substr($a[$i] ?? '(no output)', 0, 1200), "\n";
    echo "  port:   #", substr($b[$i] ?? '(no output)', 0, 1200), "\n";
    echo "  replay: php -n -d extension={$o['port']} $ops $seed {$o['ops']} --script=replay.php --upto=$op\n";
}
$short = isset($o['min-ops']) && $total < (int)$o['min-ops'];
echo $failed ? "FAIL: $failed of " : ($short ? "FAIL: " : "ok: "), count($seeds), " seeds, $total operations compared, ",
     $failed ? "with differences\n" : "the same output under ext-ds and the port\n";
if ($short) echo "FAIL: fewer than the {$o['min-ops']} operations asked for were compared\n";
exit($failed || $short ? 1 : 0);
