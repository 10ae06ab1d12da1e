--TEST--
Module: depends_on() and starts_after() declare the engine's module dependencies (start order, refusal without a required one, Reflection)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
$second = getenv('PHPBIND_SECOND_EXT');
function child(array $cmd): void {
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes);
    echo trim(stream_get_contents($pipes[1])), "\n";
    fclose($pipes[1]);
    echo "exit status: ", proc_close($p), "\n";
}
$code = 'var_dump((new ReflectionExtension("phpbind_second"))->getDependencies(), extension_loaded("phpbind_second"));';
// Named first on the command line, phpbind_second still starts after phpbind_test.
$cmd = pb_php('-r', $code);
$ext = array_search('extension=' . getenv('PHPBIND_TEST_EXT'), $cmd);
array_splice($cmd, $ext, 0, ['extension=' . $second, '-d']);
child($cmd);
// Without phpbind_test the engine refuses to start it, and says why.
$cmd = [PHP_BINARY, '-n', '-d', 'extension=' . $second, '-r', 'var_dump(extension_loaded("phpbind_second"));'];
child($cmd);
// An extension declaring none lists none.
var_dump((new ReflectionExtension('phpbind_test'))->getDependencies());
?>
--EXPECTF--
array(2) {
  ["phpbind_test"]=>
  string(8) "Required"
  ["json"]=>
  string(8) "Optional"
}
bool(true)
exit status: 0
%ACannot load module "phpbind_second" because required module "phpbind_test" is not loaded%A
bool(false)
exit status: 0
array(0) {
}
