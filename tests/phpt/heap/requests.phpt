--TEST--
Heap: many requests in one process (the built-in web server) — a graph stored in one request is verified and rebuilt in each later one, mutations stay in their request, a changed class is detected, removed values are freed once no request can see them
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$port = 20000 + (getmypid() * 7 + 29) % 20000;
$cmd = pb_php('-S', "127.0.0.1:$port", __DIR__ . '/requests_router.inc');
$server = proc_open($cmd, [1 => ['file', '/dev/null', 'w'], 2 => ['file', $log = tempnam(sys_get_temp_dir(), 'pbsrv'), 'w']], $pipes);
$get = function (string $query) use ($port) {
    return @file_get_contents("http://127.0.0.1:$port/?$query");
};
for ($i = 0; $i < 300 && $get('step=stats') === false; $i++) usleep(100000);  // wait until it listens
foreach ([
    'step=put', 'step=read', 'step=mutate', 'step=read', 'layout=autoload-a&step=read',
    'layout=swapped&step=read', 'layout=reordered&step=read', 'layout=longer&step=read',
    'layout=private&step=read', 'layout=none&step=read', 'layout=autoload-throw&step=read',
    'layout=autoload-exit&step=read', 'step=read', 'step=color', 'enum=red&step=color',
    'step=stats',
] as $query) {
    echo str_pad($query, 28), ' ', $get($query), "\n";
}
$bad = 0;
for ($n = 1; $n <= 300; $n++) {
    if (($r = $get("step=churn&n=$n")) !== 'ok') { $bad++; echo "churn $n: $r\n"; }
}
echo "churn: ", 300 - $bad, " ok\n";
echo $get('step=stats'), "\n";
echo $get('step=remove&key=items'), ' ', $get('step=remove&key=items'), "\n";
echo $get('step=stats'), "\n";
proc_terminate($server, 2);  // SIGINT: the server shuts down cleanly
echo "server exit: ", proc_close($server), "\n";
pb_check_child_stderr(file_get_contents($log));  // the server logs each request there
unlink($log);
?>
--EXPECT--
step=put                     stored color,config,items
step=read                    first second identity 1 xy 1000
step=mutate                  mutated 3 2
step=read                    first second identity 1 xy 1000
layout=autoload-a&step=read  first second identity 1 xy 1000
layout=swapped&step=read     Error: The stored value cannot be used in this request: class Item declares $id as string, int was recorded
layout=reordered&step=read   Error: The stored value cannot be used in this request: class Item has $name where $id was recorded
layout=longer&step=read      Error: The stored value cannot be used in this request: class Item has 5 declared properties, 4 were recorded
layout=private&step=read     Error: The stored value cannot be used in this request: class Item has private $id where $id was recorded
layout=none&step=read        Error: The stored value cannot be used in this request: class Item does not exist
layout=autoload-throw&step=read autoloading Item; RuntimeException: no class Item here
layout=autoload-exit&step=read autoloading Item; exit in the autoloader
step=read                    first second identity 1 xy 1000
step=color                   Color::Blue
enum=red&step=color          Error: The stored value cannot be used in this request: class Color has no case Blue
step=stats                   keys 3 objects 3 retired 0
churn: 300 ok
keys 6 objects 4 retired 0
removed absent
keys 5 objects 2 retired 0
server exit: 0
