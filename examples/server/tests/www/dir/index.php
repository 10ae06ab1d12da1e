<?php
echo "index of dir\n";
