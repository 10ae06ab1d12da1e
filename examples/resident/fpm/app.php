<?php
// The script php-fpm serves in check-fpm.php: one heap operation per request,
// answered as JSON with the worker's pid.
use Resident\Heap;

final class Route {
    public array $children = [];
    public function __construct(public string $path = '', public ?Route $parent = null) {}
}

function answer(): array {
    $op = $_GET['op'] ?? '';
    $key = $_GET['key'] ?? 'k';
    switch ($op) {
    case 'put':
        $n = (int) ($_GET['n'] ?? 10);
        Heap::put($key, ['n' => $n, 'list' => range(1, $n), 'by' => getmypid(), 'text' => str_repeat('x', $n % 97)]);
        return ['stored' => true];
    case 'get':
        $v = Heap::get($key);
        return ['found' => $v !== null, 'n' => $v['n'] ?? null, 'by' => $v['by'] ?? null, 'sum' => $v ? array_sum($v['list']) : null];
    case 'remove':
        return ['removed' => Heap::remove($key)];
    case 'tree':
        $root = new Route('/');
        foreach (['a', 'b', 'c'] as $p) $root->children[] = new Route("/$p", $root);
        Heap::put($key, ['root' => $root, 'first' => $root->children[0], 'by' => getmypid()]);
        return ['stored' => true];
    case 'walk':
        $v = Heap::get($key);
        if ($v === null) return ['found' => false];
        return ['found' => true, 'paths' => implode(',', array_map(fn($c) => $c->path, $v['root']->children)),
                'identity' => $v['first'] === $v['root']->children[0] && $v['first']->parent === $v['root'], 'by' => $v['by']];
    case 'compute':
        $made = Heap::fetchOrCompute($key, fn() => ['computed_by' => getmypid()]);
        return ['computed_by' => $made['computed_by']];
    case 'clear':
        Heap::clear();
        return ['cleared' => true];
    case 'stats':
        return Heap::stats();
    case 'status':
        $status = [];
        foreach (file('/proc/self/status') as $line) {
            if (preg_match('/^(VmRSS|RssAnon|RssShmem):\s+(\d+) kB/', $line, $m)) $status[$m[1]] = (int) $m[2];
        }
        return $status;
    }
    return ['error' => "unknown op '$op'"];
}

header('Content-Type: application/json');
try {
    $r = answer();
} catch (Throwable $e) {
    $r = ['exception' => get_class($e), 'message' => $e->getMessage()];
}
echo json_encode($r + ['pid' => getmypid()]);
gc_collect_cycles();
