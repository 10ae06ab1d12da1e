// examples/wasm/hello_cmd.cpp — the command mode: a wasm program that runs a PHP script with
// examples/hello's module compiled in, the same main as a native bin-mode program.
//
//   node --no-experimental-fetch hello_cmd.js script.php [args...]
#include <phpbind/runtime.hpp>

extern "C" zend_module_entry* phpbind_module_hello();

int main(int argc, char** argv) { return php::run_main(argc, argv, {phpbind_module_hello()}); }
