--TEST--
INI: values from php.ini / -d reach C++ at startup; a refused one warns and the default stays
--EXTENSIONS--
phpbind_test
--INI--
phpbind_test.level=8
phpbind_test.enabled=Off
phpbind_test.ratio=0.125
phpbind_test.greeting="from the command line"
phpbind_test.limit=4M
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
foreach (['level', 'enabled', 'ratio', 'greeting', 'limit'] as $k) {
    echo str_pad($k, 9), ' ini_get=', var_export(ini_get("phpbind_test.$k"), true),
         ' C++=', var_export(pb_ini_value($k), true), "\n";
}
var_dump(pb_ini_level_at_startup());
// ini_restore() returns to the configured value, not to the built-in default.
ini_set('phpbind_test.level', '1');
ini_restore('phpbind_test.level');
var_dump(pb_ini_value('level'));

// A refused value on the command line: PHP warns at startup and keeps the default.
$cmd = pb_php('-d', 'display_startup_errors=1',
        '-d', 'phpbind_test.level=42', '-d', 'phpbind_test.mode=turbo',
        '-r', 'var_dump(ini_get("phpbind_test.level"), pb_ini_value("level"), pb_ini_value("mode"));');
$p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
echo stream_get_contents($pipes[1]);
pb_check_child_stderr(stream_get_contents($pipes[2]));
fclose($pipes[1]); fclose($pipes[2]);
echo "exit status: ", proc_close($p), "\n";
?>
--EXPECT--
level     ini_get='8' C++=8
enabled   ini_get='' C++=false
ratio     ini_get='0.125' C++=0.125
greeting  ini_get='from the command line' C++='from the command line'
limit     ini_get='4M' C++=4194304
int(8)
int(8)

Warning: Invalid "phpbind_test.level" setting "42": must be between 0 and 9 in Unknown on line 0

Warning: Invalid "phpbind_test.mode" setting "turbo": must be fast or safe in Unknown on line 0
string(1) "3"
int(3)
string(4) "fast"
exit status: 0
