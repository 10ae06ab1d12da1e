// src/call.cpp — calls from C++ into PHP, and what crosses back.
#include <phpbind/call.hpp>
#include <phpbind/detail/edge.hpp>
#include <phpbind/lifetime.hpp>
#include "internal.hpp"

#include <atomic>
#include <string>
#include <unordered_map>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {
// C++ may call into PHP with no PHP frame at all (an embedding host between
// scripts). The engine then treats any exception as uncaught and fatal, so
// such calls run under a frame of an internal pseudo-function, like a call
// from an internal function: exceptions come back to C++ instead.
// Created on first use; freed when the extension is unloaded (embedded
// programs keep it: docs/memory-model.md).
std::atomic<zend_internal_function*> host_fn{nullptr};
void free_host_function(zend_internal_function* f) noexcept {
    pefree(f->function_name, 1);
    free(f);
}
zend_internal_function* host_function() {
    zend_internal_function* f = host_fn.load(std::memory_order_acquire);
    if (EXPECTED(f != nullptr)) return f;
    auto* made = static_cast<zend_internal_function*>(calloc(1, sizeof(zend_internal_function)));
    made->type = ZEND_INTERNAL_FUNCTION;
    made->function_name = immortal_string("{embedding host}");
    if (host_fn.compare_exchange_strong(f, made, std::memory_order_acq_rel)) return made;
    free_host_function(made);  // another thread made it first
    return f;
}
struct host_frame {
    zend_execute_data ex;
    bool pushed;
};
inline void push_host_frame(host_frame& f) noexcept {
    f.pushed = EG(current_execute_data) == nullptr;
    if (!f.pushed) return;
    memset(&f.ex, 0, sizeof(f.ex));
    f.ex.func = reinterpret_cast<zend_function*>(host_function());
    EG(current_execute_data) = &f.ex;
}
inline void pop_host_frame(host_frame& f) noexcept {
    if (f.pushed) EG(current_execute_data) = nullptr;
}
}  // namespace

// The out-of-line path of call_guarded() and call_known_guarded(): no PHP
// frame to call from (an embedding host between scripts), PHP code not
// callable now, or an exception in flight (the call runs with it set aside).
// What the call leaves pending is settled by call_failed(), as on the inline
// path.
namespace {
template <class F>
void call_slow(zval* ret, F& f) {
    if (UNEXPECTED(!php_callable_now())) refuse_php_call();  // nothing ran
    if (UNEXPECTED(EG(exception) != nullptr)) {
        try {
            into_php_aside(&guarded_thunk<F>, &f);
        } catch (...) {
            release_zval(ret);
            ZVAL_UNDEF(ret);
            throw;
        }
        return;
    }
    const bool bailed = run_guarded(&guarded_thunk<F>, &f);
    if (UNEXPECTED(bailed || EG(exception) != nullptr)) call_failed(ret, bailed);
}
template <class F>
void call_from_anywhere(zval* ret, F f) {
    host_frame frame;
    push_host_frame(frame);
    try {
        call_slow(ret, f);
    } catch (...) {
        pop_host_frame(frame);
        throw;
    }
    pop_host_frame(frame);
}
}  // namespace

// A call that failed: as the engine releases an internal function's result
// when it returns with an exception (call_user_func), the result is released
// while the exception is still the engine's, so what its destructors throw
// chains to it; then the exception is taken. After a bailout the fatal error
// is recorded first (a release then runs no user code). A release never
// clears an exception in flight; were none left, the call is reported as
// having failed fatally rather than throwing nothing.
void call_failed(zval* ret, bool bailed) {
    if (bailed) unwinding.pending |= unwind_state::fatal;
    release_zval(ret);
    ZVAL_UNDEF(ret);
    if (bailed || (unwinding.pending & unwind_state::fatal) || EG(exception) == nullptr) throw_fatal_error();
    throw_pending_exception();
}

void call_guarded_slow(zend_fcall_info* fci, zend_fcall_info_cache* fcc) {
    call_from_anywhere(fci->retval, [=] { zend_call_function(fci, fcc); });
}

void call_known_guarded_slow(zend_function* fn, zend_object* obj, zend_class_entry* scope, zval* ret, uint32_t argc,
                             zval* argv) {
    call_from_anywhere(ret, [=] { zend_call_known_function(fn, obj, scope, ret, argc, argv, nullptr); });
}

