<?php
// What a framework does before it answers: an autoloader, about 300 classes loaded, a container
// filled, a 1,000-route table compiled. Returns the function that answers a request.
spl_autoload_register(function (string $class) {
    $file = __DIR__ . '/src/' . str_replace('\\', '/', $class) . '.php';
    if (is_file($file)) require $file;
});
$services = [];
for ($i = 0; $i < 300; $i++) {
    $class = "App\\Service\\S$i";
    $services[$i] = new $class($i);
}
$routes = [];
for ($i = 0; $i < 1000; $i++) {
    $routes[] = ['#^/section' . intdiv($i, 50) . "/item$i/(?<id>\\d+)$#", $i];
}
$routes[] = ['#^/$#', 0];
return function () use ($services, $routes): void {
    $path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
    foreach ($routes as [$pattern, $n]) {
        if (preg_match($pattern, $path, $m)) {
            echo $services[$n % 300]->describe($m['id'] ?? '-'), "\n";
            return;
        }
    }
    http_response_code(404);
    echo "no route\n";
};
