--TEST--
INI: a refused value leaves the entry as it was: ini_set() returns false with a warning saying why
--EXTENSIONS--
phpbind_test
--FILE--
<?php
function try_set(string $k, $v) {
    $r = ini_set("phpbind_test.$k", $v);
    echo "ini_set($k, ", var_export($v, true), ') = ', var_export($r, true),
         ' / ini_get=', var_export(ini_get("phpbind_test.$k"), true),
         ' C++=', var_export(pb_ini_value($k), true), "\n";
}
ini_set('phpbind_test.level', '5');
try_set('level', '10');          // range(0, 9)
try_set('level', '-1');
try_set('level', 'abc');         // not an integer at all
try_set('level', '5 apples');    // trailing garbage
try_set('level', '4');           // still settable afterwards
try_set('limit', '99999999999999999999');  // overflow
try_set('limit', '1T');          // unknown multiplier
try_set('limit', '0');           // two validators: the first refuses
try_set('limit', '2048G');       // ... the second refuses
try_set('enabled', 'maybe');
try_set('ratio', '1.5');         // range(0.0, 1.0)
try_set('ratio', 'half');
try_set('mode', 'reckless');     // predicate with a reason
try_set('path', 'relative/dir'); // a validator that throws: its message is the reason
try_set('path', '/var/lib');
// A refused first change does not disturb the restore at request end or by ini_restore().
ini_restore('phpbind_test.level');
var_dump(pb_ini_value('level'));
// Unknown entries stay the engine's business.
var_dump(ini_set('phpbind_test.nope', '1'));
?>
--EXPECTF--
Warning: Invalid "phpbind_test.level" setting "10": must be between 0 and 9 in %s on line %d
ini_set(level, '10') = false / ini_get='5' C++=5

Warning: Invalid "phpbind_test.level" setting "-1": must be between 0 and 9 in %s on line %d
ini_set(level, '-1') = false / ini_get='5' C++=5

Warning: Invalid "phpbind_test.level" setting "abc": not an integer in range (digits with an optional K, M or G multiplier) in %s on line %d
ini_set(level, 'abc') = false / ini_get='5' C++=5

Warning: Invalid "phpbind_test.level" setting "5 apples": not an integer in range (digits with an optional K, M or G multiplier) in %s on line %d
ini_set(level, '5 apples') = false / ini_get='5' C++=5
ini_set(level, '4') = '5' / ini_get='4' C++=4

Warning: Invalid "phpbind_test.limit" setting "99999999999999999999": not an integer in range (digits with an optional K, M or G multiplier) in %s on line %d
ini_set(limit, '99999999999999999999') = false / ini_get='1048576' C++=1048576

Warning: Invalid "phpbind_test.limit" setting "1T": not an integer in range (digits with an optional K, M or G multiplier) in %s on line %d
ini_set(limit, '1T') = false / ini_get='1048576' C++=1048576

Warning: Invalid "phpbind_test.limit" setting "0": must not be 0 in %s on line %d
ini_set(limit, '0') = false / ini_get='1048576' C++=1048576

Warning: Invalid "phpbind_test.limit" setting "2048G": must be between -1099511627776 and 1099511627776 in %s on line %d
ini_set(limit, '2048G') = false / ini_get='1048576' C++=1048576

Warning: Invalid "phpbind_test.enabled" setting "maybe": not a boolean (on, off, yes, no, true, false, 1 or 0) in %s on line %d
ini_set(enabled, 'maybe') = false / ini_get='1' C++=true

Warning: Invalid "phpbind_test.ratio" setting "1.5": must be between 0 and 1 in %s on line %d
ini_set(ratio, '1.5') = false / ini_get='0.5' C++=0.5

Warning: Invalid "phpbind_test.ratio" setting "half": not a number in %s on line %d
ini_set(ratio, 'half') = false / ini_get='0.5' C++=0.5

Warning: Invalid "phpbind_test.mode" setting "reckless": must be fast or safe in %s on line %d
ini_set(mode, 'reckless') = false / ini_get='fast' C++='fast'

Warning: Invalid "phpbind_test.path" setting "relative/dir": must be an absolute path in %s on line %d
ini_set(path, 'relative/dir') = false / ini_get='/tmp' C++='/tmp'
ini_set(path, '/var/lib') = '/tmp' / ini_get='/var/lib' C++='/var/lib'
int(3)
bool(false)
