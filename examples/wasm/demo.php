<?php
// Run with: node --no-experimental-fetch build-matrix/wasm/examples/wasm/hello_cmd.js examples/wasm/demo.php
// examples/hello's demo under WebAssembly, where PHP's int is 32 bits (wasm32): fibonacci(46) is
// the last that fits, fibonacci(90) fits natively but not here.
use function Hello\{greet, slugify, word_count, fibonacci, find_word};

echo greet("WebAssembly"), "\n";
echo slugify("Hello, World! C++ & PHP"), "\n";
printf("%d words\n", word_count("the quick brown fox jumps over the lazy dog"));
printf("PHP_INT_SIZE = %d, fibonacci(46) = %d\n", PHP_INT_SIZE, fibonacci(46));
var_dump(find_word("bind once, call fast", "call"));
foreach ([fn() => fibonacci(90), fn() => fibonacci(300), fn() => greet("x", 0)] as $f) {
    try {
        $f();
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
try {
    (new Fiber(fn() => 1))->start();
} catch (FiberError $e) {
    echo "FiberError: ", $e->getMessage(), "\n";
}
echo "argv: ", implode(" ", array_slice($argv, 1)), "\n";
exit(3);
