<?php
// tests/fuzz/driver.php — runs tests/fuzz/fuzz.php in child processes, one or more
// seeds in a row, and decides whether each child ended well.
//
//   php -n tests/fuzz/driver.php --php=PHP --ext=EXT.so [--ext=OTHER.so] [--mode=plain|asan|valgrind]
//        [--seeds=1,2,3] [--calls=N] [--work=DIR] [--timeout=SECONDS] [--include-known] [--name=LABEL]
//        [--modules=A,B]  (the extensions fuzzed; fuzz.php's default: phpbind_test,phpbind_second)
//   php -n tests/fuzz/driver.php ... --minimise --seed=S --call=N
//
// A child ends well when it ran all its cases (status 0), or when a case asked for
// exit(N) or a fatal error and got exactly that (status N, or 255 and the message):
// the driver then starts a new child at the next case. It fails when the child
// crashed (a signal), a sanitizer or valgrind reported an error, a fatal error or
// exit() came that no case asked for, it hung (--timeout), the exit status was
// wrong, or the fuzzer itself recorded a defect (exit()/fatal error swallowed) or a
// contract violation (a result of a type other than the declared one).
//
// Before fuzzing, the driver breaks a child on purpose in each way it can detect
// (tests/fuzz/fuzz.php --probe=...) and fails if it does not notice: a run that
// cannot fail proves nothing.
//
// --minimise re-runs a failing case: alone, then with as few of the cases before it
// as still reproduce the failure, and prints them.

declare(strict_types=1);

final class Driver {
    public string $php;
    public array $exts = [];
    public string $mode = 'plain';
    public array $seeds = [1];
    public int $calls = 1000;
    public string $work;
    public int $timeout = 900;
    public bool $include_known = false;
    public string $name = 'fuzz';
    public string $fuzz;
    public string $supp = '';
    public string $modules = '';  // --modules=A,B: what the children fuzz (fuzz.php's default if empty)

    public array $failures = [];
    public array $stats = ['cases' => 0, 'ok' => 0, 'threw' => 0, 'classes' => [], 'patterns' => [], 'warnings' => [],
                           'suspicious' => [], 'violations' => [], 'defects' => []];
    public array $ends = ['done' => 0, 'exit' => 0, 'fatal' => 0];
    public int $processes = 0;
    public int $probes = 0;

    public function __construct(array $opt) {
        $this->fuzz = __DIR__ . '/fuzz.php';
        $this->php = $opt['php'] ?? PHP_BINARY;
        $this->exts = (array) ($opt['ext'] ?? []);
        $this->mode = $opt['mode'] ?? 'plain';
        if (isset($opt['seeds'])) $this->seeds = array_map('intval', explode(',', $opt['seeds']));
        $this->calls = (int) ($opt['calls'] ?? 1000);
        $this->work = $opt['work'] ?? sys_get_temp_dir() . '/phpbind-fuzz';
        $this->timeout = (int) ($opt['timeout'] ?? 900);
        $this->include_known = isset($opt['include-known']);
        $this->name = $opt['name'] ?? "fuzz-{$this->mode}";
        $this->modules = (string) ($opt['modules'] ?? '');
        $this->supp = dirname(__DIR__, 2) . '/cmake/valgrind.supp';
        if (!is_dir($this->work)) mkdir($this->work, 0777, true);
    }

