// phpbind/call.hpp — calling PHP from C++: functions, methods, static methods, callables.
//
//   php::Value v  = php::call("str_repeat", "ab", 3);        // by name, resolved once per request
//   int64_t n     = php::call<int64_t>("strlen", "abc");      // typed result, checked
//   php::Value r  = obj.call("format", "Y-m-d");               // method
//   php::Value s  = php::call_static("DateTime", "createFromFormat", "Y", "2024");
//   php::Object o = php::make_object("ArrayObject", arr);     // new ArrayObject($arr)
//   php::Value x  = callable(1, 2);                            // any PHP callable
//   php::call("sort", php::ref(arr));                          // by-reference argument
//
// C++ arguments are converted with their casters into a zval array on the
// stack (no heap allocation). A PHP exception thrown by the callee arrives as
// php::error_already_set; exit() as php::script_exit; a fatal error as
// php::fatal_error (see docs/errors.md).
#pragma once

#include <phpbind/args.hpp>
#include <phpbind/array.hpp>
#include <phpbind/caster.hpp>
#include <phpbind/detail/edge.hpp>
#include <phpbind/object.hpp>
#include <phpbind/string.hpp>
#include <phpbind/value.hpp>

#include <exception>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

/// zend_call_function() inside zend_try: a bailout becomes php::fatal_error,
/// a pending exception php::error_already_set or php::script_exit (what the
/// call left in `ret` is released first). The common case, a call from a
/// handler with nothing pending, is tested inline; the rest is out of line.
PHPBIND_COLD void call_guarded_slow(zend_fcall_info* fci, zend_fcall_info_cache* fcc);
PHPBIND_COLD void call_known_guarded_slow(zend_function* fn, zend_object* obj, zend_class_entry* scope, zval* ret,
                                          uint32_t argc, zval* argv);
[[noreturn]] PHPBIND_COLD void call_failed(zval* ret, bool bailed);

/// Whether a call into PHP may take the inline path: a PHP frame to call
/// from, PHP code callable, no exception in flight.
PHPBIND_INLINE bool plain_call_now() noexcept {
    return EXPECTED(EG(current_execute_data) != nullptr && php_callable_now() && EG(exception) == nullptr);
}
PHPBIND_INLINE void call_guarded(zend_fcall_info* fci, zend_fcall_info_cache* fcc) {
    if (UNEXPECTED(!plain_call_now())) return call_guarded_slow(fci, fcc);
    const bool bailed = call_function_bailed(fci, fcc);
    if (UNEXPECTED(bailed || EG(exception) != nullptr)) call_failed(fci->retval, bailed);
}
PHPBIND_INLINE void call_known_guarded(zend_function* fn, zend_object* obj, zend_class_entry* scope, zval* ret,
                                       uint32_t argc, zval* argv) {
    if (UNEXPECTED(!plain_call_now())) return call_known_guarded_slow(fn, obj, scope, ret, argc, argv);
    const bool bailed = call_known_bailed(fn, obj, scope, ret, argc, argv);
    if (UNEXPECTED(bailed || EG(exception) != nullptr)) call_failed(ret, bailed);
}
/// zend_eval_stringl() under the same guard.
void eval_guarded(const char* code, size_t len, zval* ret);
/// object_init_ex() under the same guard: a new object of `ce`, or throws.
zend_object* new_instance(zend_class_entry* ce);

/// A function by name ("strlen", "Vendor\\fn", "Cls::method"), resolved with
/// the engine's callable rules and cached for the rest of the request.
void resolve_function(std::string_view name, zend_fcall_info_cache* fcc);
zend_function* find_method(zend_object* obj, std::string_view name);
zend_function* find_static_method(zend_class_entry* ce, std::string_view name);

[[noreturn]] PHPBIND_COLD void result_type_error(const char* expected, uint32_t mask, zval* got);
[[noreturn]] PHPBIND_COLD void by_ref_type_error(uint32_t num, const char* expected, zval* got);
/// Adds the callee's name to a result conversion error ("strlen(): Return value ...").
[[noreturn]] PHPBIND_COLD void rethrow_with_callee(const type_error& e, zend_function* fn, zval* callable);
[[noreturn]] PHPBIND_COLD void rethrow_with_callee(const value_error& e, zend_function* fn, zval* callable);
/// An int result outside the C++ integer type's range: ValueError, as for an argument.
[[noreturn]] PHPBIND_COLD void result_range_error(long long min, unsigned long long max, zend_long got);

