// tests/ext/native.cpp — C++ callables as PHP values at run time
// (phpbind/native.hpp): Closures returned as std::function, as lambdas and
// through php::closure(), and functions defined during a request
// (tests/phpt/native/).
#include "test_ext.hpp"
#include <phpbind/native.hpp>

#include <functional>
#include <memory>
#include <string>

namespace {

int64_t g_released = 0;  // captured states destroyed since startup

// Captured by a closure: counts its destruction.
struct tracked {
    std::string label;
    explicit tracked(std::string l) : label(std::move(l)) {}
    tracked(const tracked&) = delete;
    ~tracked() { ++g_released; }
};

// A std::function result: `pb_native_adder(5)(2) === 7`.
std::function<int64_t(int64_t)> adder(int64_t n) {
    return [n](int64_t x) { return checked_add(x, n); };
}

}  // namespace

void register_native(php::module& m) {
    m.def<&adder>("pb_native_adder", php::arg("n"));
    // A lambda result with state of its own: each call counts up.
    m.def("pb_native_counter", [](int64_t from) { return [n = from]() mutable { return n++; }; }, php::arg("from") = 0);
    // A capture released with the last copy of the Closure.
    m.def(
        "pb_native_tracked",
        [](std::string label) {
            auto t = std::make_shared<tracked>(std::move(label));
            return php::closure([t](std::string_view suffix) { return t->label + std::string(suffix); });
        },
        php::arg("label"));
    m.def("pb_native_released", [] { return g_released; });
    // A PHP value held by the Closure (a request value: the Closure is one too).
    m.def("pb_native_keep", [](php::Value v) { return php::closure([v]() { return v; }); }, php::arg("value"));
    // A Closure calling PHP: its failures cross back as any bound function's do.
    m.def(
        "pb_native_caller",
        [](std::string fn) { return php::closure([fn](php::ValueView arg) { return php::call(fn, arg); }); },
        php::arg("function"));
    // Errors of its own, and a void one.
    m.def(
        "pb_native_divider",
        [](int64_t d) {
            return php::closure([d](int64_t x) -> int64_t {
                if (d == 0) throw php::division_by_zero_error("Division by zero");
                return x / d;
            });
        },
        php::arg("divisor"));
    m.def("pb_native_void", [] { return php::closure([](int64_t) {}); });
    // A function defined for the rest of the request: name(int $x, int $times = 2): int.
    m.def(
        "pb_native_define",
        [](std::string name, int64_t k) {
            php::define_function(
                name, [k](int64_t x, int64_t times) { return checked_mul(checked_mul(x, k), times); }, php::arg("x"),
                php::arg("times") = 2);
        },
        php::arg("name"), php::arg("factor"));
    // PHP Closures published as a function or a method for the rest of the request.
    m.def(
        "pb_publish_function", [](std::string name, php::ObjectView closure) { php::publish_function(name, closure); },
        php::arg("name"), php::arg("closure"));
    m.def(
        "pb_publish_method",
        [](std::string cls, std::string method, php::ObjectView closure, bool is_static) {
            php::publish_method(cls, method, closure, is_static);
        },
        php::arg("class"), php::arg("method"), php::arg("closure"), php::arg("static") = false);
    // One that calls a PHP function by name (the crossing matrix).
    m.def(
        "pb_native_define_caller",
        [](std::string name) {
            php::define_function(name, [](std::string fn) { php::call(fn); }, php::arg("function"));
        },
        php::arg("name"));
}
