<?php
echo "about to fail\n"; error_reporting(E_ALL & ~E_DEPRECATED);  // 8.4 deprecates E_USER_ERROR
trigger_error("fatal in a bin-mode script", E_USER_ERROR);
