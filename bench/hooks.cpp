// bench/hooks.cpp — bench/hooks_c.c written with phpbind: BENCH_HOOK=internal
// links an around execute_internal hook that counts calls, BENCH_HOOK=before the
// same in the before/after form, BENCH_HOOK=state one whose Before hands After a
// value, BENCH_HOOK=strlen replaces strlen()'s handler (calling the original),
// BENCH_HOOK=strlen-before the same in the before/after form, BENCH_HOOK=strlen-own
// with one that computes the length; bench_publish() publishes a PHP Closure as a
// function.
#include <phpbind/phpbind.hpp>
#include <phpbind/function_hooks.hpp>
#include <phpbind/hooks.hpp>
#include <phpbind/native.hpp>

#include <cstdlib>
#include <string_view>

namespace hk = php::hooks;

namespace {
int64_t calls = 0;

void counting(hk::proceed<hk::execute_internal> next, zend_execute_data* ex, zval* rv) {
    ++calls;
    next(ex, rv);
}
void counting_before(zend_execute_data*, zval*) { ++calls; }
// The state form: the call's number, from before the call to after it.
int64_t spans = 0;
int64_t state_before(zend_execute_data*, zval*) noexcept { return ++calls; }
void state_after(int64_t start, zend_execute_data*, zval*) noexcept { spans += calls - start; }
void counting_strlen(hk::original_function original, zend_execute_data* ex, zval* rv) {
    ++calls;
    original(ex, rv);
}
// The before/after form: counts, then phpbind runs the original.
bool counting_strlen_before(zend_execute_data*, zval*) noexcept {
    ++calls;
    return true;
}
// A replacement that computes the result itself for the common case.
void own_strlen(hk::original_function original, zend_execute_data* ex, zval* rv) {
    zval* arg = ZEND_CALL_ARG(ex, 1);
    if (EXPECTED(ZEND_CALL_NUM_ARGS(ex) == 1 && Z_TYPE_P(arg) == IS_STRING)) {
        ++calls;
        ZVAL_LONG(rv, static_cast<zend_long>(Z_STRLEN_P(arg)));
        return;
    }
    original(ex, rv);  // anything else: the original's checks and errors
}
std::string_view which() {
    const char* w = std::getenv("BENCH_HOOK");
    return w ? w : "";
}
}  // namespace

PHPBIND_EXTENSION(bench_hooks, m) {
    if (which() == "internal") m.hook<hk::execute_internal, &counting>();
    if (which() == "before") m.hook<hk::execute_internal, &counting_before, nullptr>();
    if (which() == "state") m.hook<hk::execute_internal, &state_before, &state_after>();
    if (which() == "strlen") m.replace_function<&counting_strlen>("strlen");
    if (which() == "strlen-own") m.replace_function<&own_strlen>("strlen");
    if (which() == "strlen-before") m.replace_function<&counting_strlen_before, nullptr>("strlen");
    m.def("bench_hook_calls", [] { return calls; });
    // A PHP Closure published as a function (the generated-function rows).
    m.def("bench_publish", [](std::string name, php::ObjectView closure) { php::publish_function(name, closure); });
}
