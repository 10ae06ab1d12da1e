--TEST--
Functions: a by-reference parameter is read once every argument is coerced (later arguments' error handlers may reassign it), and typed references are never converted (as for a userland function)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// Code run by a later argument's coercion reassigns the referenced variable:
// an error handler (null to a string parameter is deprecated) or a
// __toString. The function reads its by-reference argument once every
// argument is coerced, as a C function reads it in its body after ZPP and as
// a userland function does: it works on the new value, and the old one,
// freed by the assignment, is never read.
function twin_append(?string &$s, string $suffix): void { $s .= $suffix; }
$s = str_repeat("abc", 10);
set_error_handler(function ($no, $msg) use (&$s) {
    echo "handler: $msg\n";
    $s = 12345;
    return true;
});
pb_ref_append($s, null);
var_dump($s);
restore_error_handler();

class Assigns {
    public function __construct(private \Closure $f) {}
    public function __toString(): string { ($this->f)(); return "!"; }
}
foreach (['pb_ref_append', 'twin_append'] as $f) {
    echo "$f:\n";
    $s = str_repeat("abc", 10);
    $f($s, new Assigns(function () use (&$s) { $s = 12345; }));
    var_dump($s);
    // The same through an array slot the __toString assigns, and through one
    // whose array it replaces (the result goes to the slot's reference, which
    // no variable holds any more).
    $a = [str_repeat("q", 20)];
    $f($a[0], new Assigns(function () use (&$a) { $a[0] = str_repeat("y", 20); }));
    var_dump($a);
    $f($a[0], new Assigns(function () use (&$a) { $a = null; }));
    var_dump($a);
}

// A typed property by reference is never converted, as for a userland
// function with the same signature: its value must have the parameter's type
// exactly (TypeError otherwise, the property untouched), and the result is
// assigned with the property's checks.
function by_ref_case(string $f, object $o, string $prop, string $suffix): string {
    try {
        $f($o->$prop, $suffix);
        $r = "ok";
    } catch (TypeError $e) {
        $r = preg_replace(['/^\w+\(\)/', '/, called in .*$/'], ['f()', ''], $e->getMessage());
    }
    return $r . " -> " . var_export($o->$prop, true);
}
$make = fn() => new class { public int $x = 42; public float $f = 1.5; public ?int $n = 7; public ?int $z = null;
                             public string $s = "s"; public ?string $q = null; public int|string $u = 3; };
// PHP 8.2's JIT (the function JIT, and the tracing JIT once the code is hot)
// converts the int an int|string typed reference holds for a ?string &$s
// parameter, where the interpreter refuses it (TypeError), as a debug engine
// checks internal functions. phpbind follows the interpreter: under the JIT
// the twin is no reference for that case (found by make test-matrix).
$st = function_exists('opcache_get_status') ? opcache_get_status(false) : false;
$jit = is_array($st) && !empty($st['jit']['on']);
foreach (['x', 'f', 'n', 'z', 's', 'q', 'u'] as $prop) {
    foreach (["", "!", "25"] as $suffix) {
        $a = by_ref_case('pb_ref_append', $make(), $prop, $suffix);
        $b = by_ref_case('twin_append', $make(), $prop, $suffix);
        echo "$prop + '$suffix': ", $a === $b || ($jit && $prop === 'u') ? $a : "phpbind: $a | php: $b", "\n";
    }
}

// A later argument refused: the copy read for the reference is released,
// the variable untouched.
$t = str_repeat("t", 12);
try { pb_ref_append($t, []); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
var_dump($t);

// A plain variable holding an int is a variable, not a typed reference: it
// takes the string.
$i = 5;
pb_ref_append($i, "0");
var_dump($i);
?>
--EXPECTF--
handler: pb_ref_append(): Passing null to parameter #2 ($suffix) of type string is deprecated
string(5) "12345"
pb_ref_append:
string(6) "12345!"
array(1) {
  [0]=>
  string(21) "yyyyyyyyyyyyyyyyyyyy!"
}
NULL
twin_append:
string(6) "12345!"
array(1) {
  [0]=>
  string(21) "yyyyyyyyyyyyyyyyyyyy!"
}
NULL
x + '': f(): Argument #1 ($s) must be of type ?string, int given -> 42
x + '!': f(): Argument #1 ($s) must be of type ?string, int given -> 42
x + '25': f(): Argument #1 ($s) must be of type ?string, int given -> 42
f + '': f(): Argument #1 ($s) must be of type ?string, float given -> 1.5
f + '!': f(): Argument #1 ($s) must be of type ?string, float given -> 1.5
f + '25': f(): Argument #1 ($s) must be of type ?string, float given -> 1.5
n + '': f(): Argument #1 ($s) must be of type ?string, int given -> 7
n + '!': f(): Argument #1 ($s) must be of type ?string, int given -> 7
n + '25': f(): Argument #1 ($s) must be of type ?string, int given -> 7
z + '': Cannot assign string to reference held by property class@anonymous::$z of type ?int -> NULL
z + '!': Cannot assign string to reference held by property class@anonymous::$z of type ?int -> NULL
z + '25': ok -> 25
s + '': ok -> 's'
s + '!': ok -> 's!'
s + '25': ok -> 's25'
q + '': ok -> ''
q + '!': ok -> '!'
q + '25': ok -> '25'
u + '': f(): Argument #1 ($s) must be of type ?string, int given -> 3
u + '!': f(): Argument #1 ($s) must be of type ?string, int given -> 3
u + '25': f(): Argument #1 ($s) must be of type ?string, int given -> 3
pb_ref_append(): Argument #2 ($suffix) must be of type string, array given
string(12) "tttttttttttt"
string(2) "50"
