// tests/embed/bin_main.cpp — a bin-mode program: runs the PHP script named on
// its command line with two phpbind modules; exit status is PHP's.
#include "lib_modules.hpp"

#include <phpbind/runtime.hpp>

#include <cstdio>

namespace {
lifecycle_counters g_one, g_two;
std::string counts() { return "one: " + g_one.text() + " | two: " + g_two.text(); }
int64_t twice(int64_t x) { return 2 * x; }
}  // namespace

PHPBIND_EXTENSION(bin_one, m) {
    count_lifecycle(m, g_one);
    m.def<&counts>("bin_counts");
    // After the runtime is gone: every callback ran exactly once.
    m.on_shutdown([] { std::printf("at MSHUTDOWN: %s\n", counts().c_str()); });
}
PHPBIND_EXTENSION(bin_two, m) {
    count_lifecycle(m, g_two);
    m.def<&twice>("bin_twice", php::arg("x"));
}

int main(int argc, char** argv) {
    return php::run_main(argc, argv, {phpbind_module_bin_one(), phpbind_module_bin_two()});
}
