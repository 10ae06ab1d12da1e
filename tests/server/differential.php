<?php
// tests/server/differential.php — the same HTTP requests through php-fpm and through
// php::Runtime::serve(), the outputs compared.
//
//   [PB_SERVE_WRAPPER='valgrind ...'] php differential.php <serve_host> <php-fpm> [<phpbind-server>]
//
// Each request is sent to php-fpm as nginx with Debian's fastcgi.conf and fastcgi-php.conf would
// send it (the FastCGI client of tests/phpt/fcgi.inc plays nginx), and to serve_host, which runs
// it through Runtime::serve(). docroot/dump.php prints every superglobal, php://input, the
// uploaded files' contents, getenv(), headers_list() and the status; the status, reason, headers
// and body each side sends are compared byte for byte. What may differ is removed in dump.php,
// each for a reason:
//   REQUEST_TIME, REQUEST_TIME_FLOAT  the time each server received the request
//   SERVER_SOFTWARE                   names the server (nginx's version against phpbind's)
//   FCGI_ROLE                         FastCGI's own variable, not a request's
//   USER, HOME                        php-fpm's worker environment (Runtime::serve() imports none
//                                     of the host's; http_request::server_vars carries what a
//                                     pool's env[] would)
// Requests serve() answers itself (a target nginx would refuse: 400, or a missing script: 404)
// are checked against the status nginx gives. With phpbind-server (examples/server), the same
// requests then go over HTTP through its parser and framing too; what differs there is listed
// where that pass runs. Exit status: 0 when every request matched.
require __DIR__ . '/../phpt/fcgi.inc';

[$self, $host, $fpm, $http_server] = $argv + [null, null, null, null];
if (!$host || !$fpm) {
    fwrite(STDERR, "usage: php differential.php <serve_host> <php-fpm> [<phpbind-server>]\n");
    exit(2);
}
if (!is_executable($fpm)) {
    echo "skipped: no php-fpm at $fpm\n";
    exit(77);
}
$docroot = __DIR__ . '/docroot';
$work = sys_get_temp_dir() . '/pbserve' . getmypid();
@mkdir($work);
@mkdir("$work/up-fpm");
@mkdir("$work/up-serve");
@mkdir("$work/sessions");
@mkdir("$work/up-http");
$ini = ['post_max_size' => '300K', 'upload_max_filesize' => '20K', 'max_file_uploads' => '3', 'max_input_vars' => '40',
        'display_errors' => '1', 'html_errors' => '0', 'log_errors' => '0', 'error_reporting' => (string)E_ALL,
        'output_buffering' => '4096', 'implicit_flush' => '0', 'variables_order' => 'GPCS', 'max_execution_time' => '30',
        'session.save_path' => "$work/sessions"];

// ---- the requests ----------------------------------------------------------------------------
mt_srand(20261207);
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }
function urlencoded(int $n): string {
    $names = ['a', 'b', 'a[]', 'n[x][y]', 'n[x][z]', 'list[]', 'sp ace', 'dot.ted', 'e%3Dq', 'u%C3%A9', 'empty', 'k[0]', 'k[1]'];
    $values = ['1', 'two', '', '%00nul', 'a+b', 'x%26y', str_repeat('v', 100), '%E2%82%AC', '0'];
    $parts = [];
    for ($i = 0; $i < $n; $i++) $parts[] = pick($names) . (mt_rand(0, 5) ? '=' . pick($values) : '');
    return implode('&', $parts);
}
function multipart(string $boundary, int $fields, int $files, int $size): string {
    $b = '';
    for ($i = 0; $i < $fields; $i++) {
        $b .= "--$boundary\r\nContent-Disposition: form-data; name=\"" . pick(['f', 'g[]', 'h[k]', 'plain']) . "\"\r\n\r\n" . pick(['v', '', "multi\r\nline"]) . "\r\n";
    }
    for ($i = 0; $i < $files; $i++) {
        $name = pick(['up', 'ups[]', 'deep[a][]', "up$i"]);
        $content = $size > 0 ? substr(str_repeat("file $i \0 bytes ", intdiv($size, 10) + 1), 0, mt_rand(0, $size)) : '';
        $b .= "--$boundary\r\nContent-Disposition: form-data; name=\"$name\"; filename=\"" . pick(['a.txt', 'ü.bin', '../../etc/x', 'with space.png', ''])
            . "\"\r\nContent-Type: " . pick(['text/plain', 'application/octet-stream', 'image/png']) . "\r\n\r\n$content\r\n";
    }
    return $b . "--$boundary--\r\n";
}

