<?php
// A request whose C++ call may go past memory_limit (tests/server/oom.php): ?n= strings built by
// host_words(), then how many exist and how many of its C++ objects are still alive.
$words = host_words((int)($_GET['n'] ?? 0));
echo count($words), " words, C++ objects alive: ", host_alive(), "\n";
