<?php
// tests/server/oom.php — C++ going past memory_limit in a served request, through Runtime::serve()
// and through a worker script: the request ends with PHP's own fatal error (exit status 255; shown
// with status 200 under display_errors, else logged with status 500, as php_error_cb() does for
// php-fpm), the C++ frames unwound (their counted object is gone), and the host serves the next
// request — in worker mode from a restarted worker script.
//
//   php oom.php <serve_host>
//
// Requests: ?n=10, ?n=2000000 (about 200 MB of strings against memory_limit=16M), ?n=10.
[$self, $host] = $argv + [null, null];
$docroot = __DIR__ . '/docroot';
$limit = 16 * 1024 * 1024;
function frame(string $name, string $value): string { return "$name " . strlen($value) . "\n$value\n"; }

$failures = 0;
function check(bool $ok, string $what): void {
    global $failures;
    echo ($ok ? "ok   " : "FAIL "), $what, "\n";
    if (!$ok) $failures++;
}

$modes = ['classic' => ['/oom.php', []], 'worker' => ['/oom_worker.php', ['--worker', "$docroot/oom_worker.php"]]];
foreach ($modes as $mode => [$script, $args]) foreach ([1, 0] as $display) {
    $log = tempnam(sys_get_temp_dir(), 'pboom');
    $proc = proc_open(array_merge([$host], $args, ['-d', "memory_limit=$limit", '-d', "display_errors=$display",
                                                   '-d', 'log_errors=1', '-d', "error_log=$log"]),
                      [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $p);
    foreach ([10, 2000000, 10] as $n) {
        fwrite($p[0], frame('target', "$script?n=$n") . frame('document_root', $docroot) . frame('end', ''));
    }
    fclose($p[0]);
    $responses = [];
    $r = ['body' => ''];
    $worker = null;
    while (($line = fgets($p[1])) !== false) {
        [$name, $len] = explode(' ', rtrim($line, "\n"));
        $value = $len > 0 ? stream_get_contents($p[1], (int)$len) : '';
        fgetc($p[1]);
        if ($name === 'write') $r['body'] .= $value;
        elseif ($name === 'start') $r['status'] = (int)$value;
        elseif ($name === 'served') $r['served'] = $value;
        elseif ($name === 'worker') $worker = array_map('intval', explode(' ', $value));
        elseif ($name === 'done') {
            $responses[] = $r;
            $r = ['body' => ''];
        }
    }
    $stderr = stream_get_contents($p[2]);
    $status = proc_close($proc);
    $logged = (string)file_get_contents($log);
    unlink($log);
    echo "-- $mode, display_errors=$display\n";
    check($status === 0 && $stderr === '', "the host ends normally (status $status, stderr " . json_encode($stderr) . ")");
    check(count($responses) === 3, "three responses (" . count($responses) . ")");
    [$first, $oom, $after] = $responses + [[], [], []];
    $fine = "10 words, C++ objects alive: 0\n" . ($mode === 'worker' ? "request 1 of this worker\n" : '');
    check(($first['status'] ?? 0) === 200 && ($first['body'] ?? '') === $fine,
          "the first request: 200, 10 words (" . json_encode($first) . ")");
    $fatal = "Fatal error: Allowed memory size of $limit bytes exhausted";
    if ($display) {
        check(($oom['status'] ?? 0) === 200 && str_contains($oom['body'] ?? '', $fatal),
              "past memory_limit: PHP's own fatal error shown (" . json_encode($oom) . ")");
    } else {
        check(($oom['status'] ?? 0) === 500 && ($oom['body'] ?? '') === '' && str_contains($logged, "PHP Fatal error:  Allowed memory size of $limit bytes exhausted"),
              "past memory_limit: status 500, PHP's own fatal error logged (" . json_encode($oom) . ", log "
              . json_encode($logged) . ")");
    }
    check(str_ends_with($oom['served'] ?? '', ' 255 0'), "past memory_limit: exit status 255 (served: " . ($oom['served'] ?? '-') . ")");
    // The worker script started again: its count starts at 1.
    check(($after['status'] ?? 0) === 200 && ($after['body'] ?? '') === $fine,
          "the next request is served, with no C++ object left (" . json_encode($after) . ")");
    if ($mode === 'worker') {
        check(($worker[0] ?? -1) === 3 && ($worker[1] ?? -1) === 1,
              "the worker loop: 3 requests, 1 restart (" . json_encode($worker) . ")");
    }
}
echo $failures ? "$failures check(s) failed\n" : "all checks passed\n";
exit($failures ? 1 : 0);
