<?php
echo "hello ", $_GET['name'] ?? 'world', "\n";
