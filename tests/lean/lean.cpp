// tests/lean/lean.cpp — an extension that uses only the binding core (functions, a class, a
// constant). ctest `lean-link` reads its symbol table with nm: none of the optional parts (the
// persistent heap, engine hooks, replaced functions, observers, native functions) may be linked in.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace {

class Counter {
public:
    explicit Counter(int64_t start) : n_(start) {}
    int64_t inc(int64_t by) { return n_ += by; }
    int64_t n() const { return n_; }

private:
    int64_t n_;
};

std::string repeat(std::string_view s, int64_t times) {
    if (times < 0) throw php::argument_value_error(2, "must be greater than or equal to 0");
    std::string out;
    for (int64_t i = 0; i < times; ++i) out += s;
    return out;
}

int64_t total(const std::vector<int64_t>& values) {
    int64_t sum = 0;
    for (int64_t v : values) sum += v;
    return sum;
}

}  // namespace

PHPBIND_EXTENSION(lean, m) {
    m.def<&repeat>("Lean\\repeat", php::arg("s"), php::arg("times"));
    m.def<&total>("Lean\\total", php::arg("values"));
    m.constant("Lean\\ANSWER", 42);
    m.class_<Counter>("Lean\\Counter")
        .constructor<int64_t>(php::arg("start") = 0)
        .def<&Counter::inc>("inc", php::arg("by") = 1)
        .property_readonly<&Counter::n>("n");
}
