// tests/ext/asan_probe.cpp — a deliberate heap overflow, built only into the
// sanitizer variant of the test extension. The asan-probe test calls it to
// prove the sanitizer setup really reports errors in extension code.
#include "test_ext.hpp"

#include <cstring>
#include <memory>

namespace {
int64_t asan_probe(int64_t n) {
    auto buf = std::make_unique<char[]>(8);
    std::memset(buf.get(), 'x', static_cast<size_t>(n));  // n > 8 overflows
    return buf[0];
}
}  // namespace

void register_asan_probe(php::module& m) { m.def<&asan_probe>("pb_asan_probe", php::arg("n")); }
