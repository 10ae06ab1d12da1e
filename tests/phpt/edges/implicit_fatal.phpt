--TEST--
Edges: a fatal error in PHP code that C++ runs implicitly (__destruct on release, __get, autoload, __toString, an array slot's old value) unwinds every C++ frame and ends the script with status 255
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
require __DIR__ . '/../child.inc';
// pb_user_fatal() (line 3 of the child) raises a user-level fatal error:
// E_USER_ERROR with E_DEPRECATED masked, which PHP 8.4 reports for it.
$prelude = <<<'CODE'
<?php
register_shutdown_function(function () { echo "shutdown: guards alive ", pb_edge_guards(), "\n"; });
function pb_user_fatal(string $msg): void { $r = error_reporting(error_reporting() & ~E_DEPRECATED); trigger_error($msg, E_USER_ERROR); error_reporting($r); }
class D { function __destruct() { pb_user_fatal("boom in __destruct"); } }
class G { function __get($n) { pb_user_fatal("boom in __get"); } }
class S { function __toString(): string { pb_user_fatal("boom in __toString"); } }
spl_autoload_register(function ($c) { pb_user_fatal("boom in autoload"); });

CODE;
$cases = [
    'release_last' => 'pb_edge_release_last(new D);',
    'release_assign' => 'pb_edge_release_assign(new D);',
    'read_prop' => 'pb_edge_read_prop(new G, "x");',
    'read_prop_retained' => 'pb_edge_read_prop_retained(new G, "x");',
    'make' => 'pb_edge_make("Missing");',
    'equals' => 'pb_edge_equals(new S, "a");',
    'replace_in_array' => 'pb_edge_replace_in_array(new D);',
    'swallow' => 'pb_edge_swallow(function () { pb_user_fatal("boom in a callable"); });',
];
foreach ($cases as $name => $code) {
    echo "-- $name\n";
    pb_run_child($prelude . "try { $code } catch (Throwable \$e) { echo 'caught ', get_class(\$e), \"\\n\"; }\necho \"not reached\\n\";\n");
}
?>
--EXPECTF--
-- release_last

Fatal error: boom in __destruct in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- release_assign

Fatal error: boom in __destruct in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- read_prop

Fatal error: boom in __get in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- read_prop_retained

Fatal error: boom in __get in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- make

Fatal error: boom in autoload in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- equals

Fatal error: boom in __toString in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- replace_in_array

Fatal error: boom in __destruct in CHILD on line 3
shutdown: guards alive 0
exit status: 255
-- swallow

Fatal error: boom in a callable in CHILD on line 3
shutdown: guards alive 0
exit status: 255
