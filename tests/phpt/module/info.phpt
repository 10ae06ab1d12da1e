--TEST--
Module: name, version, function list and the phpinfo() / php --ri section
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(extension_loaded('phpbind_test'), phpversion('phpbind_test'));
$funcs = get_extension_funcs('phpbind_test');
var_dump(in_array('pb_add', $funcs), in_array('PhpBind\Test\hello', $funcs), count($funcs) > 40);
$r = new ReflectionExtension('phpbind_test');
var_dump($r->getName(), $r->getVersion());
ob_start();
$r->info();
echo preg_replace('/phpbind => [0-9.]+/', 'phpbind => X', ob_get_clean());
?>
--EXPECT--
bool(true)
string(10) "0.1.0-test"
bool(true)
bool(true)
bool(true)
string(12) "phpbind_test"
string(10) "0.1.0-test"

phpbind_test

phpbind_test support => enabled
Version => 0.1.0-test
Built with phpbind => X
Test rows => yes
Requests seen => 1

Directive => Local Value => Master Value
phpbind_test.level => 3 => 3
phpbind_test.limit => 1048576 => 1048576
phpbind_test.enabled => On => On
phpbind_test.ratio => 0.5 => 0.5
phpbind_test.greeting => hello => hello
phpbind_test.mode => fast => fast
phpbind_test.path => /tmp => /tmp
phpbind_test.perdir => 10 => 10
phpbind_test.system_only => fixed => fixed
phpbind_test.edge_checked => a => a
