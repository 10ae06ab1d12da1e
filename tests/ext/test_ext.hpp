// tests/ext/test_ext.hpp — the topics of the phpbind_test extension.
#pragma once

#include <phpbind/phpbind.hpp>

void register_functions(php::module& m);
void register_exceptions(php::module& m);
void register_exception_classes(php::module& m);
void register_lifecycle(php::module& m);
void register_values(php::module& m);
void register_calls(php::module& m);
void register_persistent(php::module& m);
void register_classes(php::module& m);
void register_ini(php::module& m);
void register_enums(php::module& m);
void register_protocols(php::module& m);
void register_edges(php::module& m);
void register_asan_probe(php::module& m);
