<?php
// examples/ds/tests/make-phpt.php — the differential suite: one .phpt per case
// script, whose expected output is what the script prints under Debian's
// native ext-ds. The .phpt files then run under ds_phpbind (every mode of the
// suite), so a test passes when the port prints exactly what the original does.
//
//   php make-phpt.php <native ds.so> <tests dir> <output dir>
//
// <tests dir>/cases/*.php are the case scripts; <tests dir>/*.phpt, tests
// written by hand (where ext-ds is wrong and the port is not), are copied
// along. A case script runs in its own process with one of the two extensions loaded,
// never both. Object handles (#12) are compared too: the port makes the same
// objects in the same order.
//
//   php make-phpt.php --expected-from=<dir> <tests dir> <output dir>
//
// takes each case's expected output from the .phpt files an earlier run made in <dir>
// instead: ext-ds loads only into Debian's PHP 8.2, and another engine compares the port
// with what ext-ds printed there; what the engine itself words or numbers differently is
// brought to one form (on_another_engine()).
[$self, $native, $tests, $out] = $argv + [null, null, null, null];

// What another engine words or numbers differently from 8.2, brought to one form on both
// sides: object handles (the engine makes objects of its own in between) are dropped from the
// expected output and from the test's, and the test's output is written in 8.2's words where a
// later engine changed them: unserialize()'s complaint (a warning from 8.3 on) and the
// illegal-offset TypeError. The expected output stays a plain comparison (an EXPECTF regex of
// the larger cases is over run-tests' size limit); the case's code and line numbers are as they
// were (the output filter is set on the first line, before the case's own `<?php`).
function on_another_engine(string $phpt, string $section, string $expected): string {
    $handles = '/((?:object|enum)\([^)]*\))#\d+/';
    $filter = '<?php ob_start(fn($s) => preg_replace(['
            . var_export($handles, true) . ', \'/\bWarning: unserialize\(\)/\', '
            . '\'/Cannot access offset of type [^\s"]+ on [^\s"]+/\', \'/Cannot access offset of type [^\s"]+ (in isset or empty|in unset)/\'], '
            . '[\'$1#\', \'Notice: unserialize()\', \'Illegal offset type\', \'Illegal offset type $1\'], $s)); ?>';
    $phpt = str_replace("\n--FILE--\n", "\n--FILE--\n$filter", $phpt);
    $cut = strrpos($phpt, "\n--$section--\n");
    return substr($phpt, 0, $cut) . "\n--$section--\n" . preg_replace($handles, '$1#', $expected);
}
if (!$out) {
    fwrite(STDERR, "usage: php make-phpt.php <native ds.so | --expected-from=<dir>> <tests dir> <output dir>\n");
    exit(2);
}
$from = str_starts_with($native, '--expected-from=') ? substr($native, strlen('--expected-from=')) : null;
if ($from !== null && !is_dir($from)) {
    fwrite(STDERR, "make-phpt: no directory of expected output at $from (make test's build makes it)\n");
    exit(1);
}
if ($from === null && !is_file($native)) {
    fwrite(STDERR, "make-phpt: no native ds at $native (tools/native-ds.sh fetches it; `make deps` runs it)\n");
    exit(1);
}
@mkdir($out, 0777, true);
foreach (glob("$out/*.phpt") as $old) unlink($old);
$settings = ['-d', 'error_reporting=-1', '-d', 'display_errors=1', '-d', 'html_errors=0', '-d', 'precision=14',
             '-d', 'serialize_precision=-1'];
$n = 0;
foreach (glob("$tests/*.phpt") as $own) copy($own, "$out/" . basename($own));
foreach (glob("$tests/cases/*.php") as $case) {
    $code = file_get_contents($case);
    if (!preg_match('/^<\?php\n\/\/ (.+)\n/', $code, $m)) {
        fwrite(STDERR, "make-phpt: $case must start with a comment line saying what it checks\n");
        exit(1);
    }
    $name = basename($case, '.php');
    if ($from !== null) {
        $made = @file_get_contents("$from/$name.phpt");
        if ($made === false || !preg_match('/\n--FILE--\n(.*)\n--(EXPECTF?)--\n(.*)$/s', $made, $parts)) {
            fwrite(STDERR, "make-phpt: no expected output for $name in $from\n");
            exit(1);
        }
        if ($parts[1] !== $code) {
            fwrite(STDERR, "make-phpt: $from/$name.phpt was made from another version of $case: rebuild it on 8.2\n");
            exit(1);
        }
        file_put_contents("$out/$name.phpt", on_another_engine($made, $parts[2], $parts[3]));
        $n++;
        continue;
    }
    // The script as the test will run it: the phpt's file name, so messages naming it agree.
    $script = "$out/$name.php";
    file_put_contents($script, $code);
    $cmd = array_merge([PHP_BINARY, '-n', '-d', "extension=$native"], $settings, [$script]);
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, $out);
    $expected = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    $status = proc_close($p);
    unlink($script);
    if ($status !== 0 && !str_contains($code, '// exits non-zero')) {
        fwrite(STDERR, "make-phpt: $case exits with $status under native ds:\n$expected\n");
        exit(1);
    }
    // Messages name the script: where the test runs it is the harness's choice (EXPECTF). Output
    // that names nothing is compared as it is (EXPECT: run-tests' EXPECTF regex has a size limit).
    $section = 'EXPECT';
    if (str_contains($expected, $script)) {
        $section = 'EXPECTF';
        $expected = str_replace([$script, '%'], ['%s', '%%'], $expected);
        $expected = str_replace('%%s', '%s', $expected);
    }
    $phpt = "--TEST--\nds (differential): {$m[1]}\n--EXTENSIONS--\nds\n--INI--\nerror_reporting=-1\ndisplay_errors=1\n"
          . "html_errors=0\nprecision=14\nserialize_precision=-1\n--FILE--\n$code\n--$section--\n$expected";
    file_put_contents("$out/$name.phpt", rtrim($phpt, "\n") . "\n");
    $n++;
}
echo "make-phpt: $n differential tests from ", $from === null ? "native ds" : "native ds's output in $from", "\n";
