// src/runtime.cpp — php::Runtime: owning the engine through the embed SAPI.
//
// The sequence follows sapi/embed's php_embed_init()/php_embed_shutdown(),
// split so that requests can be opened and closed many times, and with one
// difference: the host's phpbind modules are registered while the engine
// registers its built-in extensions (php_register_internal_extensions_func),
// i.e. before module startup. The engine then collects their RINIT/RSHUTDOWN
// and post-deactivate handlers itself and schedules every callback, in order.
#include <phpbind/embed.hpp>
#include <phpbind/runtime.hpp>
#include <phpbind/detail/edge.hpp>

#include "internal.hpp"

#include <main/php_main.h>
#include <main/php_variables.h>
#include <main/SAPI.h>
#include <sapi/embed/php_embed.h>
#include <Zend/zend_fibers.h>
#include <Zend/zend_observer.h>

#include <atomic>
#include <cstdio>
#include <exception>
#include <cstdlib>
#include <cstring>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

namespace detail {
// Whether a request is open on this thread (a thread-safe engine runs
// requests on every php::engine_thread).
thread_local bool runtime_request_open = false;
void (*runtime_sapi_setup)(sapi_module_struct& sapi) noexcept = nullptr;
zend_module_entry* (*runtime_server_module)() = nullptr;

// A fatal error or exit() ends the script; the request stays open until its
// owner closes it, as the CLI does after a fatal error.
void execute_script(const char* path) PHPBIND_JMP_NOEXCEPT {
    zend_file_handle handle;
    zend_stream_init_filename(&handle, path);
    zend_try { php_execute_script(&handle); }
    zend_end_try();
    zend_destroy_file_handle(&handle);
}
}  // namespace detail

namespace {

using detail::runtime_request_open;
Runtime* g_active = nullptr;
std::atomic<int> g_threads{0};  // php::engine_thread objects alive
const std::function<void(std::string_view)>* g_output = nullptr;
const std::vector<zend_module_entry*>* g_modules = nullptr;
int (*g_builtin_register)() = nullptr;
sapi_module_struct g_saved_sapi;
// The ini_entries text the engine reads at startup (the field is const char* since PHP 8.4).
char* g_ini_entries = nullptr;

int register_extensions() {
    if (g_builtin_register && g_builtin_register() == FAILURE) return FAILURE;
    for (zend_module_entry* m : *g_modules) {
        if (!zend_register_internal_module(m)) return FAILURE;
    }
    if (detail::runtime_server_module && !zend_register_internal_module(detail::runtime_server_module()))
        return FAILURE;
    return SUCCESS;
}

int runtime_startup(sapi_module_struct* sapi) { return detail::module_startup(sapi) ? SUCCESS : FAILURE; }

// Output goes to the host's sink when one is set.
size_t runtime_write(const char* str, size_t len) {
    if (g_output && *g_output) {
        try {
            (*g_output)(std::string_view(str, len));
        } catch (...) {
            // A sink must not unwind through the engine; the output is dropped.
        }
        return len;
    }
    return fwrite(str, 1, len, stdout);
}

void runtime_flush(void*) { fflush(stdout); }

const std::function<void(const error_report&)>* g_on_error = nullptr;

void observe_error(int type, zend_string* file, uint32_t line, zend_string* message) {
    if (!g_on_error || !*g_on_error) return;
    error_report r{type,
                   {ZSTR_VAL(message), ZSTR_LEN(message)},
                   file ? std::string_view(ZSTR_VAL(file), ZSTR_LEN(file)) : std::string_view(),
                   line};
    try {
        (*g_on_error)(r);
    } catch (...) {
        // An error callback must not unwind through the engine.
    }
}

#ifdef __wasm__
// A fiber runs on a stack of its own, and wasm code cannot switch stacks: the wasm engine is built
// without Zend's assembly fibers, and its ucontext fallback has nothing under it
// (src/wasm_stubs.c, cmake/wasi/posix.c). Fiber::start — the one call that creates a fiber's context
// (zend_fiber_init_context(), from ZEND_METHOD(Fiber, start)) — throws FiberError instead, as
// it does when a fiber's stack cannot be allocated. The class stays, so code that only names
// it still compiles and runs.
zend_class_entry* g_fiber_error = nullptr;  // FiberError (the engine does not export its entry)

ZEND_NAMED_FUNCTION(fiber_start_unavailable) {
    (void)return_value;
    (void)execute_data;
    zend_throw_error(g_fiber_error ? g_fiber_error : zend_ce_error, "Fibers are not available in WebAssembly");
}

void refuse_fibers() {
    g_fiber_error = static_cast<zend_class_entry*>(zend_hash_str_find_ptr(CG(class_table), ZEND_STRL("fibererror")));
    auto* start = static_cast<zend_function*>(zend_hash_str_find_ptr(&zend_ce_fiber->function_table, "start", 5));
    if (start && start->type == ZEND_INTERNAL_FUNCTION) start->internal_function.handler = fiber_start_unavailable;
}
#endif

}  // namespace

