<?php
// Engines without the delayed out-of-memory state (PHP 8.4.24) bail out inside the C++ call:
// docs/errors.md names that gap; check-bin.sh skips the case there.
if (ini_get('memory_hard_limit_percent') === false) { echo "no delayed out-of-memory\n"; exit(0); }
register_shutdown_function(function () { echo "shutdown ran\n"; });
ini_set('memory_limit', '16M');
$w = bin_words(1000000);
echo "not reached\n";
