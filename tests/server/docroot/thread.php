<?php
// threads_main.cpp's request: ends as ?kind= says, naming the thread and the request.
$id = $_GET['t'] . ':' . $_GET['i'];
switch ($_GET['kind']) {
    case 'exit':
        echo "$id leaving\n";
        exit(3);
    case 'throw':
        throw new RuntimeException($id);
    case 'fatal':
        trigger_error($id, E_USER_ERROR);
    default:
        echo "$id ok ", count($_GET), "\n";
}
