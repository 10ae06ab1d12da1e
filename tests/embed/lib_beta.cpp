// tests/embed/lib_beta.cpp — a second lib-mode library ("pbbeta"), to show two
// libraries in one host: one after the other works, overlapping is refused.
#include "lib_modules.hpp"

#include <phpbind/embed.hpp>

namespace {
lifecycle_counters g_beta;
std::string counts() { return g_beta.text(); }
}  // namespace

PHPBIND_EXTENSION(beta_main, m) {
    count_lifecycle(m, g_beta);
    m.def<&counts>("beta_counts");
}

PHPBIND_RUNTIME_ABI(pbbeta, phpbind_module_beta_main())

PHPBIND_EXPORT long pbbeta_eval_int(const char* code) {
    try {
        return static_cast<long>(php::Runtime::active()->eval(code).view().as_int());
    } catch (...) {
        return -1;
    }
}
PHPBIND_EXPORT int pbbeta_counts(char* buf, size_t size) {
    std::string s = "beta: " + counts();
    std::snprintf(buf, size, "%s", s.c_str());
    return static_cast<int>(s.size());
}