Runtime* Runtime::active() noexcept { return g_active; }

// The engine is one per process, but each library linking phpbind has its own
// g_active. The embed SAPI's module struct is the engine's own, shared by all:
// a runtime sets its ini_entries while it owns the engine and clears them
// when it lets go.
bool Runtime::engine_in_use() noexcept { return g_active || php_embed_module.ini_entries != nullptr; }

Runtime::Runtime(runtime_options options) : options_(std::move(options)) {
    if (engine_in_use()) throw error("php::Runtime: another runtime already owns the PHP engine in this process");
    for (auto& a : options_.argv) argv_.push_back(a.data());
    argv_.push_back(nullptr);

    std::string ini =
        "html_errors=0\nregister_argc_argv=1\nimplicit_flush=1\noutput_buffering=0\nmax_execution_time=0\n"
        "max_input_time=-1\n";
    for (auto& [k, v] : options_.ini) ini += k + "=" + v + "\n";

#if defined(SIGPIPE) && defined(SIG_IGN)
    signal(SIGPIPE, SIG_IGN);
#endif
#ifdef ZTS
    php_tsrm_startup();
#endif
    zend_signal_startup();
    g_saved_sapi = php_embed_module;
    sapi_startup(&php_embed_module);
    g_ini_entries = static_cast<char*>(malloc(ini.size() + 1));
    memcpy(g_ini_entries, ini.c_str(), ini.size() + 1);
    php_embed_module.ini_entries = g_ini_entries;
    php_embed_module.php_ini_ignore = options_.load_php_ini ? 0 : 1;
    php_embed_module.phpinfo_as_text = options_.phpinfo_as_text ? 1 : 0;
    php_embed_module.executable_location = argv_[0];
    php_embed_module.startup = runtime_startup;
    php_embed_module.ub_write = runtime_write;
    php_embed_module.flush = runtime_flush;
    // Runtime::serve() (src/server.cpp), when the program uses it, adds its SAPI callbacks.
    if (detail::runtime_sapi_setup) detail::runtime_sapi_setup(php_embed_module);

    g_active = this;
    g_output = &options_.output;
    g_on_error = &options_.on_error;
    g_modules = &options_.modules;
    g_builtin_register = php_register_internal_extensions_func;
    php_register_internal_extensions_func = register_extensions;
    int rc = php_embed_module.startup(&php_embed_module);
    php_register_internal_extensions_func = g_builtin_register;
    if (rc == FAILURE) {
        sapi_shutdown();
        free(std::exchange(g_ini_entries, nullptr));
        php_embed_module = g_saved_sapi;
        g_active = nullptr;
        throw error("php::Runtime: the engine failed to start");
    }
    zend_observer_error_register(observe_error);
    SG(options) |= SAPI_OPTION_NO_CHDIR;
#ifdef __wasm__
    refuse_fibers();
#endif
}

bool Runtime::in_request() const noexcept { return runtime_request_open; }

Runtime::~Runtime() {
    if (int n = g_threads.load()) {
        // Their globals would be freed under them (tsrm_shutdown) and their
        // destructors would free them again.
        std::fprintf(stderr, "php::Runtime destroyed while %d php::engine_thread object(s) still exist\n", n);
        std::abort();
    }
    if (runtime_request_open) end_request();
    php_module_shutdown();
    sapi_shutdown();
#ifdef ZTS
    tsrm_shutdown();
#endif
    free(std::exchange(g_ini_entries, nullptr));
    php_embed_module = g_saved_sapi;
    g_active = nullptr;
    g_output = nullptr;
    g_on_error = nullptr;
}

void Runtime::begin_request() {
#ifdef ZTS
    if (!tsrm_get_ls_cache()) {
        throw error(
            "php::Runtime: this thread has no engine globals: run requests on a thread inside a php::engine_thread");
    }
#endif
    SG(request_info).argc = static_cast<int>(argv_.size() - 1);
    SG(request_info).argv = argv_.data();
    if (php_request_startup() == FAILURE) throw error("php::Runtime: request startup failed");
    SG(headers_sent) = 1;
    SG(request_info).no_headers = 1;
    runtime_request_open = true;
    requests_.fetch_add(1, std::memory_order_relaxed);
}

void Runtime::end_request() {
    runtime_request_open = false;
    php_request_shutdown(nullptr);
}

