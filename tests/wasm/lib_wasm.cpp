// tests/wasm/lib_wasm.cpp — a WebAssembly library ("pbwasm") with two phpbind modules, driven from
// JavaScript by lib_test.js: the library mode's rules (phpbind_add_wasm_library).
#include "../embed/lib_modules.hpp"

#include <phpbind/embed.hpp>

#include <emscripten.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace {
lifecycle_counters g_main, g_extra;
std::string counts() { return "main: " + g_main.text() + " | extra: " + g_extra.text(); }
int64_t twice(int64_t x) { return 2 * x; }

// Calls the host's Module.onHostCall() (set by the test) from PHP: the host calls back into the
// library from there, which host_call refuses.
std::string call_host() {
    char* s = reinterpret_cast<char*>(static_cast<intptr_t>(EM_ASM_INT({
        var text = String(Module['onHostCall'] ? Module['onHostCall']() : 'no onHostCall');
        var size = lengthBytesUTF8(text) + 1;
        var p = _malloc(size);
        stringToUTF8(text, p, size);
        return p;
    })));
    std::string out(s);
    std::free(s);
    return out;
}

// A C++ exception that is not PHP's, thrown inside a bound function: PHP sees an Error; let
// through a host_call body, the host sees kind "error".
void cpp_throw() { throw std::runtime_error("thrown in C++"); }
}  // namespace

PHPBIND_EXTENSION(pbwasm_main, m) {
    count_lifecycle(m, g_main);
    m.def<&counts>("pbwasm_counts");
    m.def<&call_host>("pbwasm_call_host");
    m.def<&cpp_throw>("pbwasm_cpp_throw");
    // After the runtime is disposed: every callback ran exactly once per request.
    m.on_shutdown([] { std::printf("at MSHUTDOWN: %s\n", counts().c_str()); });
}
PHPBIND_EXTENSION(pbwasm_extra, m) {
    count_lifecycle(m, g_extra);
    m.def<&twice>("pbwasm_twice", php::arg("x"));
}

PHPBIND_RUNTIME_ABI(pbwasm, phpbind_module_pbwasm_main(), phpbind_module_pbwasm_extra())

// The library's API. eval: runs PHP statements, returns their `return` value as JSON.
PHPBIND_EXPORT const char* pbwasm_eval(const char* code) {
    return php::host_call([&] { return php::call<std::string>("json_encode", php::Runtime::active()->eval(code)); });
}
// A PHP function called with numbers.
PHPBIND_EXPORT double pbwasm_twice(double x) {
    return php::host_call([&] { return php::call<double>("pbwasm_twice", static_cast<int64_t>(x)); });
}
PHPBIND_EXPORT bool pbwasm_is_even(double x) {
    return php::host_call([&] { return static_cast<int64_t>(x) % 2 == 0; });
}
PHPBIND_EXPORT const char* pbwasm_counts() {
    return php::host_call([] { return counts(); });
}
// C++ code that throws a std::exception of its own, outside PHP.
PHPBIND_EXPORT void pbwasm_fail() {
    php::host_call([] { throw std::invalid_argument("the host's C++ failed"); });
}
