<?php
register_shutdown_function(function () { echo "shutdown ran\n"; });
ini_set('memory_limit', '16M');
$w = bin_words(1000000);
echo "not reached\n";