// Compiles and runs PHP statements as eval() does, returning the value of
// their `return` (zend_eval_stringl() would wrap the code in `return ...;`).
namespace {
zend_op_array* compile_code(const char* code, size_t len) {
    zend_string* src = zend_string_init(code, len, 0);
    zend_op_array* op = compile_string(src, "embedded code");
    zend_string_release(src);
    return op;
}
void free_code(zend_op_array* op) {
    destroy_op_array(op);
    efree_size(op, sizeof(zend_op_array));
}
}  // namespace

// Runs at the top level like a script (the global symbol table is its scope):
// no host frame; an exception escaping top-level code stays pending.
void eval_guarded(const char* code, size_t len, zval* ret) {
    zend_op_array* op = nullptr;
    try {
        into_php([&] {
            op = compile_code(code, len);  // a parse error throws ParseError
            if (op) {
                op->scope = zend_get_executed_scope();
                zend_execute(op, ret);
            }
        });
    } catch (...) {
        if (op) free_code(op);
        release_zval(ret);
        ZVAL_UNDEF(ret);
        throw;
    }
    if (op) free_code(op);
}

namespace {
// Functions resolved by name during this request. User functions die with the
// request, so the cache is emptied when it ends (see lifetime.cpp). Created on
// first use and deleted only when the extension is unloaded (no static
// destructor may run before a request that still uses it has ended). With a
// thread-safe engine each thread runs its own requests: one cache per thread,
// deleted at the end of each request (a thread's storage is gone before the
// extension's unload handlers run at exit, and a worker thread may end at any
// point after its last request).
using function_map = std::unordered_map<std::string, zend_fcall_info_cache>;
#ifdef ZTS
thread_local function_map* function_cache_ptr = nullptr;
#else
function_map* function_cache_ptr = nullptr;
#endif
function_map& function_cache() {
    if (!function_cache_ptr) function_cache_ptr = new function_map();
    return *function_cache_ptr;
}
}  // namespace

void clear_function_cache() noexcept {
#ifdef ZTS
    delete function_cache_ptr;
    function_cache_ptr = nullptr;
#else
    if (function_cache_ptr) function_cache_ptr->clear();
#endif
}
// What call.cpp keeps per extension; the extension's unload frees it.
void free_call_data() noexcept {
    delete function_cache_ptr;
    function_cache_ptr = nullptr;
    if (zend_internal_function* f = host_fn.exchange(nullptr)) free_host_function(f);
}

void resolve_function(std::string_view name, zend_fcall_info_cache* fcc) {
    // Checked before the cache: a destructor run after the executor shut
    // down must neither call nor cache (user functions are freed next).
    if (UNEXPECTED(!php_callable_now())) refuse_php_call();
    auto& cache = function_cache();
    std::string key(name);
    if (auto it = cache.find(key); it != cache.end()) {
        *fcc = it->second;
        return;
    }
    zval callable;
    ZVAL_STRINGL(&callable, name.data(), name.size());
    char* error = nullptr;
    bool ok = false;
    try {
        // "Cls::method" may autoload Cls.
        into_php([&] { ok = zend_is_callable_ex(&callable, nullptr, 0, nullptr, fcc, &error); });
    } catch (...) {
        zval_ptr_dtor(&callable);
        if (ok) zend_release_fcall_info_cache(fcc);
        if (error) efree(error);
        throw;
    }
    zval_ptr_dtor(&callable);
    if (!ok || (fcc->function_handler->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE)) {
        if (ok) zend_release_fcall_info_cache(fcc);
        // PHP's own wording for a plain name; the engine's reason otherwise.
        std::string msg = "Call to undefined function " + key + "()";
        if (error) {
            if (key.find("::") != std::string::npos) msg = "Cannot call " + key + "(): " + error;
            efree(error);
        }
        throw php::error(msg);
    }
    if (error) efree(error);
    cache.emplace(std::move(key), *fcc);
}

