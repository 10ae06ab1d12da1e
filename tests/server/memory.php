<?php
// tests/server/memory.php — many requests through Runtime::serve() and through a worker script
// in one process: the request's memory_get_usage() and the process's resident memory stay flat.
//
//   php memory.php <serve_host> [requests]      (default 100000)
//
// Each request (docroot/mem.php) reports memory_get_usage() and the process's VmRSS. From the
// 1,000th request to the last, memory_get_usage() may not grow at all, and resident memory by at
// most 1 MiB (allocator noise), in classic and in worker mode.
[$self, $host, $n] = $argv + [null, null, '100000'];
$n = (int)$n;
$docroot = __DIR__ . '/docroot';
function frame(string $name, string $value): string { return "$name " . strlen($value) . "\n$value\n"; }
$failed = 0;
foreach (['classic' => [], 'worker' => ['--worker', "$docroot/mem_worker.php"]] as $mode => $args) {
    $proc = proc_open(array_merge([$host], $args), [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => STDERR], $p);
    $at = [];
    // Requests are written and read in batches, so the pipe never fills both ways.
    for ($sent = 0; $sent < $n;) {
        $batch = '';
        for ($i = 0; $i < 100 && $sent < $n; $i++, $sent++) {
            $batch .= frame('target', sprintf("/mem.php?i=%06d&x=%d", $sent, $sent % 7)) . frame('header', sprintf('Cookie: c=%02d', $sent % 13))
                    . frame('document_root', $docroot) . frame('end', '');
        }
        fwrite($p[0], $batch);
        for ($i = $sent - ($sent % 100 ?: 100); $i < $sent; $i++) {
            $body = '';
            while (($line = fgets($p[1])) !== false) {
                [$name, $len] = explode(' ', rtrim($line, "\n"));
                $value = $len > 0 ? stream_get_contents($p[1], (int)$len) : '';
                fgetc($p[1]);
                if ($name === 'write') $body .= $value;
                if ($name === 'done') break;
            }
            if ($i + 1 === 1000 || $i + 1 === $n) $at[$i + 1] = array_map('intval', explode(' ', trim($body)));
        }
    }
    fclose($p[0]);
    proc_close($proc);
    [$u0, $r0] = $at[1000] ?? [0, 0];
    [$u1, $r1] = $at[$n] ?? [0, 0];
    $ok = $u0 > 0 && $u1 === $u0 && $r1 - $r0 <= 1024;
    printf("%s: %d requests; memory_get_usage() %d at request 1,000, %d at the last; resident memory %+d kB%s\n",
           $mode, $n, $u0, $u1, $r1 - $r0, $ok ? '' : '  FAILED');
    $failed += $ok ? 0 : 1;
}
exit($failed ? 1 : 0);
