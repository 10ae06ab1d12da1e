<?php
// examples/server/tests/check-server.php — phpbind-server driven over raw sockets: PHP and
// static files, keep-alive and pipelining, chunked bodies both ways, validators and ranges, then
// what a hostile or broken client sends, worker recycling and a graceful stop.
//
//   php check-server.php <phpbind-server>
//
// Prints one line per case; exit status 0 when every case got what it must.
[$self, $server] = $argv + [null, null];
if (!$server) { fwrite(STDERR, "usage: php check-server.php <phpbind-server>\n"); exit(2); }
$root = __DIR__ . '/www';
$work = sys_get_temp_dir() . '/pbhttp' . getmypid();
@mkdir($work);
$log = "$work/access.log";
/** Starts phpbind-server on a port the system picks; returns [process, port]. */
function start_server(string $server, array $args, string $err): array {
    $proc = proc_open(array_merge([$server, '--listen', '127.0.0.1:0'], $args), [1 => ['file', '/dev/null', 'w'], 2 => ['file', $err, 'w']], $pipes);
    for ($i = 0; $i < 100; $i++) {
        if (preg_match('/on http:\/\/127\.0\.0\.1:(\d+)\//', (string)@file_get_contents($err), $m)
            && ($probe = @stream_socket_client("tcp://127.0.0.1:$m[1]", $e1, $e2, 1))) {
            fclose($probe);
            return [$proc, (int)$m[1]];
        }
        usleep(50000);
    }
    echo "the server did not start:\n", @file_get_contents($err);
    exit(1);
}
[$proc, $port] = start_server($server, ['--root', $root, '--workers', '2', '--max-requests', '40', '--access-log', $log,
                                        '--max-body', '1M', '--header-timeout', '2', '-d', 'max_execution_time=1'], "$work/err");

$failures = 0;
$requests = 0;  // requests the access log must hold at least
function check(string $what, bool $ok, string $detail = ''): void {
    global $failures;
    echo ($ok ? 'ok   ' : 'FAIL '), $what, $ok || $detail === '' ? '' : ": $detail", "\n";
    if (!$ok) $failures++;
}
function connect() {
    global $port;
    $s = stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 5);
    stream_set_timeout($s, 10);
    return $s;
}
/** Reads one response: [status, headers (lower-case names), body]; null when the connection closed first. */
function response($s, bool $head = false): ?array {
    $line = fgets($s);
    if ($line === false || $line === '') return null;
    $status = (int)explode(' ', $line)[1];
    $headers = [];
    while (($h = fgets($s)) !== false && rtrim($h, "\r\n") !== '') {
        [$k, $v] = explode(':', rtrim($h, "\r\n"), 2);
        $headers[strtolower($k)] = ltrim($v);
    }
    $body = '';
    if ($head || $status === 304 || $status === 204 || $status < 200) return [$status, $headers, ''];
    if (($headers['transfer-encoding'] ?? '') === 'chunked') {
        while (($size = hexdec(trim((string)fgets($s)))) > 0) {
            $body .= stream_get_contents($s, $size);
            fgets($s);
        }
        fgets($s);
    } elseif (isset($headers['content-length'])) {
        $body = $headers['content-length'] > 0 ? stream_get_contents($s, (int)$headers['content-length']) : '';
    } else {
        $body = stream_get_contents($s);
    }
    return [$status, $headers, $body];
}
function request(string $raw, bool $head = false): ?array {
    $s = connect();
    fwrite($s, $raw);
    $r = response($s, $head);
    fclose($s);
    return $r;
}
function get(string $target, array $headers = [], string $method = 'GET'): ?array {
    global $requests;
    $requests++;
    return request("$method $target HTTP/1.1\r\nHost: localhost\r\n" . implode('', array_map(fn($h) => "$h\r\n", $headers))
                   . "Connection: close\r\n\r\n", $method === 'HEAD');
}

// ---- what a client expects -----------------------------------------------------------------------
$r = get('/?name=you');
check('PHP through serve(), chunked', $r[0] === 200 && $r[2] === "hello you\n" && $r[1]['transfer-encoding'] === 'chunked',
      json_encode($r));
