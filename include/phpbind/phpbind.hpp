// phpbind/phpbind.hpp — the entry header: everything a PHP extension written with phpbind needs.
//
//   #include <phpbind/phpbind.hpp>
//
//   int64_t add(int64_t a, int64_t b) { return a + b; }
//
//   PHPBIND_EXTENSION(hello, m) {
//       m.def<&add>("add", php::arg("a"), php::arg("b") = 1);   // add(int $a, int $b = 1): int
//   }
#pragma once

#include <phpbind/engine.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/exceptions.hpp>
#include <phpbind/value.hpp>
#include <phpbind/caster.hpp>
#include <phpbind/string.hpp>
#include <phpbind/array.hpp>
#include <phpbind/object.hpp>
#include <phpbind/call.hpp>
#include <phpbind/stl.hpp>
#include <phpbind/persistent.hpp>
#include <phpbind/heap.hpp>
#include <phpbind/retained.hpp>
#include <phpbind/args.hpp>
#include <phpbind/function.hpp>
#include <phpbind/module.hpp>
#include <phpbind/native.hpp>
#include <phpbind/hooks.hpp>
#include <phpbind/object_hooks.hpp>
#include <phpbind/observer.hpp>
#include <phpbind/serialization.hpp>
#include <phpbind/class.hpp>
#include <phpbind/exception_class.hpp>
#include <phpbind/ini.hpp>
#include <phpbind/enum.hpp>
