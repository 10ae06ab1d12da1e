--TEST--
Resident\Heap across requests of one process (the built-in web server): computed once, rebuilt per request, a changed class refused with ClassMismatchException
--EXTENSIONS--
resident
--FILE--
<?php
$port = 20000 + (getmypid() * 11 + 3) % 20000;
$cmd = [PHP_BINARY, '-n'];
foreach (preg_split('/\s+/', trim((string) getenv('PHPBIND_TEST_PHP_ARGS')), -1, PREG_SPLIT_NO_EMPTY) as $a) $cmd[] = $a;
array_push($cmd, '-d', 'extension=' . getenv('PHPBIND_TEST_EXT'), '-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'rsrv'), 'w']], $pipes);
$get = fn(string $q) => @file_get_contents("http://127.0.0.1:$port/?$q");
for ($i = 0; $i < 300 && $get('step=stats') === false; $i++) usleep(100000);
foreach (['step=warm', 'step=warm', 'step=read', 'step=read', 'layout=v2&step=read', 'step=read', 'step=stats',
          'step=drop', 'step=stats'] as $q) {
    echo str_pad($q, 20), trim($get($q)), "\n";
}
proc_terminate($server, 2);
echo "server exit: ", proc_close($server), "\n";
// A debug engine reports leaked request memory on stderr.
if (preg_match_all('/^.*(?:Freeing 0x|memory leaks? detected).*$/m', file_get_contents($log), $m)) echo implode("\n", $m[0]), "\n";
unlink($log);
?>
--EXPECT--
step=warm           500 once
step=warm           500 once
step=read           shared product 42 Product
step=read           shared product 42 Product
layout=v2&step=read Resident\ClassMismatchException: The stored value cannot be used in this request: class Product declares $name as ?string, string was recorded
step=read           shared product 42 Product
step=stats          keys 1 objects 500 retired 0
step=drop           bool(true)
step=stats          keys 0 objects 0 retired 0
server exit: 0
