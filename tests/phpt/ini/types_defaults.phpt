--TEST--
INI: every type's default is what ini_get() shows and what C++ reads, typed
--EXTENSIONS--
phpbind_test
--FILE--
<?php
foreach (['level', 'limit', 'enabled', 'ratio', 'greeting', 'mode', 'path', 'perdir', 'system_only'] as $k) {
    echo str_pad($k, 12), ' ini_get=', var_export(ini_get("phpbind_test.$k"), true),
         ' C++=', var_export(pb_ini_value($k), true), "\n";
}
// The engine knows the entries and whom they belong to.
$entries = (new ReflectionExtension('phpbind_test'))->getINIEntries();
ksort($entries);
var_dump($entries);
// Startup callbacks run after the entries are registered: they see the value.
var_dump(pb_ini_level_at_startup());
?>
--EXPECT--
level        ini_get='3' C++=3
limit        ini_get='1048576' C++=1048576
enabled      ini_get='1' C++=true
ratio        ini_get='0.5' C++=0.5
greeting     ini_get='hello' C++='hello'
mode         ini_get='fast' C++='fast'
path         ini_get='/tmp' C++='/tmp'
perdir       ini_get='10' C++=10
system_only  ini_get='fixed' C++='fixed'
array(10) {
  ["phpbind_test.edge_checked"]=>
  string(1) "a"
  ["phpbind_test.enabled"]=>
  string(1) "1"
  ["phpbind_test.greeting"]=>
  string(5) "hello"
  ["phpbind_test.level"]=>
  string(1) "3"
  ["phpbind_test.limit"]=>
  string(7) "1048576"
  ["phpbind_test.mode"]=>
  string(4) "fast"
  ["phpbind_test.path"]=>
  string(4) "/tmp"
  ["phpbind_test.perdir"]=>
  string(2) "10"
  ["phpbind_test.ratio"]=>
  string(3) "0.5"
  ["phpbind_test.system_only"]=>
  string(5) "fixed"
}
int(3)
