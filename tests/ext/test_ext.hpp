// tests/ext/test_ext.hpp — the topics of the phpbind_test extension.
#pragma once

#include <phpbind/phpbind.hpp>

#include <cstdint>

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