zend_function* find_method(zend_object* obj, std::string_view name) {
    zend_string* n = zend_string_init(name.data(), name.size(), 0);
    zend_function* fn = obj->handlers->get_method(&obj, n, nullptr);
    zend_string_release(n);
    if (!fn) {
        if (EG(exception)) throw_pending_exception();
        throw php::error("Call to undefined method " + std::string(ZSTR_VAL(obj->ce->name)) + "::" + std::string(name) +
                         "()");
    }
    return fn;
}

zend_function* find_method(zend_object* obj, zend_string* name, zend_string* lc_key) {
    zval key;
    ZVAL_STR(&key, lc_key);
    zend_function* fn = obj->handlers->get_method(&obj, name, &key);
    if (!fn) {
        if (EG(exception)) throw_pending_exception();
        throw php::error("Call to undefined method " + std::string(ZSTR_VAL(obj->ce->name)) +
                         "::" + std::string(ZSTR_VAL(name), ZSTR_LEN(name)) + "()");
    }
    return fn;
}

zend_function* find_static_method(zend_class_entry* ce, std::string_view name) {
    zend_string* n = zend_string_init(name.data(), name.size(), 0);
    zend_function* fn = zend_std_get_static_method(ce, n, nullptr);
    zend_string_release(n);
    if (!fn) {
        if (EG(exception)) throw_pending_exception();
        throw php::error("Call to undefined method " + std::string(ZSTR_VAL(ce->name)) + "::" + std::string(name) +
                         "()");
    }
    return fn;
}

void result_type_error(const char* expected, uint32_t mask, zval* got) {
    // A nullable single type reads "?int", as the engine spells it (a union
    // names null itself: its caster has std::nullptr_t among the alternatives).
    std::string type(expected);
    if ((mask & MAY_BE_NULL) && (mask & MAY_BE_ANY) != MAY_BE_ANY && type.find('|') == std::string::npos &&
        type != "null")
        type.insert(0, "?");
    throw type_error("Return value must be of type " + type + ", " + detail::value_name(got) + " returned");
}

bool weak_scalar_result(uint32_t mask, zval* z) {
    bool ok = false;
    // Only engine calls inside: a Stringable's __toString, the release of
    // the object it replaces and a deprecation's error handler run PHP code.
    into_php([&] { ok = zend_verify_scalar_type_hint(mask, z, /*strict=*/false, /*is_internal_arg=*/false); });
    return ok;
}

void by_ref_type_error(uint32_t num, const char* expected, zval* got) {
    throw type_error("By-reference argument #" + std::to_string(num) + " must be of type " + expected + ", " +
                     detail::value_name(got) + " assigned");
}

std::string method_display_name(const zend_function* fn) {
    std::string name;
    if (fn->common.scope) name = std::string(ZSTR_VAL(fn->common.scope->name)) + "::";
    return name + ZSTR_VAL(fn->common.function_name);
}

namespace {
std::string callee_name(zend_function* fn, zval* callable) {
    std::string name;
    if (fn) {
        name = method_display_name(fn);
    } else if (callable) {
        zend_string* n = zend_get_callable_name(callable);
        name = ZSTR_VAL(n);
        zend_string_release(n);
    }
    return name;
}
}  // namespace

void rethrow_with_callee(const type_error& e, zend_function* fn, zval* callable) {
    throw type_error(callee_name(fn, callable) + "(): " + e.message());
}

void rethrow_with_callee(const value_error& e, zend_function* fn, zval* callable) {
    throw value_error(callee_name(fn, callable) + "(): " + e.message());
}

void result_range_error(long long min, unsigned long long max, zend_long got) {
    throw value_error("Return value must be between " + std::to_string(min) + " and " + std::to_string(max) + ", " +
                      std::to_string(got) + " returned");
}

namespace {
// A value zend_is_callable_ex() accepted: its deprecation note (if any) freed, and a __call /
// __callStatic trampoline released, as it is single-use: each call resolves its own.
void accept_callable(callable_state& st, char* note) noexcept {
    if (note) efree(note);
    st.cached = !(st.fcc.function_handler->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE);
    if (!st.cached) zend_release_fcall_info_cache(&st.fcc);
}
}  // namespace

bool check_callable(zval* z, callable_state& st, char** error) noexcept {
    st.z = z;
    st.cached = false;
    if (!zend_is_callable_ex(z, nullptr, 0, nullptr, &st.fcc, error)) return false;
    accept_callable(st, *error);
    *error = nullptr;
    return true;
}

