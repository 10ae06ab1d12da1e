<?php
// Ds\Vector, Ds\Sequence, Ds\Collection and Ds\Hashable as Reflection shows them
foreach (['Ds\Hashable', 'Ds\Collection', 'Ds\Sequence', 'Ds\Vector'] as $c) {
    echo new ReflectionClass($c);
}
var_dump(Ds\Vector::MIN_CAPACITY, class_implements('Ds\Vector'), (new ReflectionClass('Ds\Vector'))->isIterable());