    // The command for one child.
    private function command(array $args, bool $under_tool = true): array {
        $cmd = [];
        if ($this->mode === 'valgrind' && $under_tool) {
            $cmd = ['valgrind', '-q', '--leak-check=full', '--show-leak-kinds=definite,indirect',
                    '--errors-for-leak-kinds=definite,indirect', '--num-callers=30'];
            if (is_file($this->supp)) $cmd[] = "--suppressions={$this->supp}";
            $cmd[] = '--suppressions=' . __DIR__ . '/valgrind-known.supp';
        }
        $cmd[] = $this->php;
        $cmd[] = '-n';
        // The suite's extra settings (opcache and its JIT in the test matrix).
        foreach (preg_split('/\s+/', trim((string) getenv('PHPBIND_TEST_PHP_ARGS')), -1, PREG_SPLIT_NO_EMPTY) as $a) $cmd[] = $a;
        foreach ($this->exts as $e) { $cmd[] = '-d'; $cmd[] = "extension=$e"; }
        foreach (['display_errors=stderr', 'log_errors=0', 'html_errors=0', 'error_reporting=-1', 'zend.assertions=1'] as $d) {
            $cmd[] = '-d'; $cmd[] = $d;
        }
        if ($this->mode === 'valgrind') { $cmd[] = '-d'; $cmd[] = 'pcre.jit=0'; }
        $cmd[] = $this->fuzz;
        if ($this->include_known) $args[] = '--include-known';
        if ($this->modules !== '') $args[] = "--modules={$this->modules}";
        return array_merge($cmd, $args);
    }

    // Runs one child to its end: [status, signal, timed_out, stdout, stderr, seconds].
    private function spawn(array $args, string $tag, array $extra_env = []): array {
        $out = "{$this->work}/$tag.out";
        $err = "{$this->work}/$tag.err";
        $env = $extra_env + getenv();
        if ($this->mode === 'valgrind') {
            $env['USE_ZEND_ALLOC'] = '0';
            $env['ZEND_DONT_UNLOAD_MODULES'] = '1';  // so valgrind can still name the extension's frames
        }
        $t = microtime(true);
        $p = proc_open($this->command($args), [0 => ['file', '/dev/null', 'r'], 1 => ['file', $out, 'w'], 2 => ['file', $err, 'w']], $pipes, null, $env);
        if (!is_resource($p)) return [127, 0, false, '', 'could not start the child', 0.0];
        $this->processes++;
        $timed_out = false;
        while (true) {
            $s = proc_get_status($p);
            if (!$s['running']) break;
            if (microtime(true) - $t > $this->timeout) {
                $timed_out = true;
                proc_terminate($p, 9);
                while (proc_get_status($p)['running']) usleep(20000);
                $s = ['exitcode' => -1, 'signaled' => true, 'termsig' => 9];
                break;
            }
            usleep(20000);
        }
        proc_close($p);
        $status = $s['signaled'] ? -1 : $s['exitcode'];
        $sig = $s['signaled'] ? $s['termsig'] : 0;
        return [$status, $sig, $timed_out, (string) @file_get_contents($out), (string) @file_get_contents($err), microtime(true) - $t];
    }

