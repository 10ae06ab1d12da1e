--TEST--
Bound exception classes: a binding that cannot work fails the module's startup with a warning that says why
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require_once __DIR__ . '/../child.inc';
function child(array $env, string $code): void {
    $cmd = pb_php('-d', 'display_errors=1',
            '-d', 'display_startup_errors=1', '-r', $code);
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null, $env + getenv());
    $out = trim(stream_get_contents($pipes[1]));
    fclose($pipes[1]);
    $status = proc_close($p);
    echo preg_replace('/\n+/', "\n", $out), "\nexit status: $status\n";
}
foreach (['interface', 'not_throwable', 'final', 'null_getter', 'getter_throws', 'unbound_base', 'same_type', 'same_name', 'unknown_named', 'named_final'] as $case) {
    echo "-- $case\n";
    child(['PHPBIND_TEST_BAD_EXCEPTION_CLASS' => $case], 'var_dump(extension_loaded("phpbind_test"));');
}
// A lifecycle callback that throws a bound type: a warning, as for any C++ exception there.
echo "-- thrown at request shutdown\n";
child(['PHPBIND_TEST_APP_THROW_AT_RSHUTDOWN' => '1'], 'echo "script ran\n";');
?>
--EXPECT--
-- interface
Warning: phpbind_test: exception class App\Bad cannot extend Throwable: it is not a class in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- not_throwable
Warning: phpbind_test: exception class App\Bad cannot extend stdClass: it does not implement Throwable in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- final
Warning: phpbind_test: exception class App\Bad cannot extend final class Closure in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- null_getter
Warning: phpbind_test: exception class App\Bad: the parent getter returned no class in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- getter_throws
Warning: phpbind_test: exception class App\Bad: the parent getter threw in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- unbound_base
Warning: phpbind_test: exception class App\Bad: parent php::base<(anonymous namespace)::Unbound>: that type is not bound with exception<>() before this class in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- same_type
Warning: phpbind_test: exception class App\AppErrorAgain: C++ type (anonymous namespace)::AppError is already bound to App\AppError in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- same_name
Warning: phpbind_test: exception class runtimeexception: a class of that name already exists in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- unknown_named
Warning: phpbind_test: exception class App\Bad: parent class App\NoSuchClass is not declared when this module starts (a class of another extension needs that extension started first: a module dependency) in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- named_final
Warning: phpbind_test: exception class App\Bad cannot extend final class Closure in Unknown on line 0
Fatal error: Unable to start phpbind_test module in Unknown on line 0
exit status: 254
-- thrown at request shutdown
script ran
Warning: phpbind_test: request shutdown failed: at request end in Unknown on line 0
exit status: 0
