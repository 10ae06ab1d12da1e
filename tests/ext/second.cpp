// tests/ext/second.cpp — a second, independent extension (phpbind_second),
// loaded next to phpbind_test to show two phpbind extensions in one process,
// each with its own lifecycle. Checked by tests/phpt/module/two_extensions.phpt.
#include <phpbind/phpbind.hpp>
#include <phpbind/hooks.hpp>
#include <phpbind/object_hooks.hpp>
#include <phpbind/observer.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
int g_rinit = 0;
void log_event(const char* what) {
    if (const char* path = std::getenv("PHPBIND_TEST_LIFECYCLE_LOG")) {
        if (FILE* f = std::fopen(path, "a")) {
            std::fprintf(f, "second %s\n", what);
            std::fclose(f);
        }
    }
}
std::string hello(std::string_view who) { return "second says hello to " + std::string(who); }

// Hooks on the same engine pointers as phpbind_test's, from this separately
// built copy of phpbind (tests/phpt/hooks/two_extensions.phpt).
namespace hk = php::hooks;
int64_t g_compiled = 0;
std::string g_callback;  // called with "second:<function>" by the request hook
zend_op_array* count_compiled(hk::proceed<hk::compile_file> next, zend_file_handle* fh, int type) {
    ++g_compiled;
    return next(fh, type);
}
int g_depth = 0;  // the callback runs once, not for the calls it makes itself
void exec_internal(hk::proceed<hk::execute_internal> next, zend_execute_data* ex, zval* rv) {
    php::Frame f(ex);
    if (f.name() == "str_repeat" && !g_callback.empty() && g_depth == 0) {
        ++g_depth;
        struct leave {
            ~leave() { --g_depth; }
        } l;
        php::call(g_callback, "second:" + std::string(f.name()));
    }
    next(ex, rv);
}
int64_t requests_seen() { return g_rinit; }

// An object handler override from this copy (tests/phpt/hooks/object_handlers_two_extensions.phpt):
// `$o - $n` on the class's objects is the difference of their property `c` and $n.
using do_operation = hk::handler<&zend_object_handlers::do_operation>;
zend_result subtract(hk::proceed<do_operation> next, zend_uchar op, zval* result, zval* a, zval* b) {
    if (op != ZEND_SUB || Z_TYPE_P(a) != IS_OBJECT || Z_TYPE_P(b) != IS_LONG) return next(op, result, a, b);
    zval rv;
    zval* c = zend_read_property(Z_OBJCE_P(a), Z_OBJ_P(a), "c", 1, true, &rv);
    if (Z_TYPE_P(c) != IS_LONG) return next(op, result, a, b);
    const zend_long d = Z_LVAL_P(c) - Z_LVAL_P(b);
    if (result == a) zval_ptr_dtor(a);
    ZVAL_LONG(result, d);
    return SUCCESS;
}
}  // namespace

PHPBIND_EXTENSION(phpbind_second, m) {
    m.version("2.0.0");
    m.depends_on("phpbind_test");  // module/dependencies.phpt
    m.starts_after("json");
    m.def<&hello>("second_hello", php::arg("who"));
    m.def<&requests_seen>("second_requests_seen");
    m.hook<hk::compile_file, &count_compiled>();
    m.def("second_hook_compiled", [] { return g_compiled; });
    m.def("second_hook_install", [](std::string_view callback) {
        hk::install<hk::execute_internal, &exec_internal>();
        g_callback = callback;
    });
    m.def("second_handler_override",
          [](std::string_view class_name) { hk::override_handler<do_operation, &subtract>(class_name); });
    m.def("second_handler_restore", [] { hk::restore_handler<do_operation, &subtract>(); });
    m.def("second_hook_remove", [] { hk::remove<hk::execute_internal, &exec_internal>(); });
    m.def("second_hook_installed", [] { return hk::installed<hk::execute_internal, &exec_internal>(); });
    m.on_startup([] { log_event("MINIT"); });
    m.on_request_start([] {
        ++g_rinit;
        g_callback.clear();
        log_event("RINIT");
    });
    m.on_request_end([] { log_event("RSHUTDOWN"); });
    m.on_shutdown([] { log_event("MSHUTDOWN"); });
}
