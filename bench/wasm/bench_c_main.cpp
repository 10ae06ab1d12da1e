// bench/wasm/bench_c_main.cpp — a wasm php (tests/wasm/php_cli.hpp) with the hand-written C
// baseline compiled in (bench/baseline.c, whose get_module() returns its module entry).
#include "../../tests/wasm/php_cli.hpp"

extern "C" zend_module_entry* get_module(void);

int main(int argc, char** argv) { return php_cli_main(argc, argv, {get_module()}); }
