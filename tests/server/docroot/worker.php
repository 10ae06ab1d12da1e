<?php
// A worker script (Runtime::serve_worker()): boots once, then hands every request to dump.php
// (or to session.php, for the requests that ask for it).
// What it keeps between requests is its own ($handled); what a request sees must be fresh.
$handled = 0;
while (phpbind_handle_request(function () use (&$handled) {
    $handled++;
    require __DIR__ . (str_starts_with($_SERVER['REQUEST_URI'], '/session.php') ? '/session.php' : '/dump.php');
})) {
    // between requests: nothing of a request may be left here
}
