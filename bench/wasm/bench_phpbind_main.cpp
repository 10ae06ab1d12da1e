// bench/wasm/bench_phpbind_main.cpp — a wasm php (tests/wasm/php_cli.hpp) with the phpbind twin of
// the baseline compiled in (bench/phpbind_bench.cpp).
#include "../../tests/wasm/php_cli.hpp"

extern "C" zend_module_entry* phpbind_module_phpbind_bench();

int main(int argc, char** argv) { return php_cli_main(argc, argv, {phpbind_module_phpbind_bench()}); }
