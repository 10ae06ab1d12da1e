<?php
// Run with: php -d extension=build/examples/hello.so examples/hello/demo.php
use function Hello\{greet, slugify, word_count, fibonacci, find_word};

echo greet("PHP"), "\n";
echo greet("C++", times: 2), "\n";
echo slugify("Hello, World! C++ & PHP"), "\n";
echo slugify("Zend Engine Internals", separator: "_"), "\n";
printf("%d words\n", word_count("the quick brown fox jumps over the lazy dog"));
printf("fibonacci(90) = %d\n", fibonacci(90));
var_dump(find_word("bind once, call fast", "call"), find_word("abc", "z"));
echo "Hello\\VERSION = ", Hello\VERSION, "\n";

foreach ([fn() => fibonacci(300), fn() => greet("x", 0), fn() => fibonacci(95)] as $f) {
    try {
        $f();
    } catch (Throwable $e) {
        echo get_class($e), ": ", $e->getMessage(), "\n";
    }
}
echo new ReflectionFunction('Hello\greet');
