<?php
// Every interface and class as Reflection shows it, and the module's dependencies
foreach (['Ds\Hashable', 'Ds\Collection', 'Ds\Sequence', 'Ds\Vector', 'Ds\Deque', 'Ds\Stack', 'Ds\Queue', 'Ds\Map', 'Ds\Set',
          'Ds\PriorityQueue', 'Ds\Pair'] as $c) {
    echo new ReflectionClass($c);
    var_dump(class_implements($c), (new ReflectionClass($c))->isIterable());
}
var_dump(Ds\Vector::MIN_CAPACITY, Ds\Deque::MIN_CAPACITY, Ds\Queue::MIN_CAPACITY, defined('Ds\Stack::MIN_CAPACITY'),
         Ds\Map::MIN_CAPACITY, Ds\Set::MIN_CAPACITY, Ds\PriorityQueue::MIN_CAPACITY);
echo implode(",", array_map(fn($c) => $c->getName(), (new ReflectionExtension('ds'))->getClasses())), "\n";
var_dump((new ReflectionExtension('ds'))->getDependencies(), phpversion('ds'));
