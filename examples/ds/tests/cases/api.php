<?php
// The interfaces and classes as Reflection shows them, and the module's dependencies
foreach (['Ds\Hashable', 'Ds\Collection', 'Ds\Sequence', 'Ds\Vector', 'Ds\Deque', 'Ds\Stack', 'Ds\Queue'] as $c) {
    echo new ReflectionClass($c);
    var_dump(class_implements($c), (new ReflectionClass($c))->isIterable());
}
var_dump(Ds\Vector::MIN_CAPACITY, Ds\Deque::MIN_CAPACITY, Ds\Queue::MIN_CAPACITY, defined('Ds\Stack::MIN_CAPACITY'));
var_dump((new ReflectionExtension('ds'))->getDependencies(), phpversion('ds'));
