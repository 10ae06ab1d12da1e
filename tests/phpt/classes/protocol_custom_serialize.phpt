--TEST--
Classes: custom_serializable<&T::save, &T::load>() writes and reads the C: format, sharing back-references with the whole serialize()/unserialize() call; what save or load throws is raised
--EXTENSIONS--
phpbind_test
--INI--
error_reporting=-1
--FILE--
<?php
$t = new PhpBind\Tape([1, "a", [2, 3], null, 1.5]);
echo $s = serialize($t), "\n";
$u = unserialize($s);
var_dump(get_class($u), $u->size(), $u->get(2), $u == $t ? 'equal' : 'not compared');
// Back-references are shared with the whole serialize() call.
$o = new stdClass;
$o->n = 1;
$s = serialize([$o, new PhpBind\Tape([$o, $o]), $o]);
echo $s, "\n";
$r = unserialize($s);
var_dump($r[0] === $r[1]->get(0), $r[1]->get(0) === $r[1]->get(1), $r[2] === $r[0]);
// Nested custom objects, a factory-built class and raw bytes in the payload.
$f = new PhpBind\Framed("lbl", new PhpBind\Tape([new PhpBind\Tape(["in"])]));
echo $s = serialize($f), "\n";
$g = unserialize($s);
var_dump($g->label, $g->value->get(0)->get(0));
// A cycle through the payload: the object refers to itself.
$c = new PhpBind\Tape([]);
$w = new ArrayObject();
$w['tape'] = $c;
$cyc = new PhpBind\Tape([$w]);
$w['self'] = $cyc;
echo $s = serialize($cyc), "\n";
$back = unserialize($s);
var_dump($back->get(0)['self'] === $back);
unset($back, $cyc, $w);
gc_collect_cycles();
// Errors: what save() or load() throws is raised from serialize() / unserialize().
foreach ([fn() => serialize(new PhpBind\Tape(["ok", "unsavable"])),
          fn() => serialize(new PhpBind\Tape([fn() => 1])),
          fn() => unserialize(serialize(new PhpBind\Tape(["unloadable"]))),
          fn() => unserialize('C:12:"PhpBind\Tape":5:{i:1;x}'),
          fn() => unserialize('C:14:"PhpBind\Framed":4:{i:1;}'),
          fn() => unserialize('C:14:"PhpBind\Framed":7:{a|i:1;i}'),
          fn() => unserialize('O:12:"PhpBind\Tape":0:{}'),
          fn() => unserialize('C:12:"PhpBind\Tape":0:{}'),
          function () { $x = unserialize('a:2:{i:0;C:12:"PhpBind\Tape":4:{i:1;}i:1;C:12:"PhpBind\Tape":4:{r:2;}}');
                        return $x[1]->get(0) === $x[0] ? $x[0] : null; },
         ] as $i => $fn) {
    try {
        $x = $fn();
        echo "$i: ", is_object($x) ? get_class($x) . " of " . $x->size() : var_export($x, true), "\n";
    } catch (Throwable $e) {
        echo "$i: ", get_class($e), ": ", $e->getMessage(), "\n";
    }
}
echo "done\n";
?>
--EXPECTF--
C:12:"PhpBind\Tape":42:{i:1;s:1:"a";a:2:{i:0;i:2;i:1;i:3;}N;d:1.5;}
string(12) "PhpBind\Tape"
int(5)
array(2) {
  [0]=>
  int(2)
  [1]=>
  int(3)
}
string(5) "equal"
a:3:{i:0;O:8:"stdClass":1:{s:1:"n";i:1;}i:1;C:12:"PhpBind\Tape":8:{r:2;r:2;}i:2;r:2;}
bool(true)
bool(true)
bool(true)
C:14:"PhpBind\Framed":62:{lbl|C:12:"PhpBind\Tape":33:{C:12:"PhpBind\Tape":9:{s:2:"in";}}}
string(3) "lbl"
string(2) "in"
C:12:"PhpBind\Tape":107:{O:11:"ArrayObject":4:{i:0;i:0;i:1;a:2:{s:4:"tape";C:12:"PhpBind\Tape":0:{}s:4:"self";r:1;}i:2;a:0:{}i:3;N;}}
bool(true)
0: RuntimeException: Tape: cannot save this
1: Exception: Serialization of 'Closure' is not allowed
2: UnexpectedValueException: Tape: refused
3: Error: Tape: malformed data at 'x'
4: UnexpectedValueException: Framed: no label
5: UnexpectedValueException: Framed: bad value

Warning: Erroneous data format for unserializing 'PhpBind\Tape' in %s on line 36

%r(Notice|Warning)%r: unserialize(): Error at offset 23 of 24 bytes in %s on line 36
6: false
7: PhpBind\Tape of 0
8: PhpBind\Tape of 1
done