    // How the child ended: null if well, else [kind, detail]. $state is its JSON.
    public function judge(array $r, ?array $state): ?array {
        [$status, $sig, $timed_out, $stdout, $stderr] = $r;
        if ($timed_out) return ['hang', "no end after {$this->timeout} s"];
        // A process that ends in a fatal error does not free its request (USE_ZEND_ALLOC=0):
        // leaks are expected there; the fatal error itself is judged below. Nor does one
        // that exit() ended from a destructor run while an exception unwound: plain php
        // leaks then too (`try { strlen(1, [new D]); } catch (Error $e) {}` with a
        // D::__destruct() calling exit()), and the fuzzer cannot tell that case apart
        // from an exit() in any destructor.
        $engine_leaks = in_array($state['reason'] ?? '', ['fatal', 'unexpected_fatal'], true)
            || (($state['reason'] ?? '') === 'exit' && !empty($state['expect']['in_dtor']));
        if (preg_match('/^.*(ERROR: AddressSanitizer|runtime error:|UndefinedBehaviorSanitizer|AddressSanitizer:DEADLYSIGNAL).*$/m', $stderr, $m)) {
            return ['sanitizer', trim($m[0])];
        }
        if (!$engine_leaks && preg_match('/^.*ERROR: LeakSanitizer.*$/m', $stderr) && preg_match('/^SUMMARY: AddressSanitizer: .*leaked.*$/m', $stderr, $m)) {
            return ['leak', trim($m[0])];
        }
        // A debug engine's report of request memory the request leaked (report_memleaks).
        if (!$engine_leaks && preg_match('/^.*(Freeing 0x|memory leaks? detected).*$/m', $stderr, $m)) {
            return ['leak', trim($m[0])];
        }
        if ($this->mode === 'valgrind') {
            if (preg_match('/^==\d+== (Invalid (read|write|free)|Conditional jump|Use of uninitialised|Syscall param|Mismatched|Source and destination overlap|Process terminating).*$/m', $stderr, $m)) {
                return ['valgrind', trim($m[0])];
            }
            if (!$engine_leaks && preg_match('/^==\d+== .*(definitely|indirectly) lost in loss record.*$/m', $stderr, $m)) return ['leak', trim($m[0])];
        }
        if ($sig) return ['crash', "killed by signal $sig"];
        if (preg_match('/^.*(Assertion .* failed|zend_mm_heap corrupted|double free|free\(\): invalid|corrupted size|malloc\(\)).*$/m', $stderr, $m)) {
            return ['crash', trim($m[0])];
        }
        if ($state === null) {
            if (preg_match('/PHP (Parse|Fatal) error.*|^(Fatal|Parse) error:.*$/m', $stderr, $m)) return ['fuzzer', trim($m[0])];
            return ['crash', "ended without its shutdown functions (status $status)"];
        }
        $stats = $state['stats'];
        switch ($state['reason']) {
            case 'done':
                if ($status !== 0) return ['status', "ran every case but ended with status $status"];
                return null;
            case 'exit':
                // (the same for an exit() from a destructor, whose leaks are the engine's)
                if ($engine_leaks && str_contains($stderr, 'ERROR: LeakSanitizer')) $status = $state['expect']['status'];
                if ($status !== $state['expect']['status']) return ['status', "exit({$state['expect']['status']}) ended the script with status $status"];
                return null;
            case 'fatal':
                // (LeakSanitizer reports what a bailed-out request did not free, and sets the status)
                if ($status !== 255 && str_contains($stderr, 'ERROR: LeakSanitizer')) $status = 255;
                // (display_errors=stderr is the CLI's: another SAPI, a wasm php's, displays into the
                // output buffer the shutdown function cleans; the state's last error has it then)
                $shown = str_contains($stderr, 'fz fatal on purpose')
                    || (($state['sapi'] ?? 'cli') !== 'cli' && str_contains((string) ($state['error']['message'] ?? ''), 'fz fatal on purpose'));
                if ($status !== 255 || !$shown) {
                    return ['status', "a fatal error on purpose ended the script with status $status" . ($shown ? '' : ', and its message was not shown')];
                }
                return null;
            case 'unexpected_fatal':
                $e = $state['error'];
                $what = isset($state['expect']) ? " (the case asked for {$state['expect']['kind']}())" : '';
                return ['fatal', "Fatal error: " . substr((string) $e['message'], 0, 300) . $what];
            case 'unexpected_exit':
                return ['exit', "the script ended (exit()) with status $status though no case asked for it"];
        }
        return ['fuzzer', "unknown end: {$state['reason']}"];
    }

    // The log line of case $n, if the log has it.
    private function log_line(string $log, int $n): string {
        $f = @fopen($log, 'r');
        if (!$f) return '';
        $size = filesize($log);
        fseek($f, max(0, $size - (1 << 20)));
        $tail = stream_get_contents($f);
        fclose($f);
        $found = '';
        foreach (explode("\n", $tail) as $line) if (str_starts_with($line, "$n\t")) $found = $line;
        return $found;
    }

    private function merge(array $s): void {
        foreach (['cases', 'ok', 'threw'] as $k) $this->stats[$k] += $s[$k];
        foreach ($s['classes'] as $k => $n) $this->stats['classes'][$k] = ($this->stats['classes'][$k] ?? 0) + $n;
        foreach (['patterns', 'warnings', 'suspicious'] as $group) {
            foreach ($s[$group] as $k => $v) {
                if (isset($this->stats[$group][$k])) $this->stats[$group][$k][0] += $v[0];
                else $this->stats[$group][$k] = $v;
            }
        }
        foreach (['violations', 'defects'] as $group) $this->stats[$group] = array_merge($this->stats[$group], $s[$group]);
    }

