<?php
// A directory whose name ends in .php: /dir.php/inner.php is this file, not dir.php with PATH_INFO.
echo "inner: ", $_SERVER['SCRIPT_NAME'], " [", $_SERVER['PATH_INFO'], "]\n";