template <class T>
struct is_by_ref : std::false_type {};
template <class T>
struct is_by_ref<php::ref<T>> : std::true_type {};

// An argument of this C++ type becomes a zval with no reference count (an int, a float, a bool,
// null): nothing to release after the call, which leaves its parameters as they were
// (zend_call_function copies them into the callee's frame).
template <class T>
inline constexpr bool plain_argument = std::is_arithmetic_v<T> || std::is_null_pointer_v<T>;

// The arguments of one call, on the stack; released however the call ends.
template <class... A>
struct arg_pack {
    static constexpr size_t N = sizeof...(A);
    zval v[N ? N : 1];
    uint32_t n = 0;
    arg_pack() {}
    arg_pack(const arg_pack&) = delete;
    ~arg_pack() {
        if constexpr (!(plain_argument<std::decay_t<A>> && ...))
            for (uint32_t i = 0; i < n; ++i) release_zval(&v[i]);
    }
    template <class T>
    void put(T&& a) {
        using D = std::decay_t<T>;
        if constexpr (is_by_ref<D>::value) {
            using V = std::remove_cvref_t<decltype(*a)>;
            // The value read back lives in the reference, which is released
            // when the call returns: a borrowing type would dangle.
            static_assert(
                !requires { caster<V>::borrows; },
                "phpbind: php::ref(v) needs a type that owns its value (std::string, php::Value, ...): "
                "what the callee stores in the reference is released when the call returns");
            zval tmp;
            caster<V>::to_zval(*a, &tmp);
            ZVAL_NEW_REF(&v[n], &tmp);
        } else {
            caster<D>::to_zval(std::forward<T>(a), &v[n]);
        }
        ++n;
    }
    template <class T>
    void read_back(uint32_t i, T&& a) {
        using D = std::decay_t<T>;
        if constexpr (is_by_ref<D>::value) {
            using V = std::remove_cvref_t<decltype(*a)>;
            zval* z = Z_REFVAL(v[i]);
            typename caster<V>::parsed p;
            if (UNEXPECTED(!caster<V>::try_load(z, p))) by_ref_type_error(i + 1, caster<V>::type_name, z);
            *a = caster<V>::get(p);
        }
    }
};

/// Converts `z` in place with PHP's weak rules for a scalar return type
/// (zend_verify_scalar_type_hint, as zend_verify_return_type does in a file
/// without strict_types); false if they refuse it. Through the edge: a
/// Stringable's __toString and a deprecation's error handler are PHP code.
bool weak_scalar_result(uint32_t mask, zval* z);

/// A call result as C++ type R: exact PHP types only (int to float allowed),
/// or with `Weak` (php::weak<R>) the weak return-type rules first; anything
/// else throws php::type_error naming both types.
template <class R, bool Weak = false>
R convert_result(zval* z) {
    using C = caster<R>;
    static_assert(
        !requires { C::borrows; },
        "phpbind: a borrowed view of a call result would dangle once the result is released; "
        "ask for an owned type (php::Value, php::String, php::Array, std::string, ...)");
    typename C::parsed p;
    if (EXPECTED(C::try_load(z, p))) return C::get(p);
    if constexpr (Weak) {
        constexpr uint32_t scalar = C::type_mask & (MAY_BE_BOOL | MAY_BE_LONG | MAY_BE_DOUBLE | MAY_BE_STRING);
        static_assert(scalar != 0 && !(C::type_mask & (MAY_BE_ARRAY | MAY_BE_OBJECT)),
                      "phpbind: php::weak<T> is for scalar results (bool, integers, floats, strings, their optionals)");
        if (weak_scalar_result(scalar, z) && C::try_load(z, p)) return C::get(p);
    }
    if constexpr (requires {
                      C::full_range;
                      C::lo;
                      C::hi;
                  }) {
        if (Z_TYPE_P(z) == IS_LONG) result_range_error(C::lo, C::hi, Z_LVAL_P(z));
    }
    result_type_error(C::type_name, C::type_mask, z);
}

