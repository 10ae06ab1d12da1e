--TEST--
INI: PHP_INI_PERDIR and PHP_INI_SYSTEM entries refuse ini_set() and ini_restore() at run time, silently as PHP does
--EXTENSIONS--
phpbind_test
--INI--
phpbind_test.perdir=20
phpbind_test.system_only=from ini
--FILE--
<?php
var_dump(ini_set('phpbind_test.perdir', '5'), ini_get('phpbind_test.perdir'), pb_ini_value('perdir'));
var_dump(ini_set('phpbind_test.system_only', 'x'), ini_get('phpbind_test.system_only'), pb_ini_value('system_only'));
ini_restore('phpbind_test.perdir');
ini_restore('phpbind_test.system_only');
var_dump(pb_ini_value('perdir'), pb_ini_value('system_only'));
// The engine reports each entry's flags (INI_USER=1, INI_PERDIR=2, INI_SYSTEM=4, INI_ALL=7).
$all = ini_get_all('phpbind_test');
foreach (['level', 'perdir', 'system_only'] as $k) echo "$k access=", $all["phpbind_test.$k"]['access'], "\n";
?>
--EXPECT--
bool(false)
string(2) "20"
int(20)
bool(false)
string(8) "from ini"
string(8) "from ini"
int(20)
string(8) "from ini"
level access=7
perdir access=2
system_only access=4
