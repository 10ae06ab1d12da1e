--TEST--
PHP 8.4: a PHP subclass of a bound class declares hooked properties (virtual and backed) and asymmetric visibility; they work beside native-backed properties in reads, writes, get_object_vars, json_encode, foreach, clone, comparison and Reflection
--EXTENSIONS--
phpbind_test
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die("skip property hooks and asymmetric visibility are PHP 8.4's");
--FILE--
<?php
class Labelled extends PhpBind\Point {
    // Virtual: no slot of its own, reads and writes a native-backed property.
    public string $shout {
        get => strtoupper($this->label);
        set(string $v) { $this->label = strtolower($v); }
    }
    // Backed: a slot the set hook writes.
    public int $doubled = 0 {
        set(int $v) { $this->doubled = $v * 2; }
    }
    public private(set) string $owner = 'nobody';
    public protected(set) array $log = [];
    public function claim(string $who): void { $this->owner = $who; $this->log[] = "claimed by $who"; }
}

$p = new Labelled(3.0, 4.0);
echo $p->shout, "\n";
$p->shout = "RENAMED";
echo $p->label, " ", $p->shout, "\n";
$p->doubled = 21;
echo $p->doubled, "\n";
$p->claim("alice");
echo $p->owner, " ", implode(",", $p->log), "\n";
try { $p->owner = "mallory"; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
try { $p->log[] = "forged"; } catch (Error $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
// A native-backed property's own checks still apply under a hook.
try { $p->shout = ""; } catch (ValueError $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
echo $p->length, "\n";

// get_object_vars() (and json_encode(), var_export(), (array)) show the native-backed
// properties too: the engine builds such a class's table from the slots, refreshed first.
var_dump(array_keys(get_object_vars($p)));
echo json_encode($p), "\n";
// foreach uses the engine's hooked-property iterator, which reads the slots as they stand:
// as of the last refresh above (docs/classes.md).
foreach ($p as $k => $v) echo $k, "=", is_array($v) ? "[" . implode(",", $v) . "]" : var_export($v, true), " ";
echo "\n";
$q = clone $p;
var_dump($q == $p, $q->shout, $q->doubled, $q->owner);
$q->doubled = 1;
var_dump($q == $p, $p->doubled);
$r = new ReflectionProperty(Labelled::class, 'shout');
var_dump($r->isVirtual(), (new ReflectionProperty(Labelled::class, 'owner'))->isPrivateSet());
echo "done\n";
?>
--EXPECT--
P
renamed RENAMED
42
alice claimed by alice
Error: Cannot modify private(set) property Labelled::$owner from global scope
Error: Cannot indirectly modify protected(set) property Labelled::$log from global scope
ValueError: Point::$label must not be empty
5
array(13) {
  [0]=>
  string(1) "x"
  [1]=>
  string(1) "y"
  [2]=>
  string(2) "id"
  [3]=>
  string(5) "small"
  [4]=>
  string(6) "length"
  [5]=>
  string(5) "label"
  [6]=>
  string(4) "note"
  [7]=>
  string(4) "hits"
  [8]=>
  string(7) "comment"
  [9]=>
  string(5) "shout"
  [10]=>
  string(7) "doubled"
  [11]=>
  string(5) "owner"
  [12]=>
  string(3) "log"
}
{"x":3,"y":4,"id":1,"small":0,"length":5,"label":"renamed","note":null,"hits":0,"comment":null,"shout":"RENAMED","doubled":42,"owner":"alice","log":["claimed by alice"]}
x=3.0 y=4.0 id=1 small=0 length=5.0 label='renamed' note=NULL hits=0 comment=NULL shout='RENAMED' doubled=42 owner='alice' log=[claimed by alice] 
bool(true)
string(7) "RENAMED"
int(42)
string(5) "alice"
bool(false)
int(42)
bool(true)
bool(true)
done