/// `fn`, or null for a trampoline (a method reached through __call or __callStatic), which the
/// call it serves frees.
inline zend_function* not_trampoline(zend_function* fn) noexcept {
    return fn && (fn->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE) ? nullptr : fn;
}
/// "Class::method" or "function", as error messages name a callee.
PHPBIND_COLD std::string method_display_name(const zend_function* fn);

template <class R>
call_result_t<R> finish(zval* ret, zend_function* fn, zval* callable) {
    // A function returning by reference hands back a reference: unwrap it, as
    // call_user_func() does. No result at all reads as null.
    if (UNEXPECTED(Z_ISREF_P(ret))) zend_unwrap_reference(ret);
    else if (UNEXPECTED(Z_TYPE_P(ret) == IS_UNDEF)) ZVAL_NULL(ret);
    if constexpr (std::is_void_v<R>) {
        release_checked(ret);
    } else if constexpr (std::is_same_v<R, Value>) {
        return Value::adopt(ret);
    } else {
        Value owner = Value::adopt(ret);  // released even if the conversion throws
        try {
            return convert_result<call_result_t<R>, !std::is_same_v<R, call_result_t<R>>>(owner.raw());
        } catch (const type_error& e) {
            rethrow_with_callee(e, fn, callable);
        } catch (const value_error& e) {
            rethrow_with_callee(e, fn, callable);
        }
    }
}

template <class R, class... A>
call_result_t<R> call_fcc(zval* callable, zend_fcall_info_cache* fcc, A&&... args) {
    arg_pack<A...> pack;
    (pack.put(std::forward<A>(args)), ...);
    zval ret;
    ZVAL_UNDEF(&ret);
    zend_fcall_info fci;
    fci.size = sizeof(fci);
    ZVAL_COPY_VALUE(&fci.function_name, callable);
    // Read only to resolve a callable without a cache (zend_call_function
    // takes the object from the cache otherwise); the callable names its own.
    fci.object = nullptr;
    fci.retval = &ret;
    fci.params = pack.v;
    fci.param_count = pack.n;
    fci.named_params = nullptr;
    // A trampoline (a method reached through __call) is freed by the call: then the callable
    // names it in an error message.
    zend_function* named = fcc ? not_trampoline(fcc->function_handler) : nullptr;
    call_guarded(&fci, fcc);
    uint32_t i = 0;
    (pack.read_back(i++, std::forward<A>(args)), ...);
    return finish<R>(&ret, named, callable);
}

template <class R, class... A>
call_result_t<R> call_known(zend_function* fn, zend_object* obj, zend_class_entry* scope, A&&... args) {
    arg_pack<A...> pack;
    (pack.put(std::forward<A>(args)), ...);
    zval ret;
    ZVAL_UNDEF(&ret);
    // A trampoline (a method reached through __call) is freed by the call (zend_free_trampoline):
    // an error message names it from a copy of its name taken first.
    Value trampoline_name;
    zend_function* named = not_trampoline(fn);
    if (UNEXPECTED(!named)) trampoline_name = method_display_name(fn);
    call_known_guarded(fn, obj, scope, &ret, pack.n, pack.v);
    uint32_t i = 0;
    (pack.read_back(i++, std::forward<A>(args)), ...);
    return finish<R>(&ret, named, named ? nullptr : trampoline_name.raw());
}

}  // namespace detail

/// Calls a PHP function by name. R is php::Value (any result) or a C++ type.
template <class R = Value, class... A>
detail::call_result_t<R> call(std::string_view function, A&&... args) {
    zend_fcall_info_cache fcc;
    detail::resolve_function(function, &fcc);
    return detail::call_known<R>(fcc.function_handler, fcc.object, fcc.called_scope, std::forward<A>(args)...);
}

/// `$obj->method(...$args)`
template <class R = Value, class... A>
detail::call_result_t<R> call_method(ObjectView obj, std::string_view method, A&&... args) {
    zend_function* fn = detail::find_method(obj.raw(), method);
    return detail::call_known<R>(fn, obj.raw(), obj.raw()->ce, std::forward<A>(args)...);
}