    public function replay_command(int $seed, int $call): string {
        $exts = implode(' ', array_map(fn($e) => "-d extension=$e", $this->exts));
        $extra = trim((string) getenv('PHPBIND_TEST_PHP_ARGS'));
        return "{$this->php} -n " . ($extra === '' ? '' : "$extra ") . "$exts {$this->fuzz} --seed=$seed --replay=$call" . ($this->modules === '' ? '' : " --modules={$this->modules}");
    }

    // Runs a range (or list) of cases once, no resuming: [failure|null, state, result].
    public function run_once(int $seed, array $args, string $tag): array {
        $state_path = "{$this->work}/$tag.state.json";
        @unlink($state_path);
        $r = $this->spawn(array_merge(["--seed=$seed", "--state=$state_path", "--log={$this->work}/$tag.log"], $args), $tag);
        $state = is_file($state_path) ? json_decode((string) file_get_contents($state_path), true) : null;
        return [$this->judge($r, $state), $state, $r];
    }

    public function fuzz_seed(int $seed): void {
        $start = 0;
        $log = "{$this->work}/seed-$seed.log";
        $state_path = "{$this->work}/seed-$seed.state.json";
        $failed = 0;
        @unlink($log);
        while ($start < $this->calls) {
            $args = ["--seed=$seed", "--calls={$this->calls}", "--start=$start", "--log=$log", "--state=$state_path"];
            @unlink($state_path);
            $r = $this->spawn($args, "seed-$seed");
            // LeakSanitizer's own crash at exit (its tracer caught a signal: "LeakSanitizer has
            // encountered a fatal error") is the tool failing, not a finding: the same cases run
            // once more, and count if it happens again.
            if (str_contains($r[4], 'LeakSanitizer has encountered a fatal error')) {
                fwrite(STDERR, "{$this->name}: seed $seed: LeakSanitizer crashed at exit; running cases $start.. again\n");
                @unlink($state_path);
                $r = $this->spawn($args, "seed-$seed");
            }
            // Twice: once more without leak detection, so AddressSanitizer and UBSan still check
            // every access of these cases (the memcheck configurations check leaks), said aloud.
            if (str_contains($r[4], 'LeakSanitizer has encountered a fatal error')) {
                fwrite(STDERR, "{$this->name}: seed $seed: LeakSanitizer crashed again; cases $start.. run without leak detection\n");
                @unlink($state_path);
                $r = $this->spawn($args, "seed-$seed", ['PHPBIND_DETECT_LEAKS' => '0']);
            }
            $state = is_file($state_path) ? json_decode((string) file_get_contents($state_path), true) : null;
            if ($state) $this->merge($state['stats']);
            $verdict = $this->judge($r, $state);
            // The case the child was in when it ended: from its state, else the log's last line.
            if ($state) {
                $call = $state['reason'] === 'done' ? $this->calls - 1 : $state['call'];
            } else {
                $last = '';
                foreach (explode("\n", (string) @shell_exec('tail -c 65536 ' . escapeshellarg($log))) as $line) if ($line !== '') $last = $line;
                $call = $last !== '' ? (int) explode("\t", $last, 2)[0] : $start;
            }
            if ($verdict === null) {
                $this->ends[$state['reason']]++;
            } else {
                $line = $this->log_line($log, $call);
                $parts = explode("\t", $line, 3);
                // A leak is seen when the process ends: any case it ran may have caused it.
                if ($verdict[0] === 'leak') $verdict[1] .= " (in cases $start..$call: find the case with --minimise)";
                $this->failures[] = ['kind' => $verdict[0], 'detail' => $verdict[1], 'seed' => $seed, 'call' => $call,
                                     'target' => $parts[1] ?? '?', 'code' => $parts[2] ?? '',
                                     'stderr' => $this->excerpt($r[4])];
                if (++$failed >= 20) {
                    fwrite(STDERR, "{$this->name}: seed $seed: 20 failures, moving on\n");
                    return;
                }
            }
            if ($state && $state['reason'] === 'done') break;
            $start = max($start, $call) + 1;
        }
    }