void throw_not_callable(char* error) {
    std::string msg = "Value is not a valid callback";
    if (error) {
        msg = std::string("Value is not a valid callback: ") + error;
        efree(error);
    }
    throw type_error(msg);
}

bool callable_caster_base::load_rest(bool ok, uint32_t num, callable_state& out, bool nullable, char* error) {
    if (ok) {  // callable, with a deprecation note, or a __call / __callStatic trampoline
        accept_callable(out, error);
        return true;
    }
    out.cached = false;
    if (nullable) {
        zend_wrong_callback_or_null_error(num, error);
        return false;
    }
    zend_wrong_callback_error(num, error);
    return false;
}

zend_object* new_instance(zend_class_entry* ce) {
    zval z;
    ZVAL_UNDEF(&z);
    try {
        into_php([&] {
            if (object_init_ex(&z, ce) != SUCCESS && !EG(exception))
                zend_throw_error(nullptr, "Cannot instantiate %s", ZSTR_VAL(ce->name));
        });
    } catch (...) {
        release_zval(&z);
        throw;
    }
    return Z_OBJ(z);
}

zend_class_entry* lookup_class(std::string_view name) {
    zend_string* n = zend_string_init(name.data(), name.size(), 0);
    zend_class_entry* ce = nullptr;
    try {
        into_php([&] { ce = zend_lookup_class(n); });  // may run an autoloader
    } catch (...) {
        zend_string_release(n);
        throw;
    }
    zend_string_release(n);
    if (!ce) throw php::error("Class \"" + std::string(name) + "\" not found");
    return ce;
}

bool iterate_impl(zval* v, iterate_fn fn, void* ctx) {
    ZVAL_DEREF(v);
    if (Z_TYPE_P(v) == IS_ARRAY) {
        // Held for the walk: code fn runs cannot free the table under it (a change separates it).
        Value hold{ValueView(v)};
        zend_array* ht = Z_ARR_P(v);
        zend_ulong h;
        zend_string* k;
        zval* val;
        zval key;
        ZEND_HASH_FOREACH_KEY_VAL(ht, h, k, val) {
            if (k) ZVAL_STR(&key, k);
            else ZVAL_LONG(&key, static_cast<zend_long>(h));
            ZVAL_DEREF(val);
            fn(ctx, &key, val);
        }
        ZEND_HASH_FOREACH_END();
        return true;
    }
    if (Z_TYPE_P(v) != IS_OBJECT || !instanceof_function(Z_OBJCE_P(v), zend_ce_traversable)) return false;
    zend_class_entry* ce = Z_OBJCE_P(v);
    zend_object_iterator* it = nullptr;
    into_php([&] { it = ce->get_iterator(ce, v, 0); });  // IteratorAggregate::getIterator() runs here
    if (!it) {
        if (!EG(exception))
            throw error("Object of type " + std::string(ZSTR_VAL(ce->name)) + " did not create an Iterator");
        throw_pending_exception();
    }
    struct release {
        zend_object_iterator* it;
        ~release() {
            into_php_nothrow([](void* i) { zend_iterator_dtor(static_cast<zend_object_iterator*>(i)); }, it);
        }
    } guard{it};
    it->index = 0;
    if (it->funcs->rewind) into_php([&] { it->funcs->rewind(it); });
    while (true) {
        bool valid = false;
        into_php([&] { valid = it->funcs->valid(it) == SUCCESS; });
        if (!valid) break;
        zval* cur = nullptr;
        into_php([&] { cur = it->funcs->get_current_data(it); });
        if (!cur) break;
        zval key;
        ZVAL_NULL(&key);
        if (it->funcs->get_current_key) into_php([&] { it->funcs->get_current_key(it, &key); });
        else ZVAL_LONG(&key, static_cast<zend_long>(it->index));
        Value key_hold = Value::adopt(&key);
        ZVAL_DEREF(cur);
        fn(ctx, key_hold.view().raw(), cur);
        it->index++;
        into_php([&] { it->funcs->move_forward(it); });
    }
    return true;
}

}  // namespace detail

PHPBIND_NAMESPACE_END
