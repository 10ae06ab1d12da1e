<?php
echo "about to fail\n";
trigger_error("fatal in a bin-mode script", E_USER_ERROR);
