// phpbind/runtime.hpp — embedding PHP in a C++ program.
//
//   php::Runtime rt({.modules = {phpbind_module_app()}, .ini = {{"memory_limit", "64M"}}});
//   rt.request([&] {                                  // one full PHP request
//       rt.run_file("config.php");
//       int64_t n = php::call<int64_t>("count_items", items);
//   });
//
// A Runtime owns the engine (the embed SAPI) from construction to
// destruction: SAPI startup, module startup — with the host's phpbind modules
// registered as startup modules, so the engine itself schedules their MINIT,
// RINIT, RSHUTDOWN and MSHUTDOWN — then any number of requests, then module
// and SAPI shutdown. One Runtime may be active in a process at a time; they
// may follow one another. With a thread-safe engine (ZTS), other threads run
// requests too, each inside a php::engine_thread.
#pragma once

#include <phpbind/call.hpp>
#include <phpbind/observer.hpp>
#include <phpbind/value.hpp>

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

struct http_request;
class http_response;
struct served;
struct worker_request;
struct worker_result;
class Runtime;

namespace detail {
struct lib_runtime;
int lib_runtime_init(lib_runtime& lib, int argc, char** argv, std::vector<zend_module_entry*> modules) noexcept;
void restart_lib_request(Runtime& rt);
}  // namespace detail

/// How php::Runtime starts the engine: argv, INI settings, php.ini loading, the host's modules,
/// output and error callbacks.
struct runtime_options {
    /// argv as PHP sees it ($argv, $_SERVER['argv']); argv[0] names the program.
    std::vector<std::string> argv = {"phpbind"};
    /// INI settings, applied over the built-in embed defaults.
    std::vector<std::pair<std::string, std::string>> ini;
    /// Read php.ini files as the CLI would (off: like `php -n`).
    bool load_php_ini = false;
    /// phpinfo() as plain text, as the CLI prints it (off: HTML, as the embed SAPI prints it).
    bool phpinfo_as_text = false;
    /// The host's phpbind modules: phpbind_module_<name>() of each PHPBIND_EXTENSION
    /// compiled with PHPBIND_NO_GET_MODULE.
    std::vector<zend_module_entry*> modules;
    /// Where PHP output goes (default: stdout).
    std::function<void(std::string_view)> output;
    /// Called for every error the engine reports (default: none; PHP still
    /// displays or logs it according to its INI settings).
    std::function<void(const error_report&)> on_error;
};

/// The embedded PHP engine (one at a time per process): started by the constructor, stopped by the
/// destructor. Runs requests, scripts and code; modules given in runtime_options get
/// MINIT/RINIT/RSHUTDOWN/MSHUTDOWN in the engine's order. See embedding.md.
class Runtime {
public:
    /// Starts the engine. Throws php::error if another Runtime is active or
    /// the engine fails to start.
    explicit Runtime(runtime_options options = {});
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;
    /// Ends any open request, then shuts the modules and the engine down.
    ~Runtime();

    /// Runs `body` inside a full request (startup, body, shutdown functions,
    /// destructors, module RSHUTDOWN, memory released). Returns the request's
    /// exit status: 0, exit()'s status, or 255 after a fatal error or an
    /// uncaught exception. A fatal error or exit() ends this request only.
    int request(const std::function<void()>& body);

    /// Inside a request: runs a script file as the main script, and returns
    /// the request's exit status after it: 0, exit()'s status, or 255 after
    /// a fatal error or an uncaught exception (the request stays open; the
    /// script's exceptions and exit() do not reach C++ as exceptions here).
    /// For the value of the script's `return`: `eval("return require 'f.php';")`.
    int run_file(const std::string& path);
    /// Inside a request: evaluates PHP code (without `<?php`) and returns the
    /// value of its `return` statement, if any. A PHP exception arrives as
    /// php::error_already_set, exit() as php::script_exit, a fatal error as
    /// php::fatal_error.
    Value eval(std::string_view code);

    /// Runs one HTTP request to a PHP script, as php-fpm behind nginx would, and sends the response
    /// to `response`: see <phpbind/server.hpp> and server.md. A request of its own (MINIT'd modules
    /// get RINIT/RSHUTDOWN); throws php::error if a request is open on this thread.
    served serve(const http_request& request, http_response& response);

    /// Worker mode: runs `script` (a worker script: it boots once, then loops on
    /// phpbind_handle_request($handler)) in an engine request, and hands it the requests `next`
    /// returns, one per phpbind_handle_request() call; each gets fresh superglobals, headers,
    /// status, output buffers and uploaded files. `next(previous)` gets what happened to the
    /// request before (null on the first call); it returns no request to end the loop. exit() or
    /// a fatal error in the script ends its engine request (the request being handled gets 500 if
    /// nothing was sent), and the script starts again in a fresh one. See server.md.
    worker_result serve_worker(const std::string& script, const std::function<worker_request(const served*)>& next);

    /// Whether a request is open on the calling thread.
    bool in_request() const noexcept;
    /// How many requests this runtime has run, on all threads.
    uint64_t requests() const noexcept { return requests_.load(std::memory_order_relaxed); }
    /// The runtime active in this process, if any (in this library).
    static Runtime* active() noexcept;
    /// Whether any runtime — from this library or another one linked into the
    /// process — owns the engine now.
    static bool engine_in_use() noexcept;

private:
    friend int detail::lib_runtime_init(detail::lib_runtime&, int, char**, std::vector<zend_module_entry*>) noexcept;
    friend void detail::restart_lib_request(Runtime&);
    void begin_request();
    void end_request();

    runtime_options options_;
    std::vector<char*> argv_;
    std::atomic<uint64_t> requests_{0};
};

/// A thread of a thread-safe engine (ZTS) that runs requests of the active
/// Runtime. Construct it on the thread, after the Runtime: the thread gets its
/// own copy of every engine and module global (each module's GINIT runs for
/// it); Runtime::request(), run_file() and eval() then work on it as on the
/// Runtime's own thread, with the thread's own requests. Destroy it on the
/// same thread with no request open, before the Runtime: the thread's globals
/// are freed (GSHUTDOWN). Throws php::error with a non-thread-safe engine, with
/// no active Runtime, or on a thread that already has the engine's globals.
class engine_thread {
public:
    /// Gives the calling thread the engine's globals (ts_resource()); throws php::error as above.
    engine_thread();
    engine_thread(const engine_thread&) = delete;
    engine_thread& operator=(const engine_thread&) = delete;
    /// Ends a request still open on this thread, then frees the thread's globals (ts_free_thread()).
    ~engine_thread();
};

/// bin mode: the whole program as one PHP run. Starts a Runtime with `argv`
/// and `modules`, then, inside one request, runs `script` (or argv[1] when
/// `script` is empty). Returns PHP's exit status: 0, exit()'s status, or 255
/// after a fatal error or an uncaught exception. A start failure prints the
/// reason to stderr and returns 1.
int run_main(int argc, char** argv, std::vector<zend_module_entry*> modules, std::string script = {});

/// bin mode with a C++ main: `body` runs inside one request; its PHP calls
/// behave as in any bound function. The return value is PHP's exit status.
int run_main(int argc, char** argv, std::vector<zend_module_entry*> modules, const std::function<void()>& body);

PHPBIND_NAMESPACE_END
