<?php
// oom.php as a worker script (tests/server/oom.php, worker mode): what it counts survives a
// request only until a fatal error restarts it.
$handled = 0;
while (phpbind_handle_request(function () use (&$handled) {
    $handled++;
    require __DIR__ . '/oom.php';
    echo "request $handled of this worker\n";
})) {
}
