// bench/phpbind_bench.cpp — the benchmarked functions, bound with phpbind.
//
// Written the way the documentation teaches: plain C++ functions with C++
// types, bound with m.def<&fn> and named with php::arg, no engine API. Each
// function has exactly the PHP signature of its counterpart in baseline.c.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <string_view>

namespace {

// add(int $a, int $b): int
int64_t add(int64_t a, int64_t b) { return a + b; }

// strlen2(string $s): int
int64_t strlen2(std::string_view s) { return static_cast<int64_t>(s.size()); }

} // namespace

PHPBIND_EXTENSION(phpbind_bench, m) {
    using php::arg;
    m.version("1.0.0");
    m.def<&add>("add", arg("a"), arg("b"));
    m.def<&strlen2>("strlen2", arg("s"));
}
