<?php
// A worker script (--worker): boots once, then answers every request that is not a static file.
$boot = getmypid() . '.' . mt_rand();  // what this boot is called: a restart changes it
$handled = 0;
while (phpbind_handle_request(function () use ($boot, &$handled) {
    $handled++;
    switch ($_SERVER['DOCUMENT_URI']) {
        case '/state':
            echo json_encode(['boot' => $boot, 'handled' => $handled, 'get' => $_GET, 'headers' => headers_list(),
                              'status' => http_response_code()]), "\n";
            break;
        case '/pollute':
            $_GET['leaked'] = 1;
            header('X-Leaked: 1');
            http_response_code(418);
            ob_start();
            echo "left in a buffer\n";
            break;
        case '/throw':
            throw new RuntimeException('from the handler');
        case '/exit':
            exit(4);
        case '/post':
            echo strlen(file_get_contents('php://input')), ' ', json_encode($_POST), "\n";
            break;
        default:
            echo "worker ", $_SERVER['DOCUMENT_URI'], "\n";
    }
})) {
}
