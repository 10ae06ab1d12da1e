--TEST--
Classes: a native-backed php::Value property (property_untyped) is storage the engine writes through — nested writes, references, compound assignment — as a declared property is; a typed one changes a copy, with the notice __get gives
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Unsettable;
// The userland twins: a declared untyped property, and a typed one behind __get/__set.
class UserUnsettable { public $key = null; public int $count = 0; }
class UserPoint {
    private array $data = ['note' => null];
    public function __get($n) { return $this->data[$n]; }
    public function __set($n, $v) { $this->data[$n] = $v; }
}
set_error_handler(function ($no, $msg) { echo "[", str_replace(['PhpBind\Unsettable', 'UserUnsettable', 'PhpBind\Point', 'UserPoint'], ['U', 'U', 'P', 'P'], $msg), "] "; return true; });
function run(object $o, Closure $f): string {
    ob_start();
    try {
        var_export($f($o));
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage();
    }
    return str_replace("\n", " ", ob_get_clean());
}
$cases = [
    '$o->key[] = 1 (null)' => function ($o) { $o->key[] = 1; $o->key[] = 2; return $o->key; },
    '$o->key["a"]["b"] = 1' => function ($o) { $o->key = ["z" => 0]; $o->key["a"]["b"] = 1; return $o->key; },
    '$x = &$o->key' => function ($o) { $x = &$o->key; $x = "r"; $r = [$o->key]; $o->key = "s"; $r[] = $x; unset($x); $o->key = "t"; return $r; },
    '$o->key = &$y' => function ($o) { $y = 1; $o->key = &$y; $y = 2; return $o->key; },
    '$o->key .= "s"; $o->key++' => function ($o) { $o->key = "a"; $o->key .= "s"; $o->key++; return $o->key; },
    'unset($o->key[0])' => function ($o) { $o->key = [1, 2]; unset($o->key[0]); return $o->key; },
    'foreach ($o->key as &$v)' => function ($o) { $o->key = [1, 2]; foreach ($o->key as &$v) { $v *= 3; } unset($v); return $o->key; },
    'sort($o->key)' => function ($o) { $o->key = [3, 1, 2]; sort($o->key); return $o->key; },
    '$o->key->p = 1' => function ($o) { $o->key = new stdClass; $o->key->p = 1; return $o->key; },
    '$o->count += 2; $o->count++' => function ($o) { $o->count += 2; $o->count++; ++$o->count; return $o->count; },
];
foreach ($cases as $label => $f) {
    $native = run(new Unsettable, $f);
    $user = run(new UserUnsettable, $f);
    echo $label, ": ", $native === $user ? $native : "DIFFERENT\n  native: $native\n  user:   $user", "\n";
}
$typed = [
    '$o->note[] = "x"' => function ($o) { $o->note[] = "x"; return $o->note; },
    '$x = &$o->note' => function ($o) { $x = &$o->note; $x = "x"; return $o->note; },
    '$o->note .= "x"' => function ($o) { $o->note .= "x"; return $o->note; },
];
foreach ($typed as $label => $f) {
    $native = run(new PhpBind\Point(1, 2), $f);
    $user = run(new UserPoint, $f);
    echo $label, ": ", $native === $user ? $native : "DIFFERENT\n  native: $native\n  user:   $user", "\n";
}
// The property table (var_dump, get_object_vars, json_encode) shows the value while a reference
// is bound, as often as it is read (the snapshot once referred to itself at the second read).
$u = new Unsettable;
$u->key = [1];
$bound = &$u->key;
var_dump($u->key === $bound, get_object_vars($u)['key'], get_object_vars($u)['key'], json_encode($u));
$bound[] = 2;
var_dump(get_object_vars($u)['key']);
unset($bound);
// The same through a PHP subclass and a variable name; a reference kept outlives the object.
class Sub extends Unsettable {}
$s = new Sub;
$name = "key";
$s->$name[] = 5;
$k = &$s->key;
unset($s);
$k[] = 6;
var_dump($k);
?>
--EXPECT--
$o->key[] = 1 (null): array (   0 => 1,   1 => 2, )
$o->key["a"]["b"] = 1: array (   'z' => 0,   'a' =>    array (     'b' => 1,   ), )
$x = &$o->key: array (   0 => 'r',   1 => 's', )
$o->key = &$y: 2
$o->key .= "s"; $o->key++: 'at'
unset($o->key[0]): array (   1 => 2, )
foreach ($o->key as &$v): array (   0 => 3,   1 => 6, )
sort($o->key): array (   0 => 1,   1 => 2,   2 => 3, )
$o->key->p = 1: (object) array(    'p' => 1, )
$o->count += 2; $o->count++: 4
$o->note[] = "x": [Indirect modification of overloaded property P::$note has no effect] NULL
$x = &$o->note: [Indirect modification of overloaded property P::$note has no effect] NULL
$o->note .= "x": 'x'
bool(true)
array(1) {
  [0]=>
  int(1)
}
array(1) {
  [0]=>
  int(1)
}
string(38) "{"key":[1],"count":0,"note":"","id":7}"
array(2) {
  [0]=>
  int(1)
  [1]=>
  int(2)
}
array(2) {
  [0]=>
  int(5)
  [1]=>
  int(6)
}
