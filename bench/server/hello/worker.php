<?php
// hello/index.php as a worker script.
while (phpbind_handle_request(function () {
    echo "Hello, world\n";
})) {
}
