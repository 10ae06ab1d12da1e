<?php
// Ds\Vector and Ds\Deque: var_dump, print_r, var_export, json_encode, serialize, unserialize, clone and ==
foreach ([Ds\Vector::class, Ds\Deque::class] as $Seq) {
    echo "== $Seq\n";
    $inner = new $Seq(["x"]);
    $v = new $Seq([1, "a", [2, 3], null, 1.5, false, $inner, $inner]);
    var_dump($v); print_r($v); echo "\n"; var_export($v); echo "\n"; var_export(new $Seq()); echo "\n";
    var_dump((array) $v, get_object_vars($v), json_encode($v), json_encode([new $Seq([1]), new $Seq()]));
    echo $s = serialize($v), "\n";
    echo serialize([new $Seq([new $Seq([1])]), new $Seq()]), "\n";
    $c = clone $v; $c->push("more"); var_dump(count($c), count($v), $c->get(6) === $v->get(6));
    var_dump(new $Seq([1]) == new $Seq([1]), new $Seq([1]) == new $Seq([2]), new $Seq([1]) === new $Seq([1]));
    // A payload that fails last: ext-ds makes the object after reading it, phpbind before (so that
    // a back-reference inside the payload can name the object), so later object handles differ.
    $cls = strlen($Seq) . ':"' . $Seq . '"';
    foreach (["C:$cls:6:{i:1;i:2;}", "C:$cls:8:{i:1;i:2;}", "O:$cls:0:{}",
              "C:$cls:0:{}", "a:2:{i:0;C:$cls:4:{i:1;}i:1;r:2;}", "C:$cls:3:{i:1}"] as $str) {
        try { var_dump(unserialize($str)); } catch (Throwable $e) { echo get_class($e), ": ", $e->getMessage(), "\n"; }
    }
    $v = new $Seq([1]); $v->dyn = 5; print_r($v); var_dump(isset($v->dyn), (array) $v);
    print_r(new $Seq([new $Seq([[]])]));
    $u = unserialize($s);
    print_r($u);
    var_dump($u == $v, $u->get(6) === $u->get(7));
}
