<?php
echo getmypid(), "\n";