namespace detail {
// An exception the request's body let escape, reported as PHP reports one
// that escapes a script (zend_execute_scripts): the user exception handler
// first, else "PHP Fatal error: Uncaught ..." (status 255). Not through
// zend_throw_exception_internal(): with no PHP frame that bails out.
void report_uncaught(zend_object* ex) PHPBIND_JMP_NOEXCEPT {
    GC_ADDREF(ex);
    zend_try {
        EG(exception) = ex;
        if (Z_TYPE(EG(user_exception_handler)) != IS_UNDEF) zend_user_exception_handler();
        if (EG(exception)) zend_exception_error(EG(exception), E_ERROR);
    }
    zend_end_try();
    EG(exception) = nullptr;
}
}  // namespace detail

int Runtime::request(const std::function<void()>& body) {
    if (runtime_request_open) throw error("php::Runtime: a request is already open");
    begin_request();
    EG(exit_status) = 0;
    // The body runs as the request's script: what it lets escape ends the
    // request the way the same thing escaping a script would.
    std::exception_ptr foreign;
    try {
        body();
    } catch (const fatal_error&) {
        // Already reported by the engine, which set the exit status (255).
    } catch (const script_exit&) {
        // exit(): the status is in EG(exit_status)
    } catch (const error_already_set& e) {
        detail::report_uncaught(e.object());
    } catch (...) {
        // Not PHP's: the request ends (shutdown functions, destructors, RSHUTDOWN
        // run), then the host gets its exception back from request().
        foreign = std::current_exception();
    }
    // What C++ swallowed or left pending ends the request all the same.
    if (EG(exception)) {
        zend_object* ex = EG(exception);
        EG(exception) = nullptr;
        if (!zend_is_unwind_exit(ex) && !zend_is_graceful_exit(ex)) detail::report_uncaught(ex);
        OBJ_RELEASE(ex);
    }
    detail::unwinding = detail::unwind_state{};
    int status = EG(exit_status);
    end_request();
    // exit() in a module's request-end callback or a destructor run by the shutdown sets the
    // status too, as the CLI reads it (do_cli() in sapi/cli/php_cli.c reads EG(exit_status) again
    // after php_request_shutdown() when the script's was 0).
    if (status == 0) status = EG(exit_status);
    if (foreign) std::rethrow_exception(foreign);
    return status;
}

int Runtime::run_file(const std::string& path) {
    if (!runtime_request_open) throw error("php::Runtime::run_file: no request is open");
    detail::execute_script(path.c_str());
    return EG(exit_status);
}

Value Runtime::eval(std::string_view code) {
    if (!runtime_request_open) throw error("php::Runtime::eval: no request is open");
    std::string src(code);
    zval ret;
    ZVAL_UNDEF(&ret);
    detail::eval_guarded(src.c_str(), src.size(), &ret);
    if (Z_TYPE(ret) == IS_UNDEF) ZVAL_NULL(&ret);
    return Value::adopt(&ret);
}

// A thread of a thread-safe engine: ts_resource() gives the calling thread its
// own copy of every global the engine and its modules allocated with
// ts_allocate_id() (running their constructors: GINIT), ts_free_thread() runs
// their destructors (GSHUTDOWN) and frees them (TSRM/TSRM.c).
engine_thread::engine_thread() {
#ifdef ZTS
    if (!g_active) throw error("php::engine_thread: no php::Runtime is active");
    if (tsrm_get_ls_cache()) throw error("php::engine_thread: this thread already has the engine's globals");
    if (!ts_resource(0)) throw error("php::engine_thread: the engine could not allocate this thread's globals");
    SG(options) |= SAPI_OPTION_NO_CHDIR;
    g_threads.fetch_add(1);
#else
    throw error("php::engine_thread: the engine is not thread-safe (NTS): requests run on the Runtime's thread only");
#endif
}

engine_thread::~engine_thread() {
#ifdef ZTS
    if (runtime_request_open) {
        runtime_request_open = false;
        php_request_shutdown(nullptr);
    }
    ts_free_thread();
    g_threads.fetch_sub(1);
#endif
}

