--TEST--
INI: php --ri and phpinfo() list the module's entries with their local and master values
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$cmd = pb_php('-d', 'phpbind_test.level=6',
        '--ri', 'phpbind_test');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
$out = stream_get_contents($pipes[1]);
fclose($pipes[1]);
proc_close($p);
echo substr($out, strpos($out, 'Directive')), "\n";

// In a request, the local value follows ini_set(); the master value does not.
ini_set('phpbind_test.greeting', 'changed');
ini_set('phpbind_test.enabled', '0');
ob_start();
(new ReflectionExtension('phpbind_test'))->info();
$info = ob_get_clean();
foreach (explode("\n", $info) as $line) {
    if (preg_match('/^phpbind_test\.(greeting|enabled) /', $line)) echo $line, "\n";
}
?>
--EXPECT--
Directive => Local Value => Master Value
phpbind_test.level => 6 => 6
phpbind_test.limit => 1048576 => 1048576
phpbind_test.enabled => On => On
phpbind_test.ratio => 0.5 => 0.5
phpbind_test.greeting => hello => hello
phpbind_test.mode => fast => fast
phpbind_test.path => /tmp => /tmp
phpbind_test.perdir => 10 => 10
phpbind_test.system_only => fixed => fixed
phpbind_test.edge_checked => a => a

phpbind_test.enabled => Off => On
phpbind_test.greeting => changed => hello