    private function excerpt(string $stderr): string {
        $lines = array_values(array_filter(explode("\n", $stderr), fn($l) => $l !== ''));
        // the sanitizer's summary and the first frames are what a reader needs
        $keep = [];
        foreach ($lines as $l) {
            if (preg_match('/ERROR:|SUMMARY:|runtime error|^\s+#[0-7] |Fatal error|Invalid|lost in|at 0x|by 0x|Assertion/', $l)) {
                $keep[] = strlen($l) > 220 ? substr($l, 0, 220) . '...' : $l;
            }
            if (count($keep) >= 16) break;
        }
        return implode("\n", $keep ?: array_slice($lines, -10));
    }

    // Breaks a child on purpose in each way the driver must notice.
    public function self_check(): bool {
        $probes = ['fatal' => 'fatal', 'exit-code' => 'status'];
        if ($this->mode === 'asan') $probes['asan'] = 'sanitizer';
        $ok = true;
        foreach ($probes as $probe => $kind) {
            [$verdict] = $this->run_once(1, ['--calls=0', "--probe=$probe"], "probe-$probe");
            $this->probes++;
            if (($verdict[0] ?? null) !== $kind) {
                fwrite(STDERR, "{$this->name}: the driver did not notice --probe=$probe (expected a '$kind' failure, got " . json_encode($verdict) . ")\n");
                $ok = false;
            }
        }
        // and a clean run of a few cases must pass
        [$verdict, $state] = $this->run_once(1, ['--calls=3'], 'probe-clean');
        $this->probes++;
        if ($state === null || $state['stats']['cases'] < 1) {
            fwrite(STDERR, "{$this->name}: a short run did not run any case: " . json_encode($verdict) . "\n");
            $ok = false;
        }
        return $ok;
    }

    public function summary(float $seconds): int {
        $s = $this->stats;
        $out = [];
        $out[] = sprintf("%s: %d calls, seeds %s, %d per seed, wall time %.1f s (%d fuzzing processes, %d ended by exit() and %d by a fatal error on purpose; %d self-check probes)",
                         $this->name, $s['cases'], implode(',', $this->seeds), $this->calls, $seconds, $this->processes - $this->probes,
                         $this->ends['exit'], $this->ends['fatal'], $this->probes);
        $out[] = sprintf("  outcomes: %d returned, %d threw", $s['ok'], $s['threw']);
        arsort($s['classes']);
        $out[] = '  exceptions by class: ' . implode(', ', array_map(fn($k, $v) => "$k $v", array_keys($s['classes']), $s['classes']));
        foreach (['patterns' => 'most frequent exception messages', 'warnings' => 'warnings and deprecations'] as $g => $title) {
            $list = $s[$g];
            uasort($list, fn($a, $b) => $b[0] <=> $a[0]);
            $out[] = "  $title (" . count($list) . " kinds), top 12:";
            foreach (array_slice($list, 0, 12, true) as $k => $v) $out[] = sprintf("    %6d  %s", $v[0], $k);
        }
        if ($s['suspicious']) {
            $out[] = '  suspicious exceptions (' . count($s['suspicious']) . " kinds; not failures, each with a case to replay):";
            $list = $s['suspicious'];
            uasort($list, fn($a, $b) => $b[0] <=> $a[0]);
            foreach (array_slice($list, 0, 25, true) as $k => $v) $out[] = sprintf("    %6d  %s  [seed %d case %d, %s]", $v[0], $k, $v[1], $v[2], $v[3]);
        }
        foreach ($s['defects'] as $d) {
            $this->failures[] = ['kind' => 'defect', 'detail' => $d[3], 'seed' => $d[0], 'call' => $d[1], 'target' => $d[2], 'code' => '', 'stderr' => ''];
        }
        foreach ($s['violations'] as $d) {
            $this->failures[] = ['kind' => 'contract', 'detail' => $d[3], 'seed' => $d[0], 'call' => $d[1], 'target' => $d[2], 'code' => '', 'stderr' => ''];
        }
        if ($this->failures) {
            $out[] = "  FAILURES: " . count($this->failures);
            foreach ($this->failures as $f) {
                $out[] = "  [{$f['kind']}] seed {$f['seed']} case {$f['call']} {$f['target']}: {$f['detail']}";
                if ($f['code'] !== '') $out[] = '      code: ' . (strlen($f['code']) > 600 ? substr($f['code'], 0, 600) . '...' : $f['code']);
                $out[] = '      replay: ' . $this->replay_command($f['seed'], $f['call']);
                if ($f['stderr'] !== '') $out[] = '      ' . str_replace("\n", "\n      ", $f['stderr']);
            }
        } else {
            $out[] = "  no crash, sanitizer report, unexpected fatal error or exit, hang, swallowed exit()/fatal error or contract violation";
        }
        echo implode("\n", $out), "\n";
        return $this->failures ? 1 : 0;
    }

