--TEST--
INI: ini_set() returns the old value and C++ reads the new one; ini_restore() brings the default back
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function show(string $k) {
    echo str_pad($k, 9), ' ini_get=', var_export(ini_get("phpbind_test.$k"), true),
         ' C++=', var_export(pb_ini_value($k), true), "\n";
}
var_dump(ini_set('phpbind_test.level', '7'));
show('level');
var_dump(ini_set('phpbind_test.level', 9));      // ints, floats and bools are passed as their string
show('level');
var_dump(ini_set('phpbind_test.limit', '2K'));   // PHP's integer settings: K, M and G multipliers
show('limit');
ini_set('phpbind_test.limit', '-0x10');
show('limit');
ini_set('phpbind_test.limit', ' 1g ');
show('limit');
foreach (['off', 'Yes', '0', 'TRUE', '', 'none', '2', false, true] as $v) {
    ini_set('phpbind_test.enabled', $v);
    echo 'enabled ', var_export($v, true), ' -> ', var_export(pb_ini_value('enabled'), true), "\n";
}
var_dump(ini_set('phpbind_test.ratio', 0.25));
show('ratio');
ini_set('phpbind_test.ratio', '1e-3');
show('ratio');
var_dump(ini_set('phpbind_test.greeting', 'héllo wörld'));
show('greeting');
ini_set('phpbind_test.mode', 'safe');
show('mode');

ini_restore('phpbind_test.level');
ini_restore('phpbind_test.greeting');
show('level');
show('greeting');
?>
--EXPECT--
string(1) "3"
level     ini_get='7' C++=7
string(1) "7"
level     ini_get='9' C++=9
string(7) "1048576"
limit     ini_get='2K' C++=2048
limit     ini_get='-0x10' C++=-16
limit     ini_get=' 1g ' C++=1073741824
enabled 'off' -> false
enabled 'Yes' -> true
enabled '0' -> false
enabled 'TRUE' -> true
enabled '' -> false
enabled 'none' -> false
enabled '2' -> true
enabled false -> false
enabled true -> true
string(3) "0.5"
ratio     ini_get='0.25' C++=0.25
ratio     ini_get='1e-3' C++=0.001
string(5) "hello"
greeting  ini_get='héllo wörld' C++='héllo wörld'
mode      ini_get='safe' C++='safe'
level     ini_get='3' C++=3
greeting  ini_get='hello' C++='hello'
