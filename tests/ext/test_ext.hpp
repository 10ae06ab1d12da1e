// tests/ext/test_ext.hpp — the topics of the phpbind_test extension.
#pragma once

#include <phpbind/phpbind.hpp>

#include <cstddef>
#include <cstdint>
#include <ranges>
#include <version>

// PHP's int is int64_t and a C++ overflow is undefined behaviour: a result that
// does not fit raises ArithmeticError instead (the fuzzer passes PHP_INT_MAX).
inline int64_t checked_add(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_add_overflow(a, b, &r)) throw php::arithmetic_error("Integer overflow");
    return r;
}
inline int64_t checked_mul(int64_t a, int64_t b) {
    int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) throw php::arithmetic_error("Integer overflow");
    return r;
}

// f(0), f(1), ... f(n - 1) as a sized view, computed as it is read: std::views::iota and
// transform where the standard library has them; a view of its own where it does not
// (Emscripten 3.1.6's libc++ has the range concepts but no range adaptors).
#if defined(__cpp_lib_ranges)
template <class F>
auto index_view(int64_t n, F f) {
    return std::views::iota(int64_t{0}, n) | std::views::transform(f);
}
#else
template <class F>
class mapped_indexes : public std::ranges::view_base {
public:
    mapped_indexes() = default;
    mapped_indexes(int64_t n, F f) : n_(n), f_(f) {}
    struct iterator {
        using value_type = std::invoke_result_t<const F&, int64_t>;
        using difference_type = std::ptrdiff_t;
        int64_t i = 0;
        const F* f = nullptr;
        value_type operator*() const { return (*f)(i); }
        iterator& operator++() {
            ++i;
            return *this;
        }
        iterator operator++(int) {
            iterator old = *this;
            ++i;
            return old;
        }
        bool operator==(const iterator& o) const { return i == o.i; }
    };
    iterator begin() const { return {0, &f_}; }
    iterator end() const { return {n_, &f_}; }
    size_t size() const { return static_cast<size_t>(n_); }

private:
    int64_t n_ = 0;
    F f_{};
};
template <class F>
auto index_view(int64_t n, F f) {
    return mapped_indexes<F>(n, f);
}
#endif

void register_functions(php::module& m);
void register_exceptions(php::module& m);
void register_exception_classes(php::module& m);
void register_lifecycle(php::module& m);
void register_values(php::module& m);
void register_calls(php::module& m);
void register_persistent(php::module& m);
void register_heap(php::module& m);
void register_classes(php::module& m);
void register_ini(php::module& m);
void register_enums(php::module& m);
void register_protocols(php::module& m);
void register_edges(php::module& m);
void register_observers(php::module& m);
void register_hooks(php::module& m);
void register_object_hooks(php::module& m);
void register_native(php::module& m);
void register_memory(php::module& m);
void register_asan_probe(php::module& m);