/// `Cls::method(...$args)`
template <class R = Value, class... A>
detail::call_result_t<R> call_static(std::string_view class_name, std::string_view method, A&&... args) {
    zend_class_entry* ce = detail::lookup_class(class_name);
    zend_function* fn = detail::find_static_method(ce, method);
    return detail::call_known<R>(fn, nullptr, ce, std::forward<A>(args)...);
}

/// `new Cls(...$args)`
template <class... A>
Object make_object(std::string_view class_name, A&&... args) {
    zend_class_entry* ce = detail::lookup_class(class_name);
    zend_object* made = detail::new_instance(ce);  // default values may autoload
    Object obj = Object::adopt(made);
    zval z;
    ZVAL_OBJ(&z, made);
    if (zend_function* ctor = Z_OBJ(z)->handlers->get_constructor(Z_OBJ(z))) {
        detail::call_known<void>(ctor, Z_OBJ(z), ce, std::forward<A>(args)...);
    } else if constexpr (sizeof...(A) > 0) {
        throw error("Class " + std::string(class_name) +
                    " does not have a constructor, so you cannot pass any "
                    "constructor arguments");
    } else if (EG(exception)) {
        detail::throw_pending_exception();
    }
    return obj;
}

template <class R, class... A>
detail::call_result_t<R> ObjectView::call(std::string_view method, A&&... args) const {
    return call_method<R>(*this, method, std::forward<A>(args)...);
}
template <class R, detail::fixed_name Name, class... A>
detail::call_result_t<R> ObjectView::call(method_name<Name> m, A&&... args) const {
    zend_function* fn = detail::find_method(raw(), m.name(), m.key());
    return detail::call_known<R>(fn, raw(), raw()->ce, std::forward<A>(args)...);
}
template <class R, class... A>
detail::call_result_t<R> Object::call(std::string_view method, A&&... args) const {
    return call_method<R>(view(), method, std::forward<A>(args)...);
}

// ---------------------------------------------------------------------------
// Callables

namespace detail {
struct callable_state {
    zval* z;
    zend_fcall_info_cache fcc;
    bool cached;  // false for __call/__callStatic trampolines: resolved per call
};
/// Validates `z` as a callable with the engine's rules; on failure returns
/// false and sets `error` (emalloc'd, the caller frees it).
bool check_callable(zval* z, callable_state& st, char** error) noexcept;
[[noreturn]] PHPBIND_COLD void throw_not_callable(char* error);
}  // namespace detail

class Callable;

/// The arguments of the next call that CallableView::repeat() makes, set by
/// its `next` step. Borrowed: each must stay where it is until `next`
/// returns (an element of your container, a php::Value of yours outside the
/// step); the call takes its own references when it begins.
template <uint32_t N>
class repeat_args {
public:
    /// Argument `k` (from 0) of the next call.
    void set(uint32_t k, ValueView v) noexcept { ZVAL_COPY_VALUE(&z_[k], v.raw()); }
    /// Argument `k` of the next call: this value, borrowed.
    void set(uint32_t k, const Value& v) noexcept { ZVAL_COPY_VALUE(&z_[k], v.raw()); }
    /// A temporary would be gone before the call begins.
    void set(uint32_t k, Value&& v) = delete;
    /// The arguments as the engine reads them.
    zval* raw() noexcept { return z_; }

private:
    zval z_[N ? N : 1];  // (a callback called with no arguments: N = 0)
};

namespace detail {
// CallableView::repeat()'s state, outside the loop's jump target: the
// caller's steps, made noexcept (what they throw waits in `error` until the
// loop has ended), the result slot, and how the loop ended.
template <uint32_t N, class Next, class Take>
struct repeat_steps {
    Next next_step;  // the caller's lambda, or a reference to it when it passed an lvalue
    Take take_step;
    repeat_args<N> args;
    Value result;  // each call's result: `take` may move it away; what it leaves is released
    std::exception_ptr error;
    bool failed = false;  // a call left an exception: call_failed() after the loop
    bool resume = false;  // something pending before a call: the rest goes call by call

    repeat_steps(Next&& n, Take&& t) : next_step(std::forward<Next>(n)), take_step(std::forward<Take>(t)) {}