namespace {
int run_guarded(int argc, char** argv, std::vector<zend_module_entry*> modules,
                const std::function<int(Runtime&)>& run) {
    runtime_options o;
    o.argv.assign(argv, argv + argc);
    if (o.argv.empty()) o.argv.push_back("php");
    o.modules = std::move(modules);
    try {
        Runtime rt(std::move(o));
        return run(rt);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
}
}  // namespace

namespace detail {

// lib mode: one open request from init to shutdown (see embed.hpp). The open
// request is closed by ending the runtime's request scope by hand, since the
// host's calls arrive one by one rather than inside a single C++ call.
int lib_runtime_init(lib_runtime& lib, int argc, char** argv, std::vector<zend_module_entry*> modules) noexcept {
    if (lib.rt) return runtime_already_initialized;
    if (Runtime::engine_in_use()) return runtime_engine_busy;
    try {
        runtime_options o;
        o.argv.assign(argv, argv + argc);
        if (o.argv.empty()) o.argv.push_back("php");
        o.modules = std::move(modules);
        lib.rt = new Runtime(std::move(o));
        lib.rt->begin_request();
        return runtime_ok;
    } catch (...) {
        delete lib.rt;
        lib.rt = nullptr;
        return runtime_start_failed;
    }
}

// The shared request of lib mode after exit() or a fatal error: ended as Runtime::request() ends
// one (what is pending is dropped), and a fresh one opened for the host's next call.
void restart_lib_request(Runtime& rt) {
    if (EG(exception)) {
        zend_object* ex = EG(exception);
        EG(exception) = nullptr;
        OBJ_RELEASE(ex);
    }
    unwinding = unwind_state{};
    rt.end_request();
    rt.begin_request();
}

host_state& host() noexcept {
    static host_state h;
    return h;
}

namespace {
void host_failed(host_error_kind kind, std::string message, std::string php_class = {}) noexcept {
    host_state& h = host();
    h.kind = kind;
    h.message = std::move(message);
    h.php_class = std::move(php_class);
}

}  // namespace

// After exit() or a fatal error: the request the host's calls share starts again.
void host_restart() noexcept {
    Runtime* rt = Runtime::active();
    if (!rt) return;
    try {
        restart_lib_request(*rt);
    } catch (const std::exception& e) {
        host_state& h = host();
        h.message += std::string(" (and a fresh request did not start: ") + e.what() + ")";
    }
}

bool host_enter() noexcept {
    host_state& h = host();
    h.kind = host_error_kind::none;
    h.message.clear();
    h.php_class.clear();
    Runtime* rt = Runtime::active();
    if (!rt || !rt->in_request()) {
        host_failed(host_error_kind::refused, "no PHP runtime is running: initialise the library first");
        return false;
    }
    if (h.calling) {
        host_failed(host_error_kind::refused,
                    "a call into the library while another one is running (re-entered from PHP) is refused");
        return false;
    }
    h.calling = true;
    return true;
}

bool host_caught() noexcept {
    try {
        throw;
    } catch (const error_already_set& e) {
        host_failed(host_error_kind::exception, e.message(), std::string(e.class_name()));
    } catch (const script_exit& e) {
        // (The request restarts once this exception, which holds the engine's unwind_exit object,
        // is destroyed: host_call's catch block has ended.)
        host_failed(host_error_kind::exit, "exit(" + std::to_string(e.status()) + ") called");
        return true;
    } catch (const fatal_error&) {
        zend_string* last = PG(last_error_message);
        host_failed(host_error_kind::fatal, last ? std::string(ZSTR_VAL(last), ZSTR_LEN(last)) : "PHP fatal error");
        return true;
    } catch (const memory_exhausted& e) {
        host_failed(host_error_kind::fatal, e.what());
        return true;
    } catch (const std::exception& e) {
        host_failed(host_error_kind::error, e.what());
    } catch (...) {
        host_failed(host_error_kind::error, "a C++ exception that is not a std::exception");
    }
    return false;
}

bool host_left_exception() noexcept {
    zend_object* ex = EG(exception);
    if (!ex) return false;
    if (zend_is_unwind_exit(ex)) {
        host_failed(host_error_kind::exit, "exit(" + std::to_string(EG(exit_status)) + ") called");
        host_restart();
        return true;
    }
    GC_ADDREF(ex);
    zend_clear_exception();
    error_already_set e(ex);
    host_failed(host_error_kind::exception, e.message(), std::string(e.class_name()));
    return true;
}

void lib_runtime_shutdown(lib_runtime& lib) noexcept {
    delete lib.rt;  // closes the open request, then shuts the engine down
    lib.rt = nullptr;
}

}  // namespace detail

int run_main(int argc, char** argv, std::vector<zend_module_entry*> modules, std::string script) {
    if (script.empty()) {
        if (argc < 2) {
            std::fprintf(stderr, "usage: %s script.php [args...]\n", argc ? argv[0] : "program");
            return 1;
        }
        script = argv[1];
        // PHP sees the script as its argv[0], as with `php script.php args`.
        --argc;
        ++argv;
    }
    return run_guarded(argc, argv, std::move(modules),
                       [&](Runtime& rt) { return rt.request([&] { rt.run_file(script); }); });
}

int run_main(int argc, char** argv, std::vector<zend_module_entry*> modules, const std::function<void()>& body) {
    return run_guarded(argc, argv, std::move(modules), [&](Runtime& rt) { return rt.request(body); });
}

PHPBIND_NAMESPACE_END
