<?php
// examples/ds/tests/fuzz/compare.php — runs ops.php under Debian's ext-ds and under the port
// for each seed and compares the outputs byte for byte; on a difference, prints the first
// differing operation of each and the command that writes its replay script.
//
//   php -n compare.php --php=<php> --native=<ds.so> --port=<ds_phpbind.so> --seeds=1,2 --ops=10000 --work=<dir>
$o = getopt('', ['php:', 'native:', 'port:', 'seeds:', 'ops:', 'work:']);
foreach (['php', 'native', 'port', 'seeds', 'ops', 'work'] as $k) {
    if (!isset($o[$k])) { fwrite(STDERR, "compare.php: --$k is required\n"); exit(2); }
}
@mkdir($o['work'], 0777, true);
$ops = __DIR__ . '/ops.php';
$total = 0;
$failed = 0;
foreach (explode(',', $o['seeds']) as $seed) {
    $out = [];
    foreach (['native' => $o['native'], 'port' => $o['port']] as $who => $ext) {
        $file = "{$o['work']}/$seed.$who.out";
        $cmd = sprintf('%s -n -d memory_limit=512M -d extension=%s %s %d %d > %s 2>&1', escapeshellarg($o['php']),
                       escapeshellarg($ext), escapeshellarg($ops), $seed, $o['ops'], escapeshellarg($file));
        exec($cmd, $ignored, $status);
        $out[$who] = [file_get_contents($file), $status];
    }
    $total += (int)$o['ops'];
    if ($out['native'] === $out['port']) continue;
    $failed++;
    $a = explode("\n#", $out['native'][0]);
    $b = explode("\n#", $out['port'][0]);
    for ($i = 0; $i < max(count($a), count($b)) && ($a[$i] ?? null) === ($b[$i] ?? null); $i++);
    $op = (int)($b[$i] ?? $a[$i] ?? '0');
    echo "seed $seed: the outputs differ at operation #$op (exit status native {$out['native'][1]}, port {$out['port'][1]})\n";
    echo "  ext-ds: #", substr($a[$i] ?? '(no output)', 0, 1200), "\n";
    echo "  port:   #", substr($b[$i] ?? '(no output)', 0, 1200), "\n";
    echo "  replay: php -n -d extension={$o['port']} $ops $seed {$o['ops']} --script=replay.php --upto=$op\n";
}
echo $failed ? "FAIL: $failed of " : "ok: ", count(explode(',', $o['seeds'])), " seeds, $total operations, ",
     $failed ? "with differences\n" : "the same output under ext-ds and the port\n";
exit($failed ? 1 : 0);
