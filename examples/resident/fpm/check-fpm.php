<?php
// examples/resident/fpm/check-fpm.php — Resident\Heap under a real php-fpm:
// pm=static with four workers on 127.0.0.1, the arena mapped by the master
// before it forks. Checks that a value put by one worker is read by the
// others, removals are seen by all, object graphs and fetchOrCompute work
// across workers; then drives 50,000 requests of puts, gets and removes and
// checks that every worker's private memory stays flat and that the arena
// gets back every byte.
//
//   php -n check-fpm.php <php-fpm> <resident.so> <work-dir> [requests] [plain | valgrind <suppressions> | asan <preload>]
//
// valgrind: php-fpm (master and workers) runs under memcheck, and a leak or
// invalid access of the extension in any process fails the check. asan: the
// ASan+UBSan build of the extension, with the sanitizer runtimes preloaded
// into php-fpm (<preload>: the LD_PRELOAD list); a report from any process
// fails the check. Memory growth is measured in plain runs only.
require __DIR__ . '/../../../tests/phpt/fcgi.inc';  // the suite's FastCGI client
[, $fpm, $ext, $work] = $argv;
$requests = (int) ($argv[4] ?? 50000);
$mode = $argv[5] ?? 'plain';
$valgrind = $mode === 'valgrind' ? $argv[6] : null;
$asan = $mode === 'asan' ? $argv[6] : null;
$workers = 4;
@mkdir($work, 0777, true);
$port = fcgi_free_port();
file_put_contents("$work/fpm.conf", <<<CONF
[global]
pid = $work/fpm.pid
error_log = $work/fpm.log
daemonize = no
[resident]
listen = 127.0.0.1:$port
pm = static
pm.max_children = $workers
pm.max_requests = 0
catch_workers_output = yes
CONF);
$app = __DIR__ . '/app.php';
$cmd = [$fpm, '-n', '-R', '-F', '-y', "$work/fpm.conf", '-d', "extension=$ext", '-d', 'resident.arena_size=33554432',
        '-d', 'display_errors=0', '-d', 'log_errors=1'];
$env = null;
if ($valgrind) {
    array_map('unlink', glob("$work/vg.*") ?: []);
    $cmd = ['valgrind', '-q', '--trace-children=yes', "--log-file=$work/vg.%p", "--suppressions=$valgrind", '--num-callers=40', '--leak-check=full',
            '--show-leak-kinds=definite,indirect', '--errors-for-leak-kinds=definite,indirect', ...$cmd];
    $env = getenv() + ['USE_ZEND_ALLOC' => '0'];
}
if ($asan) {
    array_map('unlink', glob("$work/asan.*") ?: []);
    $env = ['LD_PRELOAD' => $asan, 'USE_ZEND_ALLOC' => '0',
            'ASAN_OPTIONS' => "verify_asan_link_order=0:detect_leaks=0:halt_on_error=1:log_path=$work/asan",
            'UBSAN_OPTIONS' => "halt_on_error=1:print_stacktrace=1:log_path=$work/asan"] + getenv();
    // php-fpm hands workers a clean environment unless told otherwise.
    file_put_contents("$work/fpm.conf", "\nclear_env = no\n", FILE_APPEND);
}
$server = proc_open($cmd, [1 => ['file', "$work/fpm.out", 'w'], 2 => ['file', "$work/fpm.err", 'w']], $pipes, null, $env);
$failures = 0;
function check(bool $ok, string $what): void {
    global $failures;
    echo $ok ? "ok      " : "FAILED  ", $what, "\n";
    if (!$ok) $failures++;
}
function finish(): never {
    global $server, $work, $failures;
    proc_terminate($server, 3);  // SIGQUIT: graceful
    $status = proc_close($server);
    $log = @file_get_contents("$work/fpm.log") . @file_get_contents("$work/fpm.err");
    check(!preg_match('/exited on signal|SIGSEGV|core dumped|Freeing 0x|memory leaks? detected/', $log),
          'php-fpm logged no crash and no leak');
    global $valgrind, $asan;
    if ($asan) {
        $reports = implode('', array_map('file_get_contents', glob("$work/asan.*") ?: []));
        check($reports === '', 'no sanitizer report from the master or any worker');
        if ($reports !== '') echo $reports;
    }
    if ($valgrind) {
        // A php-fpm process exits without freeing what module startup
        // registered (the function tables of every internal class, built-in or
        // not), and code the PCRE JIT generated reads what memcheck cannot
        // follow: only a report with a frame of the extension counts, and a
        // block lost from module startup is the engine's registration.
        $ours = [];
        foreach (glob("$work/vg.*") as $f) {
            foreach (preg_split('/^==\d+== ?\n/m', file_get_contents($f)) as $record) {
                if (!preg_match('/resident[^ ]*\.so|php::|phpbind|heap(_graph)?\.cpp/', $record)) continue;
                if (preg_match('/are (definitely|indirectly) lost/', $record) && preg_match('/php_module_startup|zend_startup_module/', $record)) continue;
                $ours[] = $record;
            }
        }
        check(!$ours, 'valgrind found no leak and no invalid access of the extension in the master or any worker');
        if ($ours) echo implode("\n", $ours);
    }
    if ($failures) echo $log;
    echo $failures ? "check-fpm: $failures failed\n" : "check-fpm: all passed\n";
    exit($failures ? 1 : 0);
}
$conns = [];
for ($i = 0; $i < ($valgrind ? 600 : 100) && !$conns; $i++) {
    usleep(100000);
    $c = @stream_socket_client("tcp://127.0.0.1:$port", $e1, $e2, 1);
    if ($c) { fclose($c); break; }
    if (!proc_get_status($server)['running']) {  // php-fpm did not start: its own words say why
        echo "php-fpm exited before listening on 127.0.0.1:$port:\n",
            @file_get_contents("$work/fpm.log"), @file_get_contents("$work/fpm.err");
        exit(1);
    }
}
// One keep-alive connection per worker: php-fpm serves a connection with one
// worker until it closes, so four open connections are four workers.
for ($i = 0; $i < $workers; $i++) $conns[] = fcgi_connect($port);
$ask = function (int $worker, string $query) use (&$conns, $app) {
    $r = json_decode(fcgi_get($conns[$worker], $app, $query), true);
    if (!is_array($r)) throw new RuntimeException("worker $worker: not JSON for $query");
    return $r;
};
$pids = [];
for ($w = 0; $w < $workers; $w++) $pids[$w] = $ask($w, 'op=status')['pid'];
check(count(array_unique($pids)) === $workers, "four connections are served by four workers (" . implode(', ', $pids) . ")");

