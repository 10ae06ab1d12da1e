<?php
// What the request carried: method, body, $_POST, one header.
echo $_SERVER['REQUEST_METHOD'], ' ', strlen(file_get_contents('php://input')), ' ', md5(file_get_contents('php://input')), ' ',
     json_encode($_POST), ' ', $_SERVER['HTTP_X_TEST'] ?? '-', "\n";