    PHPBIND_INLINE bool next() noexcept {
        try {
            return next_step(args);
        } catch (...) {
            error = std::current_exception();
            return false;
        }
    }
    // What plain_call_now() tests: the rest (a PHP frame, an active engine)
    // holds for the whole loop once it held for the first call.
    PHPBIND_INLINE static bool plain() noexcept { return unwinding.pending == 0 && EG(exception) == nullptr; }
    // Called with the result in `result`; false stops the loop.
    PHPBIND_INLINE bool take() noexcept {
        if (UNEXPECTED(EG(exception) != nullptr)) {
            failed = true;
            return false;
        }
        return take_result();
    }
    PHPBIND_INLINE bool take_result() noexcept {
        zval* r = result.raw();
        if (UNEXPECTED(Z_ISREF_P(r))) zend_unwrap_reference(r);
        else if (UNEXPECTED(Z_TYPE_P(r) == IS_UNDEF)) ZVAL_NULL(r);
        bool more = true;
        try {
            if constexpr (std::is_void_v<std::invoke_result_t<Take&, Value&&>>) take_step(std::move(result));
            else more = static_cast<bool>(take_step(std::move(result)));
        } catch (...) {
            error = std::current_exception();
            more = false;
        }
        if (Z_REFCOUNTED_P(r)) {  // what `take` left
            release_zval(r);
            ZVAL_UNDEF(r);  // a fatal error from here on must not release it twice
        }
        return more;
    }
};

template <uint32_t N, class Next, class Take>
void repeat_calls(const callable_state& st, Next&& next, Take&& take) {
    repeat_steps<N, Next, Take> s(std::forward<Next>(next), std::forward<Take>(take));
    zend_fcall_info fci;
    fci.size = sizeof(fci);
    ZVAL_COPY_VALUE(&fci.function_name, st.z);
    fci.object = nullptr;
    fci.retval = s.result.raw();
    fci.params = s.args.raw();
    fci.param_count = N;
    fci.named_params = nullptr;
    // A trampoline (__call) is resolved again for each call, as call_fcc() does.
    zend_fcall_info_cache fcc = st.fcc;
    zend_fcall_info_cache* cache = st.cached ? &fcc : nullptr;
    bool more = true;
    if (EXPECTED(plain_call_now())) {
        const bool bailed = repeat_bailed(&fci, cache, s);
        if (UNEXPECTED(bailed || s.failed)) call_failed(s.result.raw(), bailed);
        if (UNEXPECTED(s.error != nullptr)) std::rethrow_exception(s.error);
        if (EXPECTED(!s.resume)) return;
        more = false;  // the arguments of the next call are set already
    }
    // With something pending (a release left an exception, no PHP frame to
    // call from): each call on its own, as call_fcc() makes it.
    while (!more || s.next()) {
        more = true;
        call_guarded(&fci, cache);
        if (!s.take_result()) break;
    }
    if (UNEXPECTED(s.error != nullptr)) std::rethrow_exception(s.error);
}
}  // namespace detail

/// A borrowed, validated PHP callable: closure, "fn", "Cls::m", [$obj, 'm'],
/// ['Cls', 'm'], or an invokable object.
class CallableView {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    /// Validates `v`; throws php::type_error with PHP's own reason if it is not callable.
    explicit CallableView(ValueView v) {
        char* err = nullptr;
        if (!detail::check_callable(v.raw(), st_, &err)) detail::throw_not_callable(err);
    }
    explicit CallableView(const detail::callable_state& st) noexcept : st_(st) {}

