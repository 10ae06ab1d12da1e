--TEST--
PHP 8.4: a PHP subclass of a bound class declares hooked properties (virtual and backed) and asymmetric visibility; they work beside native-backed properties in reads, writes, foreach, var_dump, clone, comparison and get_object_vars
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

foreach ($p as $k => $v) echo $k, "=", is_array($v) ? "[" . implode(",", $v) . "]" : var_export($v, true), " ";
echo "\n";
var_dump(array_keys(get_object_vars($p)));
$q = clone $p;
var_dump($q == $p, $q->shout, $q->doubled, $q->owner);
$q->doubled = 1;
var_dump($q == $p, $p->doubled);
$r = new ReflectionProperty(Labelled::class, 'shout');
var_dump($r->isVirtual(), (new ReflectionProperty(Labelled::class, 'owner'))->isPrivateSet());
echo "done\n";
?>
--EXPECT--
