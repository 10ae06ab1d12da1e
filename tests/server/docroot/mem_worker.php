<?php
// mem.php as a worker script (memory.php, worker mode).
while (phpbind_handle_request(function () {
    require __DIR__ . '/mem.php';
})) {
}
