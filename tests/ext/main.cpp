// tests/ext/main.cpp — the phpbind_test extension: one module, one file per topic.
#include "test_ext.hpp"

PHPBIND_EXTENSION(phpbind_test, m) {
    m.version("0.1.0-test");
    register_functions(m);
    register_exceptions(m);
    register_exception_classes(m);
    register_lifecycle(m);
    register_values(m);
    register_calls(m);
    register_persistent(m);
    register_heap(m);
    register_classes(m);
    register_ini(m);
    register_enums(m);
    register_protocols(m);
    register_edges(m);
    register_observers(m);
    register_hooks(m);
    register_object_hooks(m);
    register_native(m);
    register_memory(m);
#ifdef PHPBIND_TEST_ASAN_PROBE
    register_asan_probe(m);
#endif
}
