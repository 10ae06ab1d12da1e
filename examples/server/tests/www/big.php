<?php
// ?n= bytes of output, in 8 kB writes.
$n = (int)($_GET['n'] ?? 0);
for ($i = 0; $i < $n; $i += 8192) echo str_repeat('b', min(8192, $n - $i));
