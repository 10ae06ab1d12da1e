// tests/embed/bin_main.cpp — a bin-mode program: runs the PHP script named on
// its command line with two phpbind modules; exit status is PHP's.
#include "lib_modules.hpp"

#include <phpbind/runtime.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {
lifecycle_counters g_one, g_two;
std::string counts() { return "one: " + g_one.text() + " | two: " + g_two.text(); }
int64_t twice(int64_t x) { return 2 * x; }
// Past memory_limit while converting its result: the engine's fatal error, then the shutdown
// functions, and the program goes on to MSHUTDOWN (scripts/oom.php).
std::vector<std::string> words(int64_t n) {
    return std::vector<std::string>(static_cast<size_t>(n), std::string(40, 'w'));
}
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
    m.def<&words>("bin_words", php::arg("n"));
}

int main(int argc, char** argv) {
    return php::run_main(argc, argv, {phpbind_module_bin_one(), phpbind_module_bin_two()});
}