    /// Calls it with C++ arguments; the result as R (php::Value by default, `php::weak<T>` for the
    /// weak return-type rules, void to discard). A PHP exception arrives as php::error_already_set.
    template <class R = Value, class... A>
    detail::call_result_t<R> call(A&&... args) const {
        PHPBIND_VIEW_CHECK("php::CallableView");
        return detail::call_fcc<R>(st_.z, st_.cached ? const_cast<zend_fcall_info_cache*>(&st_.fcc) : nullptr,
                                   std::forward<A>(args)...);
    }
    template <class... A>
    Value operator()(A&&... args) const {
        return call<Value>(std::forward<A>(args)...);
    }
    /// Calls it again and again with N arguments, for a loop over a container
    /// (map, filter, reduce): before each call, `next(php::repeat_args<N>& a)` sets
    /// its arguments with `a.set(k, value)` and returns true, or false when there
    /// are no more; after it, `take(php::Value&& result)` gets the result and
    /// returns void, or a bool (false stops). One fatal-error guard serves every
    /// call: the steps run between calls, never while PHP runs. What a call or a
    /// step throws ends the loop and reaches the caller, as from call().
    template <uint32_t N = 1, class Next, class Take>
    void repeat(Next&& next, Take&& take) const {
        PHPBIND_VIEW_CHECK("php::CallableView");
        detail::repeat_calls<N, Next, Take>(st_, std::forward<Next>(next), std::forward<Take>(take));
    }
    /// The callable as a borrowed mixed view.
    ValueView value() const noexcept { return ValueView(st_.z); }
    /// An owned php::Callable holding a new reference to the same callable.
    Callable own() const;

private:
    detail::callable_state st_;
    PHPBIND_VIEW_STAMP
};

/// An owned PHP callable (holds a reference on the closure / object / array).
class Callable {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    explicit Callable(ValueView v) {
        ZVAL_COPY(&z_, v.raw());
        char* err = nullptr;
        if (!detail::check_callable(&z_, st_, &err)) {
            detail::release_zval(&z_);
            detail::throw_not_callable(err);
        }
    }
    Callable(const Callable& o) noexcept : st_(o.st_) {
        ZVAL_COPY(&z_, &o.z_);
        st_.z = &z_;
    }
    Callable& operator=(const Callable& o) noexcept {
        if (this != &o) {
            zval old;
            ZVAL_COPY_VALUE(&old, &z_);
            ZVAL_COPY(&z_, &o.z_);
            st_ = o.st_;
            st_.z = &z_;
            detail::release_zval(&old);
        }
        return *this;
    }
    ~Callable() { detail::release_zval(&z_); }

    /// Calls it with C++ arguments; the result as R (php::Value by default, `php::weak<T>` for the
    /// weak return-type rules, void to discard). A PHP exception arrives as php::error_already_set.
    template <class R = Value, class... A>
    detail::call_result_t<R> call(A&&... args) const {
        auto st = st_;
        return detail::call_fcc<R>(st.z, st.cached ? &st.fcc : nullptr, std::forward<A>(args)...);
    }
    template <class... A>
    Value operator()(A&&... args) const {
        return call<Value>(std::forward<A>(args)...);
    }
    /// CallableView::repeat(): calls it again and again under one guard.
    template <uint32_t N = 1, class Next, class Take>
    void repeat(Next&& next, Take&& take) const {
        detail::repeat_calls<N, Next, Take>(st_, std::forward<Next>(next), std::forward<Take>(take));
    }
    /// A borrowed php::CallableView of it (valid while this Callable lives).
    CallableView view() const noexcept { return CallableView(st_); }
    /// The callable as a borrowed mixed view.
    ValueView value() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    /// The zval holding the callable (this Callable keeps its reference).
    zval* raw() noexcept { return &z_; }
    /// Writes a new reference to the callable into `dst` (uninitialised). A
    /// Callable has no release_into: it is never left empty.
    void copy_into(zval* dst) const noexcept { ZVAL_COPY(dst, &z_); }

private:
    zval z_;
    detail::callable_state st_;
    PHPBIND_OWNED_STAMP("php::Callable", &z_)
};

inline Callable CallableView::own() const { return Callable(ValueView(st_.z)); }

namespace detail {
struct callable_caster_base {
    static constexpr uint32_t type_mask = MAY_BE_CALLABLE;
    static constexpr const char* type_name = "callable";
    using parsed = callable_state;
    /// The common case inline (a callable the engine accepts without a note, not a trampoline,
    /// as ZPP's Z_PARAM_FUNC reads it); the rest, and the errors, out of line.
    static bool load(zval* arg, uint32_t num, callable_state& out, bool nullable) {
        out.z = arg;
        char* error = nullptr;
        const bool ok = zend_is_callable_ex(arg, nullptr, 0, nullptr, &out.fcc, &error);
        if (EXPECTED(ok && error == nullptr &&
                     !(out.fcc.function_handler->common.fn_flags & ZEND_ACC_CALL_VIA_TRAMPOLINE))) {
            out.cached = true;
            return true;
        }
        return load_rest(ok, num, out, nullable, error);
    }
    PHPBIND_COLD static bool load_rest(bool ok, uint32_t num, callable_state& out, bool nullable, char* error);
    static bool try_load(zval* z, callable_state& out) noexcept {
        char* err = nullptr;
        if (check_callable(z, out, &err)) return true;
        if (err) efree(err);
        return false;
    }
};
}  // namespace detail

