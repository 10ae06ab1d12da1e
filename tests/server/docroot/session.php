<?php
// A session across requests (tests/server/differential.php): counts the session's requests and
// keeps their tags. It prints no session id (ids are random) but whether the request came with
// one and whether a new one was sent.
session_start();
$_SESSION['n'] = ($_SESSION['n'] ?? 0) + 1;
$_SESSION['tags'][] = $_GET['tag'] ?? '';
echo json_encode([
    'came_with_id' => isset($_COOKIE[session_name()]),
    'n' => $_SESSION['n'],
    'tags' => $_SESSION['tags'],
    'status' => session_status(),
    'id_sent' => (bool)array_filter(headers_list(), fn($h) => str_starts_with($h, 'Set-Cookie: ' . session_name() . '=')),
]), "\n";
// exit() before the session is written: it is written at the end of the request all the same.
if (($_GET['do'] ?? '') === 'exit') exit(0);
