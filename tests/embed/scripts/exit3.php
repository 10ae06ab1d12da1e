<?php
echo "exiting with 3\n";
exit(3);
