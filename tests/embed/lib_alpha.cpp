// tests/embed/lib_alpha.cpp — a lib-mode library ("pbalpha") with two phpbind
// modules; exercised by host.c.
#include "lib_modules.hpp"

#include <phpbind/embed.hpp>

#include <cstring>

namespace {
lifecycle_counters g_main, g_extra;
std::string counts() { return "main: " + g_main.text() + " | extra: " + g_extra.text(); }
int64_t twice(int64_t x) { return 2 * x; }
}  // namespace

PHPBIND_EXTENSION(alpha_main, m) {
    count_lifecycle(m, g_main);
    m.def<&counts>("alpha_counts");
}
PHPBIND_EXTENSION(alpha_extra, m) {
    count_lifecycle(m, g_extra);
    m.def<&twice>("alpha_twice", php::arg("x"));
}

PHPBIND_RUNTIME_ABI(pbalpha, phpbind_module_alpha_main(), phpbind_module_alpha_extra())

// The library's own API: plain C, no C++ exception ever crosses it (php::host_call; what went
// wrong is pbalpha_last_error()'s).
PHPBIND_EXPORT long pbalpha_eval_int(const char* code) {
    return php::host_call([&] { return static_cast<long>(php::Runtime::active()->eval(code).view().as_int()); });
}
PHPBIND_EXPORT int pbalpha_counts(char* buf, size_t size) {
    std::string s = counts();
    std::snprintf(buf, size, "%s", s.c_str());
    return static_cast<int>(s.size());
}
