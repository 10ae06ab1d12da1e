<?php
// bench/heap.php — one process of the heap benchmark (bench/heap.sh).
//
//   php heap.php <store> <case> <loop|empty> <n>
//
// <store>: resident (Resident\Heap), apcu (apcu_fetch, the default
// serializer), rebuild (the value built again in PHP). <case>: ints10,
// ints10000, ints100000 (a list of that many ints), objects1000 (a graph of
// 1,000 objects, the first fetch of a key in a request), objects1000-again
// (later fetches of that key in the same request). The setup is the same in
// both modes; `loop` then fetches n times, `empty` runs the loop without the
// fetch: the difference is the cost of n fetches.
[, $store, $case, $mode, $n] = $argv;
$n = (int) $n;

final class Node {
    public array $children = [];
    public ?Node $parent = null;
    public function __construct(public int $id = 0, public string $label = '') {}
}

function build(string $case): mixed {
    if (preg_match('/^ints(\d+)$/', $case, $m)) return range(1, (int) $m[1]);
    // A tree of 1,000 nodes: ten levels of fan-out, each child pointing back at its parent.
    $nodes = [$root = new Node(0, 'node 0')];
    for ($i = 1; $i < 1000; $i++) {
        $parent = $nodes[intdiv($i - 1, 3)];
        $nodes[] = $child = new Node($i, "node $i");
        $child->parent = $parent;
        $parent->children[] = $child;
    }
    return $root;
}

$value = build(str_replace('-again', '', $case));
$first = $case === 'objects1000';  // every fetch is the first of its key in this request
$keys = $first ? array_map(fn($i) => "k$i", range(0, $n - 1)) : ['k0'];
foreach ($keys as $k) {
    if ($store === 'resident') Resident\Heap::put($k, $value);
    elseif ($store === 'apcu') apcu_store($k, $value);
}
if ($case === 'objects1000-again' && $store === 'resident') Resident\Heap::get('k0');  // rebuilt once before
unset($value);
gc_collect_cycles();

$sink = null;
if ($mode === 'empty') {
    for ($i = 0; $i < $n; $i++) { $k = $keys[$first ? $i : 0]; }
} elseif ($store === 'resident') {
    for ($i = 0; $i < $n; $i++) { $sink = Resident\Heap::get($keys[$first ? $i : 0]); }
} elseif ($store === 'apcu') {
    for ($i = 0; $i < $n; $i++) { $sink = apcu_fetch($keys[$first ? $i : 0]); }
} else {
    for ($i = 0; $i < $n; $i++) { $sink = build(str_replace('-again', '', $case)); }
}
if ($mode === 'loop' && ($sink === null || $sink === false)) { fwrite(STDERR, "heap.php: $store $case fetched nothing\n"); exit(1); }
