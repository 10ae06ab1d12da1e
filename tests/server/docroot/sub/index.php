<?php
// The index of a directory (/sub/ runs it): the same dump, seen from here.
require __DIR__ . '/../dump.php';