// ---- one worker puts, the others read ----
$ask(0, 'op=put&key=shared&n=1000');
$seen = [];
for ($w = 1; $w < $workers; $w++) $seen[] = $ask($w, 'op=get&key=shared');
check(array_reduce($seen, fn($ok, $r) => $ok && $r['found'] && $r['n'] === 1000 && $r['sum'] === 500500 && $r['by'] === $pids[0], true),
      "a value put by worker 0 is read by workers 1, 2 and 3");
$ask(2, 'op=remove&key=shared');
$gone = true;
for ($w = 0; $w < $workers; $w++) $gone = $gone && !$ask($w, 'op=get&key=shared')['found'];
check($gone, "a value removed by worker 2 is gone for every worker");
$ask(1, 'op=tree&key=routes');
$walk = $ask(3, 'op=walk&key=routes');
check($walk['found'] && $walk['paths'] === '/a,/b,/c' && $walk['identity'] && $walk['by'] === $pids[1],
      "an object graph put by worker 1 is rebuilt by worker 3 with its identity");
$computed = [];
for ($w = 0; $w < $workers; $w++) $computed[] = $ask($w, 'op=compute&key=once')['computed_by'];
check(count(array_unique($computed)) === 1 && $computed[0] === $pids[0], "fetchOrCompute computes once for all workers");
$ask(0, 'op=clear');

// ---- the soak: puts, gets and removes from every worker ----
mt_srand(20261204);
$keys = 50;
// Every key once first, so the directory has grown to its size before the baseline.
for ($k = 0; $k < $keys; $k++) {
    $ask($k % $workers, "op=put&key=k$k&n=1");
    $ask($k % $workers, "op=tree&key=tk$k");
}
$ask(0, 'op=clear');
$ask(1, 'op=stats');  // a later request: the cleared values are freed
$baseline = $ask(2, 'op=stats');
$samples = [];
$sample = function (string $when) use (&$samples, $ask, $workers) {
    for ($w = 0; $w < $workers; $w++) $samples[$when][$w] = $ask($w, 'op=status');
};
$bad = 0;
for ($i = 1; $i <= $requests; $i++) {
    $w = $i % $workers;
    $key = 'k' . mt_rand(0, $keys - 1);
    $roll = mt_rand(0, 99);
    $query = $roll < 30 ? "op=put&key=$key&n=" . mt_rand(0, 500)
        : ($roll < 40 ? "op=remove&key=$key" : ($roll < 45 ? "op=tree&key=t$key" : ($roll < 50 ? "op=walk&key=t$key" : "op=get&key=$key")));
    $r = $ask($w, $query);
    if (isset($r['exception']) || isset($r['error'])) { $bad++; if ($bad < 5) echo "request $i ($query): ", json_encode($r), "\n"; }
    if ($i === 1000) $sample('start');
    if ($i === intdiv($requests, 2)) $sample('middle');
}
$sample('end');
check($bad === 0, "$requests requests of puts, gets and removes from four workers, none failed");
$during = $ask(0, 'op=stats');
echo "        during: keys {$during['keys']}, bytes {$during['bytes']}, retired {$during['retired']}, available {$during['available']}\n";
check($during['retired'] <= $workers, "retired values wait only for running requests ({$during['retired']} retired)");
foreach (['start', 'middle', 'end'] as $when) {
    echo "        RSS $when: ", implode('  ', array_map(fn($s) => "pid {$s['pid']}: VmRSS {$s['VmRSS']} kB (anon {$s['RssAnon']}, shared {$s['RssShmem']})", $samples[$when])), "\n";
}
$growth = max(array_map(fn($w) => $samples['end'][$w]['RssAnon'] - $samples['start'][$w]['RssAnon'], range(0, $workers - 1)));
if ($mode === 'plain') check($growth <= 1024, "every worker's private memory stays flat from request 1,000 to $requests (largest growth $growth kB)");
$ask(3, 'op=clear');
$ask(0, 'op=stats');
$after = $ask(1, 'op=stats');
check($after['keys'] === 0 && $after['retired'] === 0 && $after['available'] === $baseline['available'],
      "after clear() the arena has every byte back ({$after['available']} of {$after['capacity']} free, as before the soak)");
foreach ($conns as $c) fclose($c);
finish();
