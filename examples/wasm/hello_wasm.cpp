// examples/wasm/hello_wasm.cpp — examples/hello's module in a WebAssembly library ("hellowasm"):
// the page (index.html) starts PHP once and runs each snippet the user types in the request
// they all share.
#include <phpbind/embed.hpp>

#include <string>

extern "C" zend_module_entry* phpbind_module_hello();

PHPBIND_RUNTIME_ABI(hellowasm, phpbind_module_hello())

namespace {
std::string g_printed;  // what the last snippet printed
}

// Runs PHP statements and returns what they printed. A PHP exception the snippet throws comes
// back to JavaScript as a PhpError, exit() and fatal errors too (the next snippet then runs in a
// fresh request); what it printed before is hellowasm_printed()'s.
PHPBIND_EXPORT const char* hellowasm_run(const char* code) {
    g_printed.clear();
    return php::host_call([&] {
        php::call<bool>("ob_start");
        try {
            php::Runtime::active()->eval(code);
        } catch (const php::error_already_set&) {
            g_printed = php::call<std::string>("ob_get_clean");
            throw;
        }
        g_printed = php::call<std::string>("ob_get_clean");
        return g_printed;
    });
}

PHPBIND_EXPORT const char* hellowasm_printed() {
    return php::host_call([] { return g_printed; });
}
