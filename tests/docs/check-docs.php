<?php
// tests/docs/check-docs.php — the C++ in README.md and docs/*.md compiles, the
// PHP parses, and the output the README shows is what it prints (ctest `docs`).
// The README's shell steps are run by ctest `newcomer` (check-newcomer.sh).
//
//   php check-docs.php --src=<phpbind source dir> --work=<dir> --cxx=<compiler> --php=<php>
//                      --php-includes="<-I flags>" --library=<libphpbind.a>
//
// Every ```cpp block is preceded by an annotation saying how it is compiled
// (`<!-- docs-check: tu | module | body(...) | fails "..." -->`, described in
// docs/testing.md, "Code in the documentation"); each is compiled on its own.

$o = getopt('', ['src:', 'work:', 'cxx:', 'php:', 'php-includes:', 'library:']);
foreach (['src', 'work', 'cxx', 'php', 'php-includes', 'library'] as $k) {
    if (!isset($o[$k])) { fwrite(STDERR, "missing --$k\n"); exit(2); }
}
$src = $o['src'];
$work = $o['work'];
@mkdir($work, 0777, true);
$prelude = "#include <phpbind/phpbind.hpp>\n#include <phpbind/runtime.hpp>\n#include <phpbind/server.hpp>\n" .
           implode('', array_map(fn($h) => "#include <$h>\n",
               ['compare', 'cstdint', 'functional', 'map', 'optional', 'stdexcept', 'string', 'string_view', 'vector']));

// docs/reference.md is left out: its blocks are the headers' own declarations.
$files = array_merge(["$src/README.md"], array_filter(glob("$src/docs/*.md"), fn($f) => basename($f) !== 'reference.md'));
$jobs = [];     // compile jobs: [name, file, args, expect-fail-text|null]
$outputs = [];  // [name, so, command, expected]
$lints = [];    // PHP blocks: [name, file]
$failures = [];
foreach ($files as $file) {
    $lines = file($file, FILE_IGNORE_NEW_LINES);
    $rel = substr($file, strlen($src) + 1);
    $note = null;
    for ($i = 0; $i < count($lines); $i++) {
        if (preg_match('/^<!-- docs-check: (.*) -->$/', $lines[$i], $m)) { $note = $m[1]; continue; }
        if (!preg_match('/^```(\w*)$/', $lines[$i], $fence)) { if (trim($lines[$i]) !== '') $note = null; continue; }
        $start = $i + 1;
        $body = [];
        for ($i++; $i < count($lines) && $lines[$i] !== '```'; $i++) $body[] = $lines[$i];
        $where = "$rel:$start";
        $lang = $fence[1];
        if ($lang === 'cpp') {
            if ($note === null) { $failures[] = "$where: a C++ block without a docs-check annotation"; continue; }
            $job = make_job($where, $note, $body, $prelude, $work, count($jobs));
            if (is_string($job)) $failures[] = $job;
            else $jobs[] = $job;
        } elseif ($lang === 'php') {
            // PHP blocks parse (php -l).
            $path = sprintf('%s/php%02d.php', $work, count($lints));
            file_put_contents($path, (str_starts_with(ltrim($body[0] ?? ''), '<?php') ? '' : "<?php\n") . implode("\n", $body) . "\n");
            $lints[] = [$where, $path];
        } elseif ($note !== null && preg_match('/^output so=(\w+)$/', $note, $m)) {
            [$cmd, $expected] = split_output($body);
            $outputs[] = [$where, $m[1], $cmd, $expected];
        }
        $note = null;
    }
}

/** One block as a file to compile: [where, path, so-name|null, fail-text|null, defines]. */
function make_job(string $where, string $note, array $body, string $prelude, string $work, int $n) {
    $context = '';
    $defines = [];
    $so = null;
    if (preg_match('/\s+context: (.*)$/', $note, $m)) { $context = $m[1] . "\n"; $note = substr($note, 0, -strlen($m[0])); }
    if (preg_match('/\s+defines: ([\w ]+)$/', $note, $m)) { $defines = explode(' ', trim($m[1])); $note = substr($note, 0, -strlen($m[0])); }
    if (preg_match('/\s+so=(\w+)$/', $note, $m)) { $so = $m[1]; $note = substr($note, 0, -strlen($m[0])); }
    $includes = array_values(array_filter($body, fn($l) => str_starts_with($l, '#include')));
    $rest = array_values(array_filter($body, fn($l) => !str_starts_with($l, '#include')));
    $fail = null;
    if ($note === 'tu') {
        $code = implode("\n", $body);
    } elseif ($note === 'module') {
        $k = 0;
        while ($k < count($rest) && !str_starts_with($rest[$k], 'm.')) $k++;
        if ($k === count($rest)) return "$where: 'module' but no line starts with m.";
        $code = implode("\n", $includes) . "\n" . implode("\n", array_slice($rest, 0, $k)) .
                "\nvoid docs_block(php::module& m) {\n" . implode("\n", array_slice($rest, $k)) . "\n}";
    } elseif (preg_match('/^body\((.*)\)( -> (.+))?$/', $note, $m)) {
        $ret = $m[3] ?? 'void';
        $code = implode("\n", $includes) . "\n$ret docs_block({$m[1]}) {\n" . implode("\n", $rest) . "\n}";
    } elseif (preg_match('/^fails "(.+)"$/', $note, $m)) {
        $fail = $m[1];
        $code = implode("\n", $body);
    } else {
        return "$where: unknown docs-check annotation '$note'";
    }
    $path = sprintf('%s/block%02d.cpp', $work, $n);
    file_put_contents($path, "// $where\n" . $prelude . $context . "#line 1 \"$where\"\n" . $code . "\n");
    return [$where, $path, $so, $fail, $defines];
}

