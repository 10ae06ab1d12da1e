<?php
// Ds\Vector and Ds\Deque: iteration, modification during iteration, references and nested structures
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $v = new $Seq(["a", "b", "c"]);
    foreach ($v as $k => $x) { echo "$k=$x "; } echo "\n";
    foreach ($v as $k => $x) { echo "$k=$x "; if ($k == 0) $v->push("d"); } echo "\n";
    foreach ($v as $k => $x) { echo "$k=$x "; if ($k == 0) { $v->pop(); $v->pop(); } } echo "\n";
    foreach ($v as $x) { foreach ($v as $y) echo "$x$y "; } echo "\n";
    var_dump(iterator_to_array($v), iterator_to_array($v->getIterator()));
    $gen = (function () use ($v) { yield from $v; })(); var_dump(iterator_to_array($gen, false));
    $arr = [1, 2]; $w = new $Seq([$arr]); $arr[] = 3; var_dump($w->get(0));
    $nested = new $Seq([new $Seq([1, 2]), new $Seq([3])]); $nested[0]->push(5); var_dump($nested->toArray());
    $self = new $Seq(); $self->push($self); var_dump(count($self[0]));
    $self->clear(); unset($self); gc_collect_cycles();
    $o = new stdClass; $o->v = new $Seq([$o]); unset($o); var_dump(gc_collect_cycles() >= 0);
    $it = (new $Seq([7, 8]))->getIterator(); foreach ($it as $k => $x) echo "$k:$x "; echo "\n";
    echo implode(",", [...new $Seq([1, 2]), ...new $Seq([3])]), "\n";
    [$p, $q] = new $Seq([10, 20]); var_dump($p, $q);
    // An iterator moved on past the end stays there: values added later are not reached.
    $v = new $Seq([1]); $it = new IteratorIterator($v); $it->rewind(); $it->next(); $it->next();
    $v->push(2, 3); $it->next(); var_dump($it->valid(), $it->key(), $it->current());
}
