--TEST--
Hooks: an internal function's handler replaced by C++ that can call the original — for the module's lifetime (str_rot13) and for a request (strlen, twice, restored from the top only); calls compiled to opcodes are not affected
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_ZTS) die('skip replacing for a request needs an NTS engine (hooks/zts_refused.phpt)'); ?>
--FILE--
<?php
namespace App;
echo str_rot13("phpbind"), " ", str_rot13("abc"), "\n";
pb_hook_replace("strlen");
echo strlen("magic"), " ", strlen("four"), "\n";          // namespaced: a real call
$f = 'strlen'; echo $f("magic"), "\n";
echo \strlen("magic"), " (compiled to an opcode)\n";
pb_hook_replace("strlen", "", true);
echo strlen("magic2"), " ", strlen("magic"), " ", strlen("xx"), "\n";
try { pb_hook_restore(); } catch (\LogicException $e) { echo $e->getMessage(), "\n"; }
pb_hook_restore(true); pb_hook_restore();
echo strlen("magic"), "\n";
try { pb_hook_replace("nope"); } catch (\LogicException $e) { echo $e->getMessage(), "\n"; }
function mine($s) { return "mine($s)"; }  // (not constant: opcache would inline the call)
pb_hook_replace("App\\mine");  // a user function (hooks/replace_user_function.phpt)
var_dump(mine("magic"));
pb_hook_restore();
pb_hook_replace_before_after("strlen");
echo strlen("magic3"), " ", strlen("abc"), "\n";
pb_hook_restore_before_after();
pb_hook_replace("strlen");
print_r(pb_hook_log());
?>
--EXPECT--
replaced at startup nop
42 4
42
5 (compiled to an opcode)
43 42 2
phpbind: hook on strlen(): another hook was installed on this pointer after it and is still there; remove that one first (a chain is only ever unwound from its most recent holder)
5
phpbind: no function nope() to replace
int(42)
44 3
Array
(
    [0] => replaced:magic
    [1] => replaced:original
    [2] => replaced:magic
    [3] => replaced 2:magic2
    [4] => replaced:magic
    [5] => replaced:original
    [6] => replaced:magic
    [7] => before:magic3
    [8] => before
    [9] => after:int
)
