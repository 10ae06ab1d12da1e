<?php
// Runs past max_execution_time.
while (true) { $x = md5((string)mt_rand()); }
