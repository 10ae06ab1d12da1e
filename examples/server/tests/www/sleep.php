<?php
usleep((int)($_GET['ms'] ?? 500) * 1000);
echo "slept\n";