template <>
struct caster<CallableView> : detail::callable_caster_base {
    static constexpr bool borrows = true;
    static CallableView get(const detail::callable_state& p) noexcept { return CallableView(p); }
    static void to_zval(CallableView v, zval* out) noexcept { ZVAL_COPY(out, v.value().raw()); }
};

template <>
struct caster<Callable> : detail::callable_caster_base {
    static Callable get(const detail::callable_state& p) { return Callable(ValueView(p.z)); }
    static void to_zval(const Callable& v, zval* out) noexcept { v.copy_into(out); }
};

/// `(string)$v`: PHP's string conversion, __toString() included (through the guarded edge). An
/// array converts to "Array" with PHP's warning; a value with no string form raises PHP's Error
/// (thrown as php::error_already_set).
std::string string_of(ValueView v);
/// The value as the engine's convert_scalar_to_number() makes it a number: a numeric or
/// leading-numeric string to int or float (a non-numeric one to 0, silently), null and bool to
/// int, an object through its cast handler (PHP's warning and 1 when it has none); an array
/// stays an array.
Value number_of(ValueView v);
/// `(int)$v`: PHP's integer conversion (zval_get_long): a leading-numeric string its number, a
/// float truncated, an array 0 when empty and 1 otherwise, an object through its cast handler
/// (PHP's warning and 1 when it has none). Never a TypeError (what `php::weak<int64_t>` gives).
int64_t int_of(ValueView v);
/// `$a + $b` with PHP's rules: numeric strings, int overflow to float, array union, an object's
/// do_operation handler; PHP's TypeError for operands it cannot add (php::error_already_set).
Value add(ValueView a, ValueView b);

namespace detail {
/// One element of an iteration: the C++ callback of php::iterate().
using iterate_fn = void (*)(void* ctx, zval* key, zval* value);
/// Out of line (src/call.cpp): false if `v` is neither an array nor Traversable.
bool iterate_impl(zval* v, iterate_fn fn, void* ctx);
}  // namespace detail

/// `foreach ($iterable as $key => $value)` from C++: calls `f(php::ValueView key, php::ValueView
/// value)` for each element of an array or a Traversable object (an Iterator, an
/// IteratorAggregate, a Generator, an internal class's own iteration). The views are valid
/// during the call. Returns false, calling nothing, for any other value. The iterator's methods
/// run through the guarded edge: what they throw reaches C++ as php::error_already_set, and an
/// exception `f` throws ends the walk (the iterator is released either way). An array is held
/// for the walk, so `f` sees every element it had when the walk began.
template <class F>
bool iterate(ValueView iterable, F&& f) {
    using Fn = std::remove_reference_t<F>;
    return detail::iterate_impl(
        iterable.raw(), [](void* ctx, zval* k, zval* v) { (*static_cast<Fn*>(ctx))(ValueView(k), ValueView(v)); },
        const_cast<void*>(static_cast<const void*>(&f)));
}

/// A PHP function resolved once, for repeated calls during the request.
class Function {
public:
    static constexpr lifetime php_lifetime = lifetime::request;
    explicit Function(std::string_view name) { detail::resolve_function(name, &fcc_); }
    /// Calls the function with C++ arguments; the result as R (php::Value by default,
    /// `php::weak<T>`, void).
    template <class R = Value, class... A>
    detail::call_result_t<R> call(A&&... args) const {
        return detail::call_known<R>(fcc_.function_handler, fcc_.object, fcc_.called_scope, std::forward<A>(args)...);
    }
    template <class... A>
    Value operator()(A&&... args) const {
        return call<Value>(std::forward<A>(args)...);
    }

private:
    zend_fcall_info_cache fcc_;
};

PHPBIND_NAMESPACE_END