$requests = [];
$add = function (string $method, string $target, array $headers = [], ?string $body = null, array $more = []) use (&$requests) {
    if ($body !== null && !array_filter($headers, fn($h) => strcasecmp($h[0], 'Content-Length') === 0) && empty($more['no_length'])) {
        $headers[] = ['Content-Length', (string)strlen($body)];
    }
    $requests[] = ['method' => $method, 'target' => $target, 'headers' => array_merge([['Host', 'example.test:8080']], $headers),
                   'body' => $body] + $more;
};
// Hand-written: each feature once.
$add('GET', '/dump.php');
$add('GET', '/dump.php?a=1&b=2&a=3');
$add('GET', '/dump.php?n[x][y]=1&n[x][z]=2&list[]=a&list[]=b&k[]=&k[5]=x');
$add('GET', '/dump.php?sp+ace=1&dot.ted=2&%61=enc&u%C3%A9=%E2%82%AC&novalue&=noname&&x=%ZZ');
$add('GET', '/dump.php/extra/path%20info?q=1');
$add('GET', '/sub/');
$add('GET', '/sub/index.php/more');
$add('GET', '//sub//./index.php');
$add('GET', '/sub/../dump.php?via=dotdot');
$add('GET', '/dump%2Ephp?encoded=dot');
$add('HEAD', '/dump.php?head=1');
$add('HEAD', '/dump.php?do=status404');
$add('OPTIONS', '/dump.php');
$add('DELETE', '/dump.php?id=7');
$add('POST', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], 'a=1&b[]=2&b[]=3&c[d]=4');
$add('POST', '/dump.php?a=get', [['Content-Type', 'application/x-www-form-urlencoded'], ['Cookie', 'a=cookie']], 'a=post');
$add('POST', '/dump.php', [['Content-Type', 'application/json']], '{"json": [1, 2, 3]}');
$add('PUT', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], 'put=is&not=parsed');
$add('PATCH', '/dump.php', [['Content-Type', 'text/plain']], "binary\0body\xff");
$add('POST', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], '');
$add('POST', '/dump.php', [], 'no content type');
$add('POST', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], str_repeat('big=' . str_repeat('x', 1000) . '&', 200));
$add('POST', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], str_repeat('x', 400 * 1024));  // > post_max_size
$add('POST', '/dump.php', [['Content-Type', 'application/x-www-form-urlencoded']], implode('&', array_map(fn($i) => "v$i=$i", range(1, 60))));  // > max_input_vars
$add('GET', '/dump.php?' . implode('&', array_map(fn($i) => "g$i=$i", range(1, 60))));
$add('POST', '/dump.php', [['Content-Type', 'multipart/form-data; boundary=XyZ']], multipart('XyZ', 2, 2, 100));
$add('POST', '/dump.php', [['Content-Type', 'multipart/form-data; boundary=XyZ']], multipart('XyZ', 1, 5, 50));  // > max_file_uploads
$add('POST', '/dump.php', [['Content-Type', 'multipart/form-data; boundary=XyZ']], "--XyZ\r\nContent-Disposition: form-data; name=\"big\"; filename=\"b\"\r\n\r\n" . str_repeat('b', 30000) . "\r\n--XyZ--\r\n");  // > upload_max_filesize
$add('POST', '/dump.php', [['Content-Type', 'multipart/form-data; boundary=XyZ']], "--XyZ\r\nContent-Disposition: form-data; name=\"cut\"; filename=\"c\"\r\n\r\nno end");
$add('POST', '/dump.php', [['Content-Type', 'multipart/form-data']], "no boundary");
$add('GET', '/dump.php', [['Cookie', 'a=1; b=two; c[d]=3; e=%20sp%20; a=again'], ['Cookie', 'second=header']]);
$add('GET', '/dump.php', [['X-Multi', 'one'], ['x-multi', 'two'], ['X-Empty', ''], ['X_Under', 'dropped'], ['Weird Name', 'dropped'], ['Proxy', 'http://evil']]);
$add('GET', '/dump.php', [['Authorization', 'Basic ' . base64_encode('user:pa:ss')]]);
$add('GET', '/dump.php', [['Authorization', 'Digest username="u", realm="r"']]);
$add('GET', '/dump.php', [['Authorization', 'Bearer token']]);
$add('GET', '/dump.php', [], null, ['tls' => true]);
$add('GET', '/dump.php', [], null, ['protocol' => 'HTTP/1.0']);
foreach (['status404', 'statusline', 'statusheader', 'status299', 'headers', 'cookie', 'location', 'created', 'json', 'notmodified',
          'flush', 'ob', 'big', 'exit', 'throw', 'fatal', 'warning', 'flush,status404', 'ob,headers,cookie', 'statusline,statusheader',
          'status404,statusheader', 'headers,big', 'ob,exit', 'ob,fatal', 'cookie,location', 'pollute'] as $do) {
    $add('GET', "/dump.php?do=$do");
}
$add('POST', '/dump.php?do=location', [['Content-Type', 'application/x-www-form-urlencoded']], 'moved=1');
// Answered by the server itself, as nginx would.
$own = [['/nothing.php', 404], ['/dir.php/inner.php', 404], ['/readme.txt', 404], ['/../dump.php', 400],
        ['/dump.php%00.txt', 400], ['/dump%zz.php', 400], ['/sub/../../dump.php', 400], ['/dump%2', 400]];
