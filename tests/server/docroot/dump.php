<?php
// Does what ?do= asks (comma-separated), then prints what the script sees: every superglobal,
// php://input, the uploaded files' contents, getenv() of the request's variables, the headers
// set and the status. tests/server/differential.php runs it under php-fpm and Runtime::serve().
foreach (explode(',', is_string($_GET['do'] ?? null) ? $_GET['do'] : '') as $action) {
    switch ($action) {
        case 'status404': http_response_code(404); break;
        case 'statusline': header('HTTP/1.1 418 Short And Stout'); break;
        case 'statusheader': header('Status: 403 Forbidden'); break;
        case 'status299': http_response_code(299); break;
        case 'headers':
            header('X-One: 1');
            header('X-Two: a');
            header('X-Two: b', false);
            header('x-three:    spaced');
            header_remove('X-One');
            break;
        case 'cookie':
            setcookie('a', 'b c');
            setcookie('x', 'y', ['path' => '/p', 'httponly' => true, 'samesite' => 'Lax']);
            setrawcookie('raw', 'v%20w');
            break;
        case 'location': header('Location: /elsewhere'); break;
        case 'created': http_response_code(201); header('Location: /new'); break;
        case 'json': header('Content-Type: application/json'); break;
        case 'notmodified': http_response_code(304); break;
        case 'flush': echo "early\n"; flush(); break;
        case 'ob': ob_start(); echo "buffered "; break;
        case 'big': echo str_repeat("0123456789", 30000), "\n"; break;
        case 'exit': echo "leaving\n"; exit(3);
        case 'throw': throw new RuntimeException('thrown from the script');
        case 'fatal': echo "before\n"; undefined_function_for_the_test(); break;
        case 'warning': echo $undefined_variable_for_the_test; break;
        case 'pollute':
            // What a request leaves behind must not reach the next (worker mode).
            $_GET['polluted'] = $_POST['polluted'] = $_COOKIE['polluted'] = $_SERVER['POLLUTED'] = $_REQUEST['polluted'] = 1;
            $_FILES['polluted'] = ['name' => 'x'];
            header('X-Polluted: 1');
            http_response_code(418);
            ob_start();
            ob_start();
            echo "left in a buffer\n";
            break;
    }
}
$server = $_SERVER;
// Only what must differ between the two servers (tests/server/differential.php lists why).
foreach (['REQUEST_TIME', 'REQUEST_TIME_FLOAT', 'SERVER_SOFTWARE', 'FCGI_ROLE', 'USER', 'HOME'] as $k) unset($server[$k]);
ksort($server);
$files = $_FILES;
foreach ($files as &$file) {
    // The temporary names are random: each is replaced by what the file holds.
    $contents = function (&$v) {
        if ($v !== '') $v = is_uploaded_file($v) ? 'uploaded: ' . file_get_contents($v) : 'not uploaded';
    };
    is_array($file['tmp_name']) ? array_walk_recursive($file['tmp_name'], $contents) : $contents($file['tmp_name']);
}
unset($file);
$env = [];
foreach (['REQUEST_METHOD', 'QUERY_STRING', 'HTTP_HOST', 'HTTP_PROXY', 'SCRIPT_NAME', 'CONTENT_TYPE'] as $k) $env[$k] = getenv($k);
echo json_encode([
    'SERVER' => $server, 'GET' => $_GET, 'POST' => $_POST, 'COOKIE' => $_COOKIE, 'REQUEST' => $_REQUEST,
    'FILES' => $files, 'input' => file_get_contents('php://input'), 'getenv' => $env, 'cwd' => getcwd() === __DIR__,
    'headers_list' => headers_list(), 'headers_sent' => headers_sent(), 'status' => http_response_code(),
], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR), "\n";
