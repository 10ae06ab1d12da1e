// tests/ext/hooks.cpp — engine hooks (phpbind/hooks.hpp): hooks for the
// module's lifetime (compile_file) and hooks a request installs by name, each
// recording what it saw and calling an optional PHP callback with a tag, so a
// test can watch the chain's order and make a hook fail in every way
// (tests/phpt/hooks/, the crossing matrix in tests/phpt/edges/).
#include "test_ext.hpp"
#include <phpbind/function_hooks.hpp>
#include <phpbind/hooks.hpp>
#include <phpbind/observer.hpp>

#include <string>
#include <vector>

namespace hk = php::hooks;

namespace {

std::vector<std::string> g_log;  // this request's records
std::string g_callback;  // a PHP function every request hook calls with its tag ("" for none)
int g_depth = 0;  // a hook's callback runs once, not for what it causes itself
int64_t g_compiled = 0;  // files compiled since startup (the module-lifetime hook)

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
std::string str(const zend_string* s) { return s ? std::string(ZSTR_VAL(s), ZSTR_LEN(s)) : std::string(); }

void notify(const std::string& tag) {
    g_log.push_back(tag);
    if (g_callback.empty() || g_depth > 0) return;
    ++g_depth;
    struct leave {
        ~leave() { --g_depth; }
    } l;
    php::call(g_callback, tag);
}

// -- the module's lifetime -------------------------------------------------------
zend_op_array* count_compiled(hk::proceed<hk::compile_file> next, zend_file_handle* fh, int type) {
    ++g_compiled;
    return next(fh, type);
}

// -- request hooks ---------------------------------------------------------------
void exec_user(hk::proceed<hk::execute_ex> next, zend_execute_data* ex) {
    php::Frame f(ex);
    if (!starts_with(f.name(), "hk_")) return next(ex);
    notify("execute_ex:" + f.qualified_name());
    next(ex);
    g_log.push_back("execute_ex done:" + f.qualified_name() + (EG(exception) ? " [exception]" : ""));
}

// Skips pb_hook_target() and returns "replaced" for it; watches str_repeat.
void exec_internal(hk::proceed<hk::execute_internal> next, zend_execute_data* ex, zval* rv) {
    php::Frame f(ex);
    if (f.name() == "pb_hook_target") {
        notify("execute_internal:replaced");
        ZVAL_STRING(rv, "replaced");
        return;
    }
    if (f.name() != "str_repeat") return next(ex, rv);
    notify("execute_internal:" + f.qualified_name());
    next(ex, rv);
}

// The before/after form: here the after half calls the callback; a before-only
// hook does it in the before half.
void internal_before(zend_execute_data* ex, zval*) {
    if (php::Frame(ex).name() == "str_repeat") g_log.push_back("before:str_repeat");
}
void internal_before_notify(zend_execute_data* ex, zval*) {
    if (php::Frame(ex).name() == "str_repeat") notify("before only:str_repeat");
}
void internal_after(zend_execute_data* ex, zval* rv) {
    if (php::Frame(ex).name() == "str_repeat")
        notify(std::string("after:str_repeat = ") + php::ValueView(rv).type_name());
}

// The before/after form with a state: Before's result reaches After. str_repeat("!", n)
// with n == 13 makes Before throw: After is then not called, the exception surfaces.
struct timed_state {
    int64_t seq;
    int64_t depth;
};
int64_t g_timed_seq = 0;
int64_t g_timed_depth = 0;
timed_state timed_before(zend_execute_data* ex, zval*) {
    php::Frame f(ex);
    if (f.name() != "str_repeat") return {0, 0};
    if (f.arg_count() == 2 && f.arg(1).type() == php::Type::int_ && f.arg(1).as_int() == 13)
        throw php::value_error("timed: 13 refused");
    notify("timed before:" + std::to_string(g_timed_seq + 1));
    return {++g_timed_seq, ++g_timed_depth};
}
void timed_after(timed_state s, zend_execute_data* ex, zval* rv) {
    if (s.seq == 0) return;
    --g_timed_depth;
    notify("timed after:" + std::to_string(s.seq) + " depth " + std::to_string(s.depth) + " = " +
           php::ValueView(rv).type_name() + (EG(exception) ? " [exception]" : ""));
    (void)ex;
}

// The same with a noexcept Before and After, which phpbind calls directly: str_repeat's
// call number travels from Before to After, which records it with the result's length.
int64_t g_quiet_calls = 0;
int64_t g_quiet_last = -1;
int64_t quiet_before(zend_execute_data* ex, zval*) noexcept {
    return php::Frame(ex).name() == "str_repeat" ? ++g_quiet_calls : 0;
}
void quiet_after(int64_t call, zend_execute_data*, zval* rv) noexcept {
    if (call == 0) return;
    php::ValueView r(rv);
    g_quiet_last = call * 1000 + (r.type() == php::Type::string ? static_cast<int64_t>(r.as_string().size()) : 999);
}

#if PHP_VERSION_ID >= 80200
zend_op_array* compile_eval(hk::proceed<hk::compile_string> next, zend_string* src, const char* file,
                            zend_compile_position pos) {
#else
zend_op_array* compile_eval(hk::proceed<hk::compile_string> next, zend_string* src, const char* file) {
#endif
    const std::string code = str(src);
    notify("compile_string:" + code);
    if (code.find("BLOCKED") != std::string::npos) throw php::runtime_exception("eval of BLOCKED code refused");
#if PHP_VERSION_ID >= 80200
    return next(src, file, pos);
#else
    return next(src, file);
#endif
}

void on_error(hk::proceed<hk::error_cb> next, int type, zend_string* file, uint32_t line, zend_string* message) {
    const std::string m = str(message);
    notify("error_cb " + std::to_string(type) + ":" + m);
    if (m.find("swallow") != std::string::npos) return;  // not displayed, not logged
    next(type, file, line, message);
}

void on_throw(zend_object* ex) { notify("throw:" + str(ex->ce->name)); }

void on_interrupt(zend_execute_data*) { g_log.push_back("interrupt"); }

// Replaced function handlers: the first argument "magic" (or "magic2") gets 42
// (or 43) without the original running; anything else runs it.
bool first_arg_is(zend_execute_data* ex, std::string_view s) {
    php::Frame f(ex);
    if (f.arg_count() == 0) return false;
    php::ValueView a = f.arg(0);
    return a.type() == php::Type::string && a.as_string() == s;
}
void replacement(hk::original_function original, zend_execute_data* ex, zval* rv) {
    if (first_arg_is(ex, "magic")) {
        notify("replaced:magic");
        ZVAL_LONG(rv, 42);
        return;
    }
    notify("replaced:original");
    original(ex, rv);
}
void replacement2(hk::original_function original, zend_execute_data* ex, zval* rv) {
    if (first_arg_is(ex, "magic2")) {
        g_log.push_back("replaced 2:magic2");
        ZVAL_LONG(rv, 43);
        return;
    }
    original(ex, rv);
}
// The before/after form: "magic3" answers 44 before the replaced handler runs.
bool replaced_before(zend_execute_data* ex, zval* rv) {
    if (first_arg_is(ex, "magic3")) {
        notify("before:magic3");
        ZVAL_LONG(rv, 44);
        return false;
    }
    notify("before");
    return true;
}
void replaced_after(zend_execute_data*, zval* rv) { notify(std::string("after:") + php::ValueView(rv).type_name()); }

// For the module's lifetime: str_rot13("phpbind") is replaced, nothing else changes.
void rot13_at_startup(hk::original_function original, zend_execute_data* ex, zval* rv) {
    if (first_arg_is(ex, "phpbind")) {
        ZVAL_STRING(rv, "replaced at startup");
        return;
    }
    original(ex, rv);
}

template <class Point, auto... F>
struct request_hook {
    static void install() { hk::install<Point, F...>(); }
    static void remove() { hk::remove<Point, F...>(); }
    static bool installed() { return hk::installed<Point, F...>(); }
};

struct named_hook {
    const char* name;
    void (*install)();
    void (*remove)();
    bool (*installed)();
};

template <class H>
constexpr named_hook named(const char* name) {
    return {name, &H::install, &H::remove, &H::installed};
}

const named_hook g_hooks[] = {
    named<request_hook<hk::execute_ex, &exec_user>>("execute_ex"),
    named<request_hook<hk::execute_internal, &exec_internal>>("execute_internal"),
    named<request_hook<hk::execute_internal, &internal_before, &internal_after>>("execute_internal/before-after"),
    named<request_hook<hk::execute_internal, &internal_before_notify, nullptr>>("execute_internal/before"),
    named<request_hook<hk::execute_internal, &timed_before, &timed_after>>("execute_internal/timed"),
    named<request_hook<hk::execute_internal, &quiet_before, &quiet_after>>("execute_internal/quiet-state"),
    named<request_hook<hk::compile_string, &compile_eval>>("compile_string"),
    named<request_hook<hk::error_cb, &on_error>>("error_cb"),
    named<request_hook<hk::throw_exception, &on_throw, nullptr>>("throw_exception"),
    named<request_hook<hk::interrupt, &on_interrupt, nullptr>>("interrupt"),
};

const named_hook& find(std::string_view name) {
    for (const auto& h : g_hooks) {
        if (name == h.name) return h;
    }
    throw php::argument_value_error(1, "must name a hook this extension has");
}

// The engine's pointers as the first request found them (every module's
// startup hooks linked): each request must end with them so.
struct points {
    hk::compile_file::fn compile_file;
    hk::compile_string::fn compile_string;
    hk::execute_ex::fn execute_ex;
    hk::execute_internal::fn execute_internal;
    hk::error_cb::fn error_cb;
    hk::interrupt::fn interrupt;
    hk::throw_exception::fn throw_exception;
    static points now() {
        return {zend_compile_file, zend_compile_string,     zend_execute_ex,          zend_execute_internal,
                zend_error_cb,     zend_interrupt_function, zend_throw_exception_hook};
    }
    bool operator==(const points&) const = default;
};
points g_first{};
bool g_have_first = false;

std::vector<std::string> changed_points() {
    const points p = points::now();
    std::vector<std::string> out;
    if (p.compile_file != g_first.compile_file) out.push_back("zend_compile_file");
    if (p.compile_string != g_first.compile_string) out.push_back("zend_compile_string");
    if (p.execute_ex != g_first.execute_ex) out.push_back("zend_execute_ex");
    if (p.execute_internal != g_first.execute_internal) out.push_back("zend_execute_internal");
    if (p.error_cb != g_first.error_cb) out.push_back("zend_error_cb");
    if (p.interrupt != g_first.interrupt) out.push_back("zend_interrupt_function");
    if (p.throw_exception != g_first.throw_exception) out.push_back("zend_throw_exception_hook");
    return out;
}

}  // namespace

void register_hooks(php::module& m) {
    m.hook<hk::compile_file, &count_compiled>();
    m.on_request_start([] {
        g_log.clear();
        g_timed_seq = g_timed_depth = g_quiet_calls = 0;
        g_quiet_last = -1;
        g_callback.clear();
        if (!std::exchange(g_have_first, true)) g_first = points::now();
    });
    m.def(
        "pb_hook_install",
        [](std::string_view name, std::string_view callback) {
            const named_hook& h = find(name);
            h.install();
            if (!callback.empty()) g_callback = callback;
        },
        php::arg("point"), php::arg("callback") = "");
    m.def("pb_hook_remove", [](std::string_view name) { find(name).remove(); }, php::arg("point"));
    m.def("pb_hook_installed", [](std::string_view name) { return find(name).installed(); }, php::arg("point"));
    m.def("pb_hook_quiet_last", [] { return g_quiet_last; });
    m.def("pb_hook_log", [] {
        std::vector<std::string> out;
        out.swap(g_log);
        return out;
    });
    m.def("pb_hook_target", [] { return std::string("original"); });
    m.replace_function<&rot13_at_startup>("str_rot13");
    m.def(
        "pb_hook_replace",
        [](std::string_view function, std::string_view callback, bool second) {
            if (second) {
                hk::replace_function<&replacement2>(function);
            } else {
                hk::replace_function<&replacement>(function);
            }
            if (!callback.empty()) g_callback = callback;
        },
        php::arg("function"), php::arg("callback") = "", php::arg("second") = false);
    m.def(
        "pb_hook_replace_before_after",
        [](std::string_view function, std::string_view callback) {
            hk::replace_function<&replaced_before, &replaced_after>(function);
            if (!callback.empty()) g_callback = callback;
        },
        php::arg("function"), php::arg("callback") = "");
    m.def("pb_hook_restore_before_after", [] { hk::restore_function<&replaced_before, &replaced_after>(); });
    m.def(
        "pb_hook_restore",
        [](bool second) {
            if (second) {
                hk::restore_function<&replacement2>();
            } else {
                hk::restore_function<&replacement>();
            }
        },
        php::arg("second") = false);
    m.def("pb_hook_compiled", [] { return g_compiled; });
    // The engine pointers that differ from what the first request found.
    m.def<&changed_points>("pb_hook_changed_points");
}