foreach ($own as [$target, $status]) $add('GET', $target, [], null, ['expect' => $status]);
// Generated: every combination the pools give, until there are 240.
$dos = ['', '', '', 'headers', 'cookie', 'status404', 'flush', 'ob', 'statusheader', 'json', 'exit', 'throw', 'warning', 'pollute'];
while (count($requests) < 240) {
    $method = pick(['GET', 'GET', 'POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
    $query = mt_rand(0, 3) ? urlencoded(mt_rand(0, 6)) : '';
    $do = pick($dos);
    if ($do !== '') $query .= ($query === '' ? '' : '&') . "do=$do";
    $target = pick(['/dump.php', '/dump.php', '/dump.php/p/i', '/./dump.php', '/sub/../dump.php']) . ($query === '' ? '' : "?$query");
    $headers = [];
    for ($i = mt_rand(0, 4); $i > 0; $i--) {
        $headers[] = pick([['Accept', 'text/html'], ['X-Custom', 'value ' . mt_rand()], ['X-Custom', 'again'], ['User-Agent', 'differential/1.0'],
                           ['Cookie', urlencoded(mt_rand(1, 3))], ['Accept-Language', 'fr, en;q=0.8'], ['Referer', 'http://example.test/?a=b'],
                           ['X-Forwarded-For', '10.0.0.' . mt_rand(1, 254)], ['Authorization', 'Basic ' . base64_encode('u' . mt_rand() . ':p')]]);
    }
    $body = null;
    if (in_array($method, ['POST', 'PUT', 'PATCH'], true)) {
        switch (mt_rand(0, 4)) {
            case 0: $headers[] = ['Content-Type', 'application/x-www-form-urlencoded']; $body = urlencoded(mt_rand(0, 12)); break;
            case 1:
            case 2:
                $boundary = '----b' . mt_rand();
                $headers[] = ['Content-Type', "multipart/form-data; boundary=$boundary"];
                $body = multipart($boundary, mt_rand(0, 3), mt_rand(0, 4), pick([0, 10, 1000, 25000]));
                break;
            case 3: $headers[] = ['Content-Type', 'application/json']; $body = json_encode(['n' => mt_rand(), 's' => str_repeat('j', mt_rand(0, 5000))]); break;
            case 4: $body = random_bytes(mt_rand(0, 3000)); break;
        }
    }
    $add($method, $target, $headers, $body, ['tls' => mt_rand(0, 9) === 0, 'read_size' => pick([1, 7, 100, 8192, 100000])]);
}

// ---- nginx's side: the FastCGI params ------------------------------------------------------------
function nginx_params(array $r, string $docroot): ?array {
    [$path, $query] = explode('?', $r['target'], 2) + [1 => ''];
    $uri = rawurldecode($path);
    $segments = [];
    foreach (explode('/', $uri) as $s) {
        if ($s === '' || $s === '.') continue;
        if ($s === '..') { array_pop($segments); continue; }
        $segments[] = $s;
    }
    $uri = '/' . implode('/', $segments) . (str_ends_with($path, '/') && $segments ? '/' : '');
    $script = str_ends_with($uri, '/') ? $uri . 'index.php' : $uri;
    if (!preg_match('/^(.+?\.php)(\/.*)?$/s', $script, $m)) return null;
    $p = ['QUERY_STRING' => $query, 'REQUEST_METHOD' => $r['method'], 'CONTENT_TYPE' => '', 'CONTENT_LENGTH' => '',
          'SCRIPT_NAME' => $m[1], 'REQUEST_URI' => $r['target'], 'DOCUMENT_URI' => $script, 'DOCUMENT_ROOT' => $docroot,
          'SERVER_PROTOCOL' => $r['protocol'] ?? 'HTTP/1.1', 'REQUEST_SCHEME' => empty($r['tls']) ? 'http' : 'https'];
    if (!empty($r['tls'])) $p['HTTPS'] = 'on';
    $p += ['GATEWAY_INTERFACE' => 'CGI/1.1', 'SERVER_SOFTWARE' => 'nginx', 'REMOTE_ADDR' => '192.0.2.7', 'REMOTE_PORT' => '51234',
           'SERVER_ADDR' => '192.0.2.1', 'SERVER_PORT' => '8080', 'SERVER_NAME' => 'example.test', 'REDIRECT_STATUS' => '200',
           'SCRIPT_FILENAME' => $docroot . $m[1], 'PATH_INFO' => $m[2] ?? ''];
    foreach ($r['headers'] as [$name, $value]) {
        if (!preg_match('/^[A-Za-z0-9-]+$/', $name)) continue;
        $key = 'HTTP_' . strtoupper(str_replace('-', '_', $name));
        $p[$key] = isset($p[$key]) ? $p[$key] . (strcasecmp($name, 'Cookie') === 0 ? '; ' : ', ') . $value : $value;
        if ($key === 'HTTP_CONTENT_TYPE') $p['CONTENT_TYPE'] = $p[$key];
        if ($key === 'HTTP_CONTENT_LENGTH') $p['CONTENT_LENGTH'] = $p[$key];
    }
    return $p;
}

/** [status, reason, [header lines], body] from php-fpm's CGI response, as nginx relays it. */
function from_fpm(string $out): array {
    [$head, $body] = explode("\r\n\r\n", $out, 2) + [1 => ''];
    $status = 200;
    $reason = 'OK';
    $headers = [];
    foreach (explode("\r\n", $head) as $line) {
        if (preg_match('/^Status: ?(\d{3}) ?(.*)$/i', $line, $m)) {
            $status = (int)$m[1];
            $reason = $m[2];
            continue;
        }
        // nginx relays a header's value without the whitespace before it.
        [$name, $value] = explode(':', $line, 2) + [1 => ''];
        $headers[] = $name . ': ' . ltrim($value, " \t");
    }
    return [$status, $reason, $headers, $body];
}

// ---- serve_host's side ---------------------------------------------------------------------------
function frame(string $name, string $value): string { return "$name " . strlen($value) . "\n$value\n"; }
function read_frame($pipe): ?array {
    $line = fgets($pipe);
    if ($line === false) return null;
    [$name, $len] = explode(' ', rtrim($line, "\n"));
    $value = $len > 0 ? stream_get_contents($pipe, (int)$len) : '';
    fgetc($pipe);
    return [$name, $value];
}

/** Runs $r through serve_host: [status, reason, header lines, body, "served" field, "counts" field]. */
function host_serve(array $hp, array $r, string $docroot, string $work): array {
    $in = frame('method', $r['method']) . frame('target', $r['target']) . frame('protocol', $r['protocol'] ?? 'HTTP/1.1');
    foreach ($r['headers'] as [$name, $value]) $in .= frame('header', "$name: $value");
    $in .= frame('remote_addr', '192.0.2.7') . frame('remote_port', '51234') . frame('local_addr', '192.0.2.1')
         . frame('local_port', '8080') . frame('tls', empty($r['tls']) ? '0' : '1') . frame('document_root', $docroot)
         . frame('read_size', (string)($r['read_size'] ?? 8192));
    if (isset($r['write_fails_after'])) $in .= frame('write_fails_after', (string)$r['write_fails_after']);
    if ($r['body'] !== null) $in .= frame('body', $r['body']);
    fwrite($hp[0], $in . frame('end', ''));
    $status = null;
    $reason = $body = $served = $counts = '';
    $headers = [];
    while (([$name, $value] = read_frame($hp[1]) ?? [null, null])[0] !== null && $name !== 'done') {
        if ($name === 'start') $status = (int)$value;
        elseif ($name === 'reason') $reason = $value;
        elseif ($name === 'header') $headers[] = $value;
        elseif ($name === 'write') $body .= $value;
        elseif ($name === 'served') $served = $value;
        elseif ($name === 'counts') $counts = $value;
    }
    if ($name !== 'done') {
        echo "serve_host stopped at {$r['method']} {$r['target']}:\n" . @file_get_contents("$work/host.err");
        exit(1);
    }
    return [$status, $reason, $headers, $body, $served, $counts];
}

/** Prints how a response differs from php-fpm's (a unified diff of the two, lines cut at 200). */
function show_difference(string $label, array $r, array $theirs, array $mine, string $work): void {
    echo "$label differs: {$r['method']} {$r['target']}\n";
    file_put_contents("$work/theirs", var_export($theirs, true));
    file_put_contents("$work/mine", var_export($mine, true));
    passthru("diff -u $work/theirs $work/mine | cut -c1-200 | head -60");
}

// ---- phpbind-server's side: HTTP/1.1 over a socket -------------------------------------------------
/** The request as a client sends it (the corpus's headers already carry Host and Content-Length). */
function http_bytes(array $r): string {
    $raw = "{$r['method']} {$r['target']} " . ($r['protocol'] ?? 'HTTP/1.1') . "\r\n";
    foreach ($r['headers'] as [$name, $value]) $raw .= "$name: $value\r\n";
    return $raw . "\r\n" . ($r['body'] ?? '');
}
/** One response from the socket: [status, reason, [header lines], body], the framing removed. */
function http_response($s, bool $head): ?array {
    $line = fgets($s);
    if (!preg_match('/^HTTP\/1\.[01] (\d{3}) ?(.*)\r\n$/', (string)$line, $m)) return null;
    $headers = [];
    $chunked = false;
    $length = null;
    while (($h = fgets($s)) !== false && ($h = rtrim($h, "\r\n")) !== '') {
        [$name, $value] = explode(':', $h, 2) + [1 => ''];
        $value = ltrim($value, ' ');
        if (strcasecmp($name, 'Transfer-Encoding') === 0) $chunked = true;
        if (strcasecmp($name, 'Content-Length') === 0) $length = (int)$value;
        // The HTTP server's own headers, as nginx adds its own in front of php-fpm.
        if (in_array(strtolower($name), ['server', 'date', 'connection', 'transfer-encoding'], true)) continue;
        $headers[] = "$name: $value";
    }
    $status = (int)$m[1];
    $body = '';
    if ($head || $status === 304 || $status === 204) return [$status, $m[2], $headers, ''];
    if ($chunked) {
        while (($size = hexdec(trim((string)fgets($s)))) > 0) {
            $body .= stream_get_contents($s, $size);
            fgets($s);
        }
        fgets($s);
    } elseif ($length !== null) {
        $body = $length > 0 ? stream_get_contents($s, $length) : '';
    } else {
        $body = stream_get_contents($s);
    }
    return [$status, $m[2], $headers, $body];
}
/** $body with the dump's $_SERVER and getenv() keys $keys (and with $cwd the working directory) removed. */
function without_keys(string $body, array $keys, bool $cwd = false): string {
    $at = strpos($body, "{\n    \"SERVER\"");
    if ($at === false || !is_array($dump = json_decode(substr($body, $at), true))) return $body;
    foreach ($keys as $k) unset($dump['SERVER'][$k], $dump['getenv'][$k]);
    if ($cwd) unset($dump['cwd']);
    return substr($body, 0, $at) . json_encode($dump, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_PARTIAL_OUTPUT_ON_ERROR);
}

/**
 * A session across six requests (docroot/session.php): two clients, each sending back the id it
 * was given, one request ending in exit(). $send(request) returns [status, reason, headers, body].
 * Returns the responses with each session id replaced by its order of appearance, and the ids.
 */
function session_sequence(callable $send): array {
    $ids = [];
    $out = [];
    $steps = [[null, 'a', ''], [0, 'b', ''], [null, 'c', ''], [0, 'd', 'exit'], [0, 'e', ''], [1, 'f', '']];
    foreach ($steps as [$client, $tag, $do]) {
        $headers = $client === null ? [] : [['Cookie', 'PHPSESSID=' . ($ids[$client] ?? 'none')]];
        $response = $send(['method' => 'GET', 'target' => "/session.php?tag=$tag" . ($do ? "&do=$do" : ''),
                           'headers' => $headers, 'body' => null]);
        foreach ($response[2] as $h) {
            if (preg_match('/^Set-Cookie: PHPSESSID=([^;]+)/', $h, $m) && !in_array($m[1], $ids, true)) $ids[] = $m[1];
        }
        $response[2] = preg_replace_callback('/PHPSESSID=([^;]+)/', fn($m) => 'PHPSESSID=#' . array_search($m[1], $ids, true), $response[2]);
        $out[] = $response;
    }
    return [$out, $ids];
}

// ---- run -------------------------------------------------------------------------------------------
$dflags = [];
foreach ($ini + ['upload_tmp_dir' => "$work/up-fpm"] as $k => $v) array_push($dflags, '-d', "$k=$v");
// A free port; taken meanwhile by another process: another one (a few tries).
for ($try = 0; $try < 5; $try++) {
    $port = fcgi_free_port();
    file_put_contents("$work/fpm.conf", "[global]\npid = $work/fpm.pid\nerror_log = $work/fpm.log\ndaemonize = no\n"
        . "[www]\nlisten = 127.0.0.1:$port\npm = static\npm.max_children = 1\n");
    $fpm_proc = proc_open(array_merge([$fpm, '-n', '-R', '-F', '-y', "$work/fpm.conf"], $dflags),
                          [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$work/fpm.err", 'w']], $pipes);
    usleep(200000);
    if (!str_contains((string)@file_get_contents("$work/fpm.err"), 'Address already in use')) break;
    proc_close($fpm_proc);
}
$hflags = [];
foreach ($ini + ['upload_tmp_dir' => "$work/up-serve"] as $k => $v) array_push($hflags, '-d', "$k=$v");
// PB_SERVE_WRAPPER: a command serve_host runs under (valgrind, for the memcheck configuration).
$wrapper = array_values(array_filter(explode(' ', (string)getenv('PB_SERVE_WRAPPER'))));
$host_proc = proc_open(array_merge($wrapper, [$host], $hflags), [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', "$work/host.err", 'w']], $hp);
for ($i = 0; $i < 300 && !($c = @stream_socket_client("tcp://127.0.0.1:$port", $e1, $e2, 1)); $i++) usleep(100000);
if (!$c) { echo "php-fpm did not start: " . @file_get_contents("$work/fpm.err"); exit(1); }
fclose($c);
$conn = fcgi_connect($port);

$same = $own_ok = $mismatch = 0;
$ran = $dumps = 0;
$fpm_out = [];
foreach ($requests as $n => $r) {
    [$status, $reason, $headers, $body, $served, $counts] = host_serve($hp, $r, $docroot, $work);
    $mine = [$status, $reason, $headers, $body];
    if (isset($r['expect'])) {
        if ($status === $r['expect']) $own_ok++;
        else { $mismatch++; echo "request $n {$r['method']} {$r['target']}: serve() answered $status, nginx answers {$r['expect']}\n"; }
        continue;
    }
    $ran++;
    $params = nginx_params($r, $docroot);
    [$out, $err] = fcgi_request($conn, $params, $r['body'] ?? '');
    $theirs = from_fpm($out);
    $fpm_out[$n] = $theirs;
    // The dump itself must have run to its end (an error in it would print the same on both sides).
    parse_str(parse_url($r['target'], PHP_URL_QUERY) ?? '', $q);
    $quiet = !array_diff(explode(',', is_string($q['do'] ?? null) ? $q['do'] : ''), ['', 'headers', 'cookie', 'status404', 'statusline',
        'statusheader', 'status299', 'location', 'created', 'json', 'notmodified']);
    if ($quiet && $r['method'] !== 'HEAD' && $status !== 304) {
        $at = str_starts_with($body, '{') ? 0 : strpos($body, "\n{");
        if ($at === false || !is_array(json_decode(substr($body, $at), true))) {
            $mismatch++;
            echo "request $n {$r['method']} {$r['target']}: the dump did not complete:\n" . substr($body, 0, 2000) . "\n";
            continue;
        }
        $dumps++;
    }
    if ($mine === $theirs) { $same++; continue; }
    $mismatch++;
    if ($mismatch <= 5) show_difference("request $n", $r, $theirs, $mine, $work);
}

// Sessions (ext/session, where the engine has it): the same six requests under php-fpm and through
// serve() must give the same responses, session ids aside; the worker script's turn comes below.
$has_session = extension_loaded('session');
$session_fail = 0;
if ($has_session) {
    [$fpm_session, $fpm_ids] = session_sequence(fn($r) => from_fpm(fcgi_request($conn, nginx_params($r, $docroot))[0]));
    [$serve_session, $serve_ids] = session_sequence(function ($r) use ($hp, $docroot, $work, &$counts) {
        $response = host_serve($hp, $r, $docroot, $work);
        $counts = $response[5];
        return array_slice($response, 0, 4);
    });
    $ran += 6;
    if ($serve_session !== $fpm_session || count($fpm_ids) !== 2 || count($serve_ids) !== 2) {
        $session_fail++;
        show_difference('sessions through serve()', ['method' => 'GET', 'target' => '/session.php (six requests)'],
                        $fpm_session, $serve_session, $work);
    }
}

// The client goes away mid-response (write() returns false after 10 kB): the script ends there
// unless it ignores user aborts; its shutdown functions run; connection_aborted() is 1.
$aborts = [];
$abort_cases = ['' => "shutdown aborted=1\n", '&ignore=1' => "finished aborted=1\nshutdown aborted=1\n"];
// Under valgrind and ASan the engine runs on malloc (USE_ZEND_ALLOC=0), and a bailout out of the
// main script leaves its compiled code to the request heap, which then does not exist: `php`
// itself reports the same blocks lost after any E_USER_ERROR. The abort that ends the script is
// left out there.
if (getenv('USE_ZEND_ALLOC') === '0') unset($abort_cases['']);
foreach ($abort_cases as $ignore => $want) {
    $log = "$work/abort.log";
    @unlink($log);
    [, , , , $served, $counts] = host_serve($hp, ['method' => 'GET', 'target' => '/abort.php?log=' . urlencode($log) . $ignore,
                                                 'headers' => [], 'body' => null, 'write_fails_after' => 10000], $docroot, $work);
    $ran++;
    $got = @file_get_contents($log);
    $aborts[] = $got === $want && $served === '200 0 1' ? 'as expected' : "not as expected: served $served, log " . var_export($got, true);
}
echo "client gone: ", implode('; ignore_user_abort: ', $aborts), "\n";
$mismatch += count(array_filter($aborts, fn($a) => $a !== 'as expected'));
fclose($hp[0]);
$host_status = proc_close($host_proc);
proc_terminate($fpm_proc, 3);
proc_close($fpm_proc);

[$rinit, $rshutdown, $lstart, $lend] = array_map('intval', explode(' ', $counts ?? '0 0 0 0'));

// ---- worker mode ---------------------------------------------------------------------------------
// The same requests to docroot/worker.php, which boots once and hands each to dump.php through
// phpbind_handle_request(). Each must print what php-fpm printed for it, but for what worker mode
// changes by design:
//   SCRIPT_NAME, SCRIPT_FILENAME, PHP_SELF, PATH_INFO, DOCUMENT_URI  the worker script runs every request
//   the working directory                     the worker script's
//   exit(), an uncaught exception or error    the request gets 500 when nothing was sent yet (the
//                                              exception's trace runs through the worker script)
$worker_proc = proc_open(array_merge($wrapper, [$host, '--worker', "$docroot/worker.php"], $hflags),
                         [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', "$work/worker.err", 'w']], $wp);
$script_keys = ['SCRIPT_NAME', 'SCRIPT_FILENAME', 'PHP_SELF', 'PATH_INFO', 'DOCUMENT_URI'];
$without_script = fn(string $body): string => without_keys($body, $script_keys, true);
$w_same = $w_fail = $w_sent = $w_exits = 0;
foreach ($requests as $n => $r) {
    if (isset($r['expect'])) continue;
    $w_sent++;
    $mine = array_slice(host_serve($wp, $r, $docroot, $work), 0, 4);
    $theirs = $fpm_out[$n];
    parse_str(parse_url($r['target'], PHP_URL_QUERY) ?? '', $q);
    $do = explode(',', is_string($q['do'] ?? null) ? $q['do'] : '');
    if (array_intersect($do, ['exit', 'throw', 'fatal'])) {
        $w_exits += (int)(bool)array_intersect($do, ['exit']);
        // 500 unless the script had sent its headers (a flush before); the body as php-fpm's up to the trace.
        $cut = fn($b) => preg_replace('/Stack trace:.*/s', '', $b);
        $ok = $mine[0] === ($theirs[0] === 200 && !in_array('flush', $do, true) ? 500 : $theirs[0])
              && $cut($mine[3]) === $cut($theirs[3]);
    } else {
        $mine[3] = $without_script($mine[3]);
        $theirs[3] = $without_script($theirs[3]);
        $ok = $mine === $theirs;
    }
    if ($ok) { $w_same++; continue; }
    $w_fail++;
    if ($w_fail <= 5) show_difference("worker mode: request $n", $r, $theirs, $mine, $work);
}
if ($has_session) {
    // ext/session gets its RSHUTDOWN and RINIT around each request of a worker: each request
    // starts and writes its own session. exit() gives 500 here when nothing was sent.
    [$worker_session, $worker_ids] = session_sequence(fn($r) => array_slice(host_serve($wp, $r, $docroot, $work), 0, 4));
    $w_sent += 6;
    $w_exits++;
    $expected = $fpm_session;
    $expected[3][0] = 500;
    $expected[3][1] = 'Internal Server Error';
    if ($worker_session === $expected && count($worker_ids) === 2) {
        $w_same += 6;
    } else {
        $session_fail++;
        show_difference('sessions through a worker script', ['method' => 'GET', 'target' => '/session.php (six requests)'],
                        $expected, $worker_session, $work);
    }
    echo "sessions: six requests of two clients, ", $session_fail ? "$session_fail of 2 runs different" : "the same under php-fpm, serve() and a worker script", "\n";
}
$mismatch += $session_fail;
fclose($wp[0]);
$loop = read_frame($wp[1]);
$worker_status = proc_close($worker_proc);
[$w_requests, $w_restarts, , $w_rinit, $w_rshutdown, $w_lstart, $w_lend] = array_map('intval', explode(' ', $loop[1] ?? '-1 -1 -1 -1 -1 -1 -1'));
echo "worker mode: $w_sent requests, $w_same as under php-fpm (but for what worker mode changes), $w_fail different\n";
echo "worker mode: $w_requests handled, the script started again $w_restarts times for $w_exits exit()s\n";
// A module's RINIT/RSHUTDOWN once per engine request of the worker script, its logical request
// callbacks once per request handled.
echo "worker mode: RINIT $w_rinit, RSHUTDOWN $w_rshutdown for ", $w_restarts + 1, " engine requests; logical request start $w_lstart, end $w_lend for $w_requests requests\n";
$mismatch += $w_fail + ($w_requests === $w_sent && $w_restarts === $w_exits && $worker_status === 0 ? 0 : 1)
    + ($w_rinit === $w_restarts + 1 && $w_rshutdown === $w_rinit && $w_lstart === $w_requests && $w_lend === $w_requests ? 0 : 1);
// ---- over HTTP through phpbind-server ---------------------------------------------------------------
// The same requests to phpbind-server (one worker process, the same INI settings), each on a
// connection of its own, compared with php-fpm's answers. What differs here, and why:
//   REMOTE_ADDR, REMOTE_PORT,      a real socket's addresses (the FastCGI side's are made up)
//   SERVER_ADDR, SERVER_PORT
//   Server, Date, Connection,      the HTTP server's own headers and framing (nginx adds its
//   Transfer-Encoding              own in front of php-fpm); removed by http_response()
//   TLS requests                   not sent: phpbind-server speaks plain HTTP
//   a header name that is not a    400 from phpbind-server, as RFC 9112 asks of a server; nginx
//   token ("Weird Name")           drops the header (ignore_invalid_headers)
//   a space in the target          400, as nginx answers since 1.21.1 (Debian 12 ships 1.22): the
//                                  FastCGI pass sends these targets as they are
$h_sent = $h_same = $h_own = $h_refused = $h_fail = 0;
if ($http_server) {
    $flags = ['--root', $docroot, '--listen', '127.0.0.1:0', '--workers', '1'];
    foreach ($ini + ['upload_tmp_dir' => "$work/up-http"] as $k => $v) array_push($flags, '-d', "$k=$v");
    $http_proc = proc_open(array_merge([$http_server], $flags), [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$work/http.err", 'w']], $pipes);
    $http_port = 0;
    for ($i = 0; $i < 200 && !$http_port; $i++) {
        usleep(50000);
        if (preg_match('/on http:\/\/127\.0\.0\.1:(\d+)\//', (string)@file_get_contents("$work/http.err"), $m)) $http_port = (int)$m[1];
    }
    if (!$http_port) { echo "phpbind-server did not start:\n" . @file_get_contents("$work/http.err"); exit(1); }
    $net_keys = ['REMOTE_ADDR', 'REMOTE_PORT', 'SERVER_ADDR', 'SERVER_PORT'];
    foreach ($requests as $n => $r) {
        if (!empty($r['tls'])) continue;
        $h_sent++;
        $sock = stream_socket_client("tcp://127.0.0.1:$http_port", $e1, $e2, 5);
        stream_set_timeout($sock, 30);
        fwrite($sock, http_bytes($r));
        $mine = http_response($sock, $r['method'] === 'HEAD');
        fclose($sock);
        $not_token = array_filter($r['headers'], fn($h) => !preg_match("/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\$/", $h[0]));
        $bad_line = preg_match('/[\x00-\x20\x7f]/', $r['target']);
        if (isset($r['expect']) || $not_token || $bad_line) {
            $want = $r['expect'] ?? 400;
            if (($mine[0] ?? null) === $want) {
                isset($r['expect']) ? $h_own++ : $h_refused++;
                continue;
            }
            $h_fail++;
            echo "over HTTP: request $n {$r['method']} {$r['target']}: phpbind-server answered ", $mine[0] ?? 'nothing', ", expected $want\n";
            continue;
        }
        $theirs = $fpm_out[$n];
        if ($r['method'] === 'HEAD' || $theirs[0] === 304) $theirs[3] = '';  // no body there, as from nginx
        if ($mine !== null) $mine[3] = without_keys($mine[3], $net_keys);
        $theirs[3] = without_keys($theirs[3], $net_keys);
        if ($mine === $theirs) { $h_same++; continue; }
        $h_fail++;
        if ($h_fail <= 5) show_difference("over HTTP: request $n", $r, $theirs, $mine ?? [], $work);
    }
    proc_terminate($http_proc, 15);
    $http_status = proc_close($http_proc);
    $http_err = (string)@file_get_contents("$work/http.err");
    if (str_contains($http_err, 'ended by signal') || $http_status !== 0) {
        $h_fail++;
        echo "phpbind-server: exit status $http_status\n$http_err";
    }
    echo "over HTTP through phpbind-server: $h_sent requests, $h_same as under php-fpm (but for the socket's addresses), ",
         "$h_own answered by the server as nginx would, $h_refused refused (400: a space in the target, or a header name that is not a token), $h_fail different\n";
    $mismatch += $h_fail;
}
$left = count(glob("$work/up-serve/*")) + count(glob("$work/up-fpm/*")) + count(glob("$work/up-http/*"));
echo count($requests), " requests: $same identical under php-fpm and serve(), $own_ok answered by serve() as nginx would, $mismatch different\n";
echo "$dumps complete dumps of the superglobals among them\n";
echo "RINIT $rinit, RSHUTDOWN $rshutdown, logical request start $lstart, end $lend for $ran scripts run\n";
echo "uploaded files left behind: $left\n";
$ok = $mismatch === 0 && $rinit === $ran && $rshutdown === $ran && $lstart === $ran && $lend === $ran && $left === 0 && $host_status === 0 && $same >= 200;
if (!$ok) echo "FAILED (serve_host exit status $host_status, worker $worker_status, mismatches $mismatch)\n" . @file_get_contents("$work/host.err") . @file_get_contents("$work/worker.err");
array_map("unlink", array_filter(glob("$work/*"), "is_file"));
@rmdir("$work/up-fpm");
@rmdir("$work/up-serve");
array_map('unlink', glob("$work/sessions/*"));
@rmdir("$work/up-http");
@rmdir("$work/sessions");
@rmdir($work);
exit($ok ? 0 : 1);
