--TEST--
Edges: exit() in PHP code called from an INI validator, a request-end callback, a bound class's destructor or a C++ catch (...) ends the script with its status; nothing after it runs
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
// Each child starts with pb_user_fatal() (line 2), a user-level fatal error:
// E_USER_ERROR with E_DEPRECATED masked, which PHP 8.4 reports for it.
$prelude = "<?php
function pb_user_fatal(string \$msg): void { \$r = error_reporting(error_reporting() & ~E_DEPRECATED); trigger_error(\$msg, E_USER_ERROR); error_reporting(\$r); }
";
$cases = [
    'ini validator' => 'function pb_edge_ini_check($v) { exit(3); }
        var_dump(ini_set("phpbind_test.edge_checked", "b"));',
    'ini validator fatal' => 'function pb_edge_ini_check($v) { pb_user_fatal("boom in the check"); }
        var_dump(ini_set("phpbind_test.edge_checked", "b"));',
    'ini validator exception' => 'function pb_edge_ini_check($v) { throw new RuntimeException("no"); }
        try { var_dump(ini_set("phpbind_test.edge_checked", "b")); } catch (RuntimeException $e) { echo "caught ", $e->getMessage(), "\n"; }
        echo ini_get("phpbind_test.edge_checked"), "\n";',
    'destructor' => 'function pb_edge_dtor_hook() { exit(4); }
        $s = new PhpBind\Edge\Swallower; unset($s);',
    'destructor fatal' => 'function pb_edge_dtor_hook() { pb_user_fatal("boom in the destructor"); }
        $s = new PhpBind\Edge\Swallower; unset($s);',
    'catch (...)' => 'echo pb_edge_swallow(function () { exit(5); }), "\n";',
    'request end' => 'function pb_edge_at_end() { echo "at end\n"; exit(6); }',
];
foreach ($cases as $name => $code) {
    echo "-- $name\n";
    pb_run_child("$prelude$code\necho \"end of script\\n\";\n");
}
?>
--EXPECTF--
-- ini validator
exit status: 3
-- ini validator fatal

Fatal error: boom in the check in CHILD on line 2
exit status: 255
-- ini validator exception
caught no
a
end of script
exit status: 0
-- destructor
exit status: 4
-- destructor fatal

Fatal error: boom in the destructor in CHILD on line 2
exit status: 255
-- catch (...)
exit status: 5
-- request end
end of script
at end
exit status: 6
