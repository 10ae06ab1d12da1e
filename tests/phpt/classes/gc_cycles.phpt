--TEST--
Classes: PHP values a native object holds are reported to the cycle collector, so a cycle through it is collected
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\Node;
$n = new Node;
$n->setCallback(function ($x) use ($n) { return "visited with $x"; });  // $n -> closure -> $n
var_dump($n->visit(1), Node::live());
unset($n);
var_dump(Node::live());  // the cycle keeps it alive...
var_dump(gc_collect_cycles() > 0, Node::live());  // ...until the collector runs
// A subclass with declared properties: those are still reported.
class Tree extends Node { public $children = []; }
$t = new Tree; $t->children[] = $t;
unset($t);
var_dump(gc_collect_cycles() > 0, Node::live());
?>
--EXPECT--
string(14) "visited with 1"
int(1)
int(1)
bool(true)
int(0)
bool(true)
int(0)
