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
//   const char* mylib_last_error(void);               // what ended the last php::host_call, or NULL
//   const char* mylib_last_error_class(void);         // its PHP exception class ("" if none)
//   int  mylib_last_error_kind(void);                 // php::host_error_kind
//
// init starts the engine with the library's modules and opens one request,
// which every call shares until shutdown closes it and stops the engine.
// Several such libraries may live in one process: used one after the other
// they work; while one owns the engine, another's init is refused.
//
// Each of the library's own exported functions runs its body through php::host_call, which
// keeps every C++ exception and PHP's exit() and fatal errors on this side of the C API:
//
//   PHPBIND_EXPORT const char* mylib_greet(const char* who) {
//       return php::host_call([&] { return php::call<std::string>("greet", who); });
//   }
//
// and the host reads what went wrong with <project>_last_error() (the WebAssembly library's
// JavaScript wrappers turn it into a thrown PhpError: docs/wasm.md).
#pragma once

#include <phpbind/runtime.hpp>

#include <exception>
#include <string>
#include <type_traits>

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

/// What ended the last php::host_call (<project>_last_error_kind()).
enum class host_error_kind : int {
    none = 0,
    exception = 1,  // a PHP exception (its class: <project>_last_error_class())
    exit = 2,  // exit() in PHP code: the shared request was ended and a fresh one opened
    fatal = 3,  // a fatal error (memory_limit included): the same
    refused = 4,  // no runtime is running, or a host_call was already running (re-entered)
    error = 5,  // a C++ exception (its what())
};

namespace detail {
struct host_state {
    bool calling = false;
    host_error_kind kind = host_error_kind::none;
    std::string message;
    std::string php_class;
    std::string result;  // a string result, kept until the next call
};
host_state& host() noexcept;
/// Whether a call may start; records the refusal if not.
bool host_enter() noexcept;
/// Records what the exception being handled says (in a catch block); true for exit() and fatal
/// errors, after which the caller ends the shared request and opens a fresh one
/// (host_restart()) once the exception object, which may hold engine objects, is gone.
PHPBIND_COLD bool host_caught() noexcept;
PHPBIND_COLD void host_restart() noexcept;
/// After a body returned: a PHP exception it left pending in the engine is an error too.
bool host_left_exception() noexcept;
/// The body succeeded: what a call refused while it ran (re-entered from PHP) is no longer the
/// last call's outcome.
inline void host_succeeded(host_state& h) noexcept {
    h.kind = host_error_kind::none;
    h.message.clear();
    h.php_class.clear();
}

template <class Out>
Out host_default() noexcept {
    if constexpr (!std::is_void_v<Out>) return Out{};
}

template <class R>
using host_result_t = std::conditional_t<std::is_same_v<R, std::string>, const char*, R>;
}  // namespace detail

/// Runs `body` for a host (a lib-mode library's exported function): returns its result
/// (a std::string as a `const char*` valid until the next host_call; anything else as it is),
/// or, if it threw, called exit(), hit a fatal error or left a PHP exception pending, the
/// result type's default value with the failure recorded for <project>_last_error(). Refused,
/// also recorded, when no runtime is running or when it is called again from inside a
/// host_call (a PHP callback calling back into the library). Nothing crosses the C API.
template <class F>
auto host_call(F&& body) noexcept -> detail::host_result_t<std::invoke_result_t<F&>> {
    using R = std::invoke_result_t<F&>;
    using Out = detail::host_result_t<R>;
    static_assert(std::is_void_v<R> || std::is_same_v<R, std::string> || std::is_arithmetic_v<R> ||
                      std::is_same_v<R, const char*>,
                  "phpbind: php::host_call's body returns void, a number, bool or std::string");
    if (!detail::host_enter()) return detail::host_default<Out>();
    detail::host_state& h = detail::host();
    struct leave {
        detail::host_state& h;
        ~leave() { h.calling = false; }
    } guard{h};
    bool restart = false;
    try {
        if constexpr (std::is_void_v<R>) {
            body();
            if (!detail::host_left_exception()) detail::host_succeeded(h);
        } else if constexpr (std::is_same_v<R, std::string>) {
            h.result = body();
            if (detail::host_left_exception()) return nullptr;
            detail::host_succeeded(h);
            return h.result.c_str();
        } else {
            R r = body();
            if (detail::host_left_exception()) return R{};
            detail::host_succeeded(h);
            return r;
        }
    } catch (...) {
        restart = detail::host_caught();
    }
    if (restart) detail::host_restart();
    return detail::host_default<Out>();
}

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
    }                                                                                                                  \
    PHPBIND_EXPORT const char* project##_last_error(void) {                                                            \
        const auto& h = ::php::detail::host();                                                                         \
        return h.kind == ::php::host_error_kind::none ? nullptr : h.message.c_str();                                   \
    }                                                                                                                  \
    PHPBIND_EXPORT const char* project##_last_error_class(void) { return ::php::detail::host().php_class.c_str(); }    \
    PHPBIND_EXPORT int project##_last_error_kind(void) { return static_cast<int>(::php::detail::host().kind); }
