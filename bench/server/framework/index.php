<?php
// Classic: the whole bootstrap on every request.
$handle = require __DIR__ . '/bootstrap.php';
$handle();