    // --minimise: the fewest cases up to $call that still fail the same way. Each
    // try is one child (--cases=LIST); the search assumes a failure that needs
    // some earlier cases keeps needing them in the same order.
    public function minimise(int $seed, int $call): int {
        $kind_of = fn(array $cases) => $this->run_once($seed, ['--cases=' . implode(',', $cases)], 'min')[0];
        $v = $kind_of(range(0, $call));
        if ($v === null) {
            echo "cases 0..$call of seed $seed do not fail\n";
            return 1;
        }
        $kind = $v[0];
        $fails = fn(array $cases) => ($kind_of($cases)[0] ?? null) === $kind;
        if ($kind === 'leak') {
            // Seen at the end of the process: find the first case after which it is there.
            $lo = 0;
            $hi = $call;
            while ($lo < $hi) {
                $mid = intdiv($lo + $hi, 2);
                if ($fails(range(0, $mid))) $hi = $mid; else $lo = $mid + 1;
            }
            $call = $lo;
        }
        if ($fails([$call])) {
            $cases = [$call];
        } else {
            // Drop cases from the front while it still fails, then chunks from the rest.
            $lo = 0;
            $hi = $call;
            while ($lo < $hi) {
                $mid = intdiv($lo + $hi + 1, 2);
                if ($fails(range($mid, $call))) $lo = $mid; else $hi = $mid - 1;
            }
            $cases = range($lo, $call);
            for ($chunk = intdiv(count($cases), 2); $chunk >= 1; $chunk = intdiv($chunk, 2)) {
                for ($k = 0; $k + 1 < count($cases);) {
                    $try = array_merge(array_slice($cases, 0, $k), array_slice($cases, $k + $chunk));
                    if (in_array($call, $try, true) && count($try) < count($cases) && $fails($try)) $cases = $try;
                    else $k += $chunk;
                }
            }
        }
        echo "seed $seed: $kind (" . $v[1] . ") with " . count($cases) . " case(s): " . implode(',', $cases) . "\n";
        echo "  replay: " . $this->replay_command($seed, $call) . ($cases === [$call] ? '' : ' --cases=' . implode(',', $cases)) . "\n";
        foreach ($cases as $c) {
            $code = trim((string) shell_exec(implode(' ', array_map('escapeshellarg', $this->command(["--seed=$seed", "--print=$c"], false))) . ' 2>/dev/null'));
            echo "  #$c $code\n";
        }
        return 0;
    }
}

function parse_options(array $argv): array {
    $opt = [];
    foreach (array_slice($argv, 1) as $a) {
        if (!preg_match('/^--([\w-]+)(?:=(.*))?$/s', $a, $m)) {
            fwrite(STDERR, "driver: unknown argument $a\n");
            exit(2);
        }
        if ($m[1] === 'ext') $opt['ext'][] = $m[2];
        else $opt[$m[1]] = $m[2] ?? true;
    }
    return $opt;
}

$opt = parse_options($argv);
$d = new Driver($opt);
if (isset($opt['minimise'])) exit($d->minimise((int) ($opt['seed'] ?? 1), (int) ($opt['call'] ?? 0)));
$t = microtime(true);
if (!isset($opt['no-self-check']) && !$d->self_check()) exit(1);
foreach ($d->seeds as $seed) $d->fuzz_seed($seed);
exit($d->summary(microtime(true) - $t));
