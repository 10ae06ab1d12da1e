<?php
// Runs to the end: status 0. A destructor and a shutdown function call back
// into a phpbind function during request shutdown.
class Probe { function __destruct() { echo "destructor: bin_twice(4) = ", bin_twice(4), "\n"; } }
$p = new Probe;
register_shutdown_function(function () { echo "shutdown function: ", bin_counts(), "\n"; });
echo "argv: ", implode(' ', $argv), "\n";
echo "in request: ", bin_counts(), "\n";