$r = get('/dir/');
check('a directory index', $r[0] === 200 && $r[2] === "index of dir\n", json_encode($r));
$r = get('/dir');
check('a directory without its slash: 301', $r[0] === 301 && $r[1]['location'] === '/dir/', json_encode($r));
$s = connect();
fwrite($s, "GET /?name=one HTTP/1.1\r\nHost: x\r\n\r\n");
$a = response($s);
fwrite($s, "GET /?name=two HTTP/1.1\r\nHost: x\r\n\r\n");
$b = response($s);
fclose($s);
$requests += 2;
check('keep-alive: two requests on one connection', $a[2] === "hello one\n" && $b[2] === "hello two\n" && $a[1]['connection'] === 'keep-alive');
$s = connect();
fwrite($s, "GET /?name=p1 HTTP/1.1\r\nHost: x\r\n\r\nGET /static.txt HTTP/1.1\r\nHost: x\r\n\r\nGET /?name=p3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
$p = [response($s), response($s), response($s)];
fclose($s);
$requests += 3;
check('pipelining: three requests in one write', $p[0][2] === "hello p1\n" && $p[1][2] === "static text\n" && $p[2][2] === "hello p3\n");
// Four keep-alive clients at once: each stays open while the others are served (a worker reads
// every client it holds), and each worker holds two (a new client goes to the one with fewest).
$clients = $first = [];
for ($i = 0; $i < 4; $i++) {
    $clients[$i] = connect();
    fwrite($clients[$i], "GET /pid.php HTTP/1.1\r\nHost: x\r\n\r\n");
    $r = response($clients[$i]);
    $first[] = [trim($r[2] ?? ''), $r[1]['connection'] ?? ''];
}
$again = [];
foreach ($clients as $s) {
    fwrite($s, "GET /pid.php HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    $again[] = trim(response($s)[2] ?? '');
    fclose($s);
}
$requests += 8;
$per_worker = array_count_values(array_column($first, 0));
check('four keep-alive clients: all kept open, two on each worker, each served again by its worker',
      count($per_worker) === 2 && max($per_worker) === 2 && array_column($first, 1) === array_fill(0, 4, 'keep-alive')
      && $again === array_column($first, 0), json_encode([$first, $again]));
$r = request("GET /?name=old HTTP/1.0\r\n\r\n");
$requests++;
check('HTTP/1.0: no chunking, the body ends with the connection',
      $r[0] === 200 && $r[2] === "hello old\n" && !isset($r[1]['transfer-encoding']) && $r[1]['connection'] === 'close', json_encode($r));
$r = get('/big.php?n=300000');
check('a large chunked response', $r[0] === 200 && strlen($r[2]) === 300000 && $r[2] === str_repeat('b', 300000));
$r = get('/static.txt');
check('a static file: type, length, validators', $r[0] === 200 && $r[2] === "static text\n" && $r[1]['content-type'] === 'text/plain; charset=UTF-8'
      && $r[1]['content-length'] === '12' && isset($r[1]['etag'], $r[1]['last-modified']), json_encode($r));
$etag = $r[1]['etag'];
$r = get('/static.txt', ["If-None-Match: $etag"]);
check('If-None-Match: 304 without a body', $r[0] === 304 && $r[2] === '', json_encode($r));
$r = get('/static.txt', ['Range: bytes=2-5']);
check('Range bytes=2-5: 206', $r[0] === 206 && $r[2] === 'atic' && $r[1]['content-range'] === 'bytes 2-5/12', json_encode($r));
$r = get('/static.txt', ['Range: bytes=-4']);
check('Range bytes=-4: the last four', $r[0] === 206 && $r[2] === "ext\n", json_encode($r));
$r = get('/static.txt', ['Range: bytes=100-']);
check('Range past the end: 416', $r[0] === 416 && $r[1]['content-range'] === 'bytes */12', json_encode($r));
$r = get('/static.txt', [], 'HEAD');
check('HEAD of a static file: headers only', $r[0] === 200 && $r[1]['content-length'] === '12', json_encode($r));
$r = get('/static.txt', [], 'DELETE');
check('another method on a static file: 405', $r[0] === 405 && $r[1]['allow'] === 'GET, HEAD', json_encode($r));
$r = get('/?name=head', [], 'HEAD');
check('HEAD of a script: no body', $r[0] === 200, json_encode($r));
$body = http_build_query(['a' => '1', 'b' => ['x', 'y']]);
$requests++;
$r = request("POST /echo.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " . strlen($body)
             . "\r\nX-Test: posted\r\nConnection: close\r\n\r\n$body");
check('a POST body', $r[2] === "POST " . strlen($body) . ' ' . md5($body) . ' {"a":"1","b":["x","y"]} posted' . "\n", json_encode($r));
$requests++;
$r = request("PUT /echo.php HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n7\r\n, world\r\n0\r\n\r\n");
check('a chunked request body', $r[2] === 'PUT 12 ' . md5('hello, world') . " [] -\n", json_encode($r));
$s = connect();
$requests++;
fwrite($s, "POST /echo.php HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n");
$interim = response($s);
fwrite($s, "12345");
$r = response($s);
fclose($s);
check('Expect: 100-continue', $interim[0] === 100 && $r[0] === 200 && str_starts_with($r[2], 'POST 5 '), json_encode([$interim, $r]));

// ---- what a hostile or broken client sends ---------------------------------------------------------
$r = request("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " . str_repeat('h', 1 << 20) . "\r\n\r\n");
check('a 1 MB header: 431', $r[0] === 431, json_encode($r[0] ?? null));
$many = '';
for ($i = 0; $i < 10000; $i++) $many .= "X-H$i: v\r\n";
$r = request("GET / HTTP/1.1\r\nHost: x\r\n$many\r\n");
check('10,000 headers: 431', $r[0] === 431, json_encode($r[0] ?? null));
foreach (['/a%zz.php' => 400, '/index.php%00.txt' => 400, '/../index.php' => 400, '/missing.php' => 404, '/missing.txt' => 404] as $t => $want) {
    $r = get($t);
    check("target $t: $want", $r[0] === $want, json_encode($r[0] ?? null));
}
$r = request("GET /in\0dex.php HTTP/1.1\r\nHost: x\r\n\r\n");
check('a NUL byte in the request line: 400', $r[0] === 400, json_encode($r[0] ?? null));
$r = request("GARBAGE\r\n\r\n");
check('not HTTP: 400', $r[0] === 400, json_encode($r[0] ?? null));
$r = request("POST /echo.php HTTP/1.1\r\nHost: x\r\nContent-Length: " . (2 << 20) . "\r\n\r\n");
check('a body over --max-body: 413 before it is read', $r[0] === 413, json_encode($r[0] ?? null));
$s = connect();
$requests++;
fwrite($s, "POST /echo.php HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcdefg");
$first = response($s);
$second = response($s);
fclose($s);
check('a body longer than Content-Length: PHP gets Content-Length bytes; the rest starts a request that never completes (408)',
      $first[0] === 200 && str_starts_with($first[2], 'POST 3 ' . md5('abc')) && ($second[0] ?? 0) === 408, json_encode([$first, $second]));
$s = connect();
fwrite($s, "POST /echo.php HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly this");
fclose($s);  // leaves mid-body
$s = connect();
fwrite($s, "GET /big.php?n=5000000 HTTP/1.1\r\nHost: x\r\n\r\n");
fread($s, 1000);
fclose($s);  // leaves mid-response
$requests++;  // the mid-response one is logged
$r = get('/?name=after');
check('clients leaving mid-body and mid-response: the next is served', $r[2] === "hello after\n", json_encode($r));
// A slow client: one byte every 300 ms holds one worker, not the other; its header times out (408).
$slow = connect();
fwrite($slow, 'G');
$t0 = microtime(true);
$fast = get('/?name=fast');
$fast_time = microtime(true) - $t0;
foreach (str_split('ET / HTTP/1.1') as $ch) { @fwrite($slow, $ch); usleep(300000); }
$late = response($slow);
fclose($slow);
check('a client sending a byte at a time does not hold the others back; its header times out: 408',
      $fast[2] === "hello fast\n" && $fast_time < 1.5 && ($late[0] ?? 0) === 408, json_encode([$fast_time, $late[0] ?? null]));
$r = get('/loop.php');
check('a script past max_execution_time: 500, and the worker goes on', $r[0] === 500 && get('/?name=next')[2] === "hello next\n",
      json_encode($r));

// ---- workers -----------------------------------------------------------------------------------------
$pids = [];
for ($i = 0; $i < 100; $i++) $pids[trim(get('/pid.php')[2])] = true;
check('workers recycled after --max-requests (40): more than two processes served 100 requests', count($pids) > 2, count($pids) . ' pids');

$s = connect();
fwrite($s, "GET /sleep.php?ms=800 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
usleep(200000);
$requests++;
proc_terminate($proc, 15);
$r = response($s);
fclose($s);
$t0 = microtime(true);
// (proc_get_status() reports the exit code once: the call that sees the process gone.)
while (($status = proc_get_status($proc))['running'] && microtime(true) - $t0 < 5) usleep(50000);
check('SIGTERM: the request in flight completes, then the server exits 0', $r[2] === "slept\n" && !$status['running'] && $status['exitcode'] === 0,
      json_encode([$r, $status['exitcode']]));
proc_close($proc);

// ---- worker mode -------------------------------------------------------------------------------------
$logged = $requests;  // the classic server's requests: the worker-mode server keeps no access log
[$proc, $port] = start_server($server, ['--root', $root, '--workers', '1', '--worker', "$root/worker.php",
                                        '--max-requests', '1000'], "$work/werr");
$state = fn(string $q = '') => json_decode(get("/state$q")[2] ?? 'null', true);
$a = $state('?x=1');
$b = $state('?y=2');
check('worker mode: booted once, each request with its own $_GET', $a['boot'] === $b['boot'] && $b['handled'] === $a['handled'] + 1
      && $a['get'] === ['x' => '1'] && $b['get'] === ['y' => '2'], json_encode([$a, $b]));
$r = get('/pollute?z=3');
$c = $state();
check('worker mode: a request\'s $_GET, headers, status and output buffers do not reach the next',
      $r[0] === 418 && $r[2] === "left in a buffer\n" && $c['get'] === [] && $c['status'] === 200
      && !preg_grep('/Leaked/', $c['headers']) && $c['boot'] === $a['boot'], json_encode([$r, $c]));
$r = get('/throw');
$d = $state();
check('worker mode: an uncaught exception gives 500, and the worker goes on', $r[0] === 500 && $d['boot'] === $a['boot'],
      json_encode([$r[0], $d]));
$r = get('/exit');
$e = $state();
check('worker mode: exit() ends the request (500, nothing sent) and the worker starts again',
      $r[0] === 500 && $e['boot'] !== $a['boot'] && $e['handled'] === 1, json_encode([$r[0], $e]));
$body = 'a=1&b[]=2';
$r = request("POST /post HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 9\r\nConnection: close\r\n\r\n$body");
$f = get('/static.txt');
check('worker mode: a POST body; static files served beside the worker', $r[2] === "9 {\"a\":\"1\",\"b\":[\"2\"]}\n"
      && $f[2] === "static text\n", json_encode([$r, $f]));
$s = connect();
fwrite($s, "GET /state HTTP/1.1\r\nHost: x\r\n\r\nGET /state?k=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
$g = [response($s), response($s)];
fclose($s);
$g = array_map(fn($x) => json_decode($x[2], true), $g);
check('worker mode: keep-alive and pipelining', $g[1]['handled'] === $g[0]['handled'] + 1 && $g[1]['get'] === ['k' => '1'], json_encode($g));
proc_terminate($proc, 15);
$t0 = microtime(true);
while (($status = proc_get_status($proc))['running'] && microtime(true) - $t0 < 5) usleep(50000);
check('worker mode: SIGTERM stops the server', !$status['running'] && $status['exitcode'] === 0, json_encode($status['exitcode']));
proc_close($proc);
$werr = file_get_contents("$work/werr");
check('worker mode: no worker ended by a signal', !str_contains($werr, 'ended by signal'), $werr);

$lines = file($log);
$wellformed = preg_grep('/^127\.0\.0\.1 - - \[[^\]]+\] "[^"]*" \d{3} \d+ "[^"]*" "[^"]*" \d+\.\d{3}$/', $lines);
check("the access log: a line for each request ($logged and the refused ones), each well-formed",
      count($lines) >= $logged && count($wellformed) === count($lines), count($lines) . ' lines, ' . count($wellformed) . ' well-formed');
$err = file_get_contents("$work/err");
check('no worker ended by a signal', !str_contains($err, 'ended by signal'), $err);
array_map('unlink', glob("$work/*"));
rmdir($work);
echo $failures ? "$failures case(s) failed\n" : "every case as expected\n";
exit($failures ? 1 : 0);
