<?php
// Worker mode: the bootstrap once per process.
$handle = require __DIR__ . '/bootstrap.php';
while (phpbind_handle_request($handle)) {
}
