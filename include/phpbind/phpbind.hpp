// phpbind/phpbind.hpp — the entry header: the binding core (values, casters, functions, classes,
// enums, interfaces, constants, INI, module globals, calls into PHP).
//
//   #include <phpbind/phpbind.hpp>
//
//   int64_t add(int64_t a, int64_t b) { return a + b; }
//
//   PHPBIND_EXTENSION(hello, m) {
//       m.def<&add>("add", php::arg("a"), php::arg("b") = 1);   // add(int $a, int $b = 1): int
//   }
//
// The optional parts are headers of their own, each with a compiled part that is linked into an
// extension only when the extension uses it (docs/design-notes.md, "Layers"):
//
//   <phpbind/heap.hpp>          php::Heap, the persistent (and fork-shared) heap
//   <phpbind/hooks.hpp>         module::hook<>(), php::hooks::install<>(): engine hooks
//   <phpbind/function_hooks.hpp> module::replace_function<>(): functions replaced by C++
//   <phpbind/object_hooks.hpp>  module::override_handler<>(): object handlers of internal classes
//   <phpbind/observer.hpp>      module::observe_calls<>() and observe_errors<>(), php::Frame
//   <phpbind/native.hpp>        native Closures and functions defined at run time
//   <phpbind/embed.hpp>         embedding the engine in a C++ program (php::Runtime, php::run_main)
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
#include <phpbind/allocator.hpp>
#include <phpbind/persistent.hpp>
#include <phpbind/retained.hpp>
#include <phpbind/args.hpp>
#include <phpbind/module.hpp>
#include <phpbind/serialization.hpp>
#include <phpbind/class.hpp>
#include <phpbind/exception_class.hpp>
#include <phpbind/ini.hpp>
#include <phpbind/enum.hpp>
