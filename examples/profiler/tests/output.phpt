--TEST--
Profiler: at the end of each request the top rows go to profiler.output, also after an uncaught exception and a fatal error (the engine ends the calls still open), and nothing is observed with profiler.enabled off
--EXTENSIONS--
profiler
--FILE--
<?php
$out = tempnam(sys_get_temp_dir(), 'prof');
$script = tempnam(sys_get_temp_dir(), 'profs') . '.php';
function run(string $code, string $out, string $script, bool $on = true): void {
    file_put_contents($script, "<?php\n$code");
    file_put_contents($out, '');
    $args = preg_split('/\s+/', trim((string) getenv('PHPBIND_TEST_PHP_ARGS')), -1, PREG_SPLIT_NO_EMPTY);
    $cmd = [PHP_BINARY, '-n', ...$args, '-d', 'extension=' . getenv('PHPBIND_TEST_EXT'), '-d', 'profiler.enabled=' . ($on ? 1 : 0),
            '-d', 'profiler.top=50', '-d', "profiler.output=$out", '-d', 'display_errors=1', '-d', 'log_errors=0', $script];
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $stdout = stream_get_contents($pipes[1]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $first = trim(strtok(trim($stdout), "\n"));  // the error's first line
    echo "exit ", proc_close($p), "; ", $first !== '' ? preg_replace('/ in \S+( on line \d+)?$/', '', $first) . "; " : "";
    // The rows of the script's own functions, by name (their order by time is the machine's).
    $lines = array_values(array_filter(explode("\n", file_get_contents($out))));
    echo $lines ? "header: " . preg_replace('/\s+/', ' ', $lines[0]) . "\n" : "no report\n";
    $rows = preg_grep('/^(\{file\}|outer|work|boom|dies|trigger_error) /', $lines);
    sort($rows);
    foreach ($rows as $l) echo "  ", preg_replace('/\s+[\d.]+\s+[\d.]+$/', ' T T', preg_replace('/\s+/', ' ', $l)), "\n";
}
$work = 'function work($n) { $s = 0; for ($i = 0; $i < $n; $i++) $s += strlen(str_repeat("x", 100)); return $s; }
function outer() { return work(20000) + work(10); }';
run("$work outer(); outer();", $out, $script);
run("$work function boom() { outer(); throw new LogicException('late'); } boom();", $out, $script);
// A user fatal error (E_DEPRECATED masked: PHP 8.4 deprecates E_USER_ERROR with a warning first).
run("$work function dies() { error_reporting(E_ALL & ~E_DEPRECATED); trigger_error('dying', E_USER_ERROR); } dies();", $out, $script);
run("$work outer();", $out, $script, false);
unlink($out);
unlink($script);
?>
--EXPECTF--
exit 0; header: function calls inclusive ms self ms
  outer 2 T T
  work 4 T T
  {file} %s 1 T T
exit 255; Fatal error: Uncaught LogicException: late; header: function calls inclusive ms self ms
  boom 1 T T
  outer 1 T T
  work 2 T T
  {file} %s 1 T T
exit 255; Fatal error: dying; header: function calls inclusive ms self ms
  dies 1 T T
  trigger_error 1 T T
  {file} %s 1 T T
exit 0; no report
