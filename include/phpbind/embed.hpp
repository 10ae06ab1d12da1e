// phpbind/embed.hpp — lib mode: a shared library that carries its own PHP runtime.
//
//   // mylib.cpp, built with phpbind_add_embed_library(mylib ...)
//   PHPBIND_EXTENSION(mylib, m) { ... }               // the library's module(s)
//   PHPBIND_RUNTIME_ABI(mylib, phpbind_module_mylib())
//
// defines the project-named C entry points a host calls:
//
//   int  mylib_runtime_init(int argc, char** argv);   // 0 on success
//   void mylib_runtime_shutdown(void);
//
// init starts the engine with the library's modules and opens one request,
// which every call shares until shutdown closes it and stops the engine.
// Several such libraries may live in one process: used one after the other
// they work; while one owns the engine, another's init is refused.
#pragma once

#include <phpbind/runtime.hpp>

PHPBIND_NAMESPACE_BEGIN

/// Return codes of <project>_runtime_init().
enum runtime_init_status : int {
    runtime_ok = 0,
    runtime_already_initialized = 1,  // this library's runtime is running
    runtime_engine_busy = 2,  // another runtime owns the engine
    runtime_start_failed = 3,  // the engine did not start
};

namespace detail {
struct lib_runtime {
    Runtime* rt = nullptr;
};
int lib_runtime_init(lib_runtime& lib, int argc, char** argv, std::vector<zend_module_entry*> modules) noexcept;
void lib_runtime_shutdown(lib_runtime& lib) noexcept;
}  // namespace detail

PHPBIND_NAMESPACE_END

#define PHPBIND_RUNTIME_ABI(project, ...)                                                                              \
    namespace {                                                                                                        \
    ::php::detail::lib_runtime phpbind_lib_runtime_##project;                                                          \
    }                                                                                                                  \
    PHPBIND_EXPORT int project##_runtime_init(int argc, char** argv) {                                                 \
        return ::php::detail::lib_runtime_init(phpbind_lib_runtime_##project, argc, argv, {__VA_ARGS__});              \
    }                                                                                                                  \
    PHPBIND_EXPORT void project##_runtime_shutdown(void) {                                                             \
        ::php::detail::lib_runtime_shutdown(phpbind_lib_runtime_##project);                                            \
    }