/** An output block: the `$ ` command (continued while a quote is open) and what follows. */
function split_output(array $body): array {
    $cmd = substr($body[0], 2);
    $k = 1;
    while (substr_count($cmd, "'") % 2 === 1 && $k < count($body)) $cmd .= "\n" . $body[$k++];
    return [$cmd, implode("\n", array_slice($body, $k)) . "\n"];
}

// Compile, two at a time.
$cxx = $o['cxx'];
$inc = "-I$src/include " . $o['php-includes'];
$running = [];
$queue = $jobs;
$built = [];
while ($queue || $running) {
    while ($queue && count($running) < 2) {
        $job = array_shift($queue);
        [$where, $path, $so, $fail, $defines] = $job;
        $d = implode(' ', array_map(fn($x) => "-D$x", $defines));
        $cmd = $so !== null
            ? "$cxx -std=c++20 -fPIC -shared -O1 -fvisibility=hidden $d $inc " . escapeshellarg($path) . ' ' .
              escapeshellarg($o['library']) . ' -o ' . escapeshellarg("$work/$so.so")
            : "$cxx -std=c++20 -fsyntax-only $d $inc " . escapeshellarg($path);
        // Diagnostics go to a file: a pipe read only at the end would fill and stall the compiler.
        $log = $path . '.log';
        $p = proc_open($cmd . ' > ' . escapeshellarg($log) . ' 2>&1', [], $pipes);
        $running[] = [$job, $p, $log];
    }
    $still = [];
    foreach ($running as [$job, $p, $out]) {
        // proc_get_status() reports the exit code once, when it first sees the process gone.
        $st = proc_get_status($p);
        if ($st['running']) { $still[] = [$job, $p, $out]; continue; }
        $text = (string) file_get_contents($out);
        $status = $st['exitcode'];
        proc_close($p);
        [$where, $path, $so, $fail] = $job;
        if ($fail === null && $status !== 0) {
            $failures[] = "$where: does not compile:\n" . implode("\n", array_slice(explode("\n", $text), 0, 30));
        } elseif ($fail !== null && $status === 0) {
            $failures[] = "$where: compiles, but the page says it must not";
        } elseif ($fail !== null && !str_contains($text, $fail)) {
            $failures[] = "$where: fails without \"$fail\":\n" . implode("\n", array_slice(explode("\n", $text), 0, 30));
        } elseif ($so !== null) {
            $built[$so] = true;
        }
    }
    $running = $still;
    if ($running) usleep(100000);
}

foreach ($lints as [$where, $path]) {
    exec(escapeshellarg($o['php']) . ' -n -l ' . escapeshellarg($path) . ' 2>&1', $lint, $status);
    if ($status !== 0) $failures[] = "$where: the PHP block does not parse:\n" . implode("\n", $lint);
    $lint = [];
}

// Run what the README shows, and compare.
foreach ($outputs as [$where, $so, $cmd, $expected]) {
    if (!isset($built[$so])) { $failures[] = "$where: output of $so.so, which was not built"; continue; }
    $cmd = preg_replace('/^php /', escapeshellarg($o['php']) . ' -n ', $cmd);
    $p = proc_open(['bash', '-c', $cmd], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, $work);
    $got = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    proc_close($p);
    if ($got !== $expected) {
        $failures[] = "$where: the output differs.\n--- shown:\n$expected--- printed:\n$got";
    }
}

if ($failures) {
    echo implode("\n\n", $failures), "\n";
    echo count($failures), " of ", count($jobs) + count($outputs) + count($lints), " checks failed\n";
    exit(1);
}
echo "ok: ", count($jobs), " C++ blocks compiled as annotated, ", count($lints), " PHP blocks parsed, ",
     count($outputs), " shown output(s) reproduced\n";
