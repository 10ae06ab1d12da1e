<?php
// memory.php's request: some work that allocates, then the request's memory_get_usage() and the
// serving process's resident memory (kB).
$parts = [];
foreach ($_GET as $k => $v) $parts[] = str_repeat((string)$v, 10) . $k;
$data = json_encode(['parts' => $parts, 'server' => count($_SERVER), 'cookies' => $_COOKIE]);
preg_match('/VmRSS:\s+(\d+)/', file_get_contents('/proc/self/status'), $m);
echo memory_get_usage(), ' ', $m[1], ' ', strlen($data), "\n";
