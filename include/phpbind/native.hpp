// phpbind/native.hpp — C++ callables that become PHP values at run time: a
// Closure made from a lambda or std::function (php::closure, or a result of
// that type), and a PHP function defined during a request
// (php::define_function), removed when the request ends.
//
// Both call the callable through the same handler as a bound function (the
// arguments read and checked as ZPP would, the call through the guarded
// edge). The callable is owned by PHP: a closure's by the object the Closure
// is bound to (released with the last copy of the Closure), a run-time
// function's by the request. See docs/functions.md.
#pragma once

#include <phpbind/detail/binder.hpp>
#include <phpbind/module.hpp>
#include <phpbind/object.hpp>

#include <memory>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// A C++ callable owned by PHP. The tag names its type: a handler checks it
// before the cast (a closure can be rebound to another closure's object).
struct native_holder {
    explicit native_holder(const void* t) noexcept : tag(t) {}
    virtual ~native_holder() = default;
    native_holder(const native_holder&) = delete;
    native_holder& operator=(const native_holder&) = delete;
    const void* tag;
};

template <class F>
struct native_tag {
    static inline char id = 0;  // its address is the tag (not const: never merged with another)
};

template <class F>
struct native_holder_of final : native_holder {
    template <class G>
    explicit native_holder_of(G&& g) : native_holder(&native_tag<F>::id), f(std::forward<G>(g)) {}
    F f;
};

// The holder of the running call: the object a native Closure is bound to,
// or the run-time function's own. Null when there is none (raised as Error).
native_holder* native_holder_for(zend_execute_data* ex) noexcept;
[[noreturn]] PHPBIND_COLD void native_holder_missing(zend_execute_data* ex);

template <class F, class R>
struct invoke_native {
    static constexpr bool is_method = true;  // receives the frame; writes the result itself
    template <class... T>
    static PHPBIND_INLINE void call(zend_execute_data* execute_data, zval* return_value, T&&... a) {
        native_holder* h = native_holder_for(execute_data);
        if (UNEXPECTED(!h || h->tag != &native_tag<F>::id)) native_holder_missing(execute_data);
        F& f = static_cast<native_holder_of<F>*>(h)->f;
        if constexpr (std::is_void_v<R>) {
            f(std::forward<T>(a)...);
        } else {
            caster<std::remove_cvref_t<R>>::to_zval(f(std::forward<T>(a)...), return_value);
        }
    }
};

// The function a callable type's Closures are made from: one per type that
// any code of this library copy turns into a Closure, listed when the
// extension is loaded and registered when its first module starts.
struct native_template {
    bool (*build)(module& keeper, std::vector<zend_function_entry>& out);
    zend_function* fn = nullptr;  // from the first module's startup to the last one's shutdown
    native_template* next = nullptr;
};
bool list_native_template(native_template& t) noexcept;

template <class Fn>
struct native_closure_type {
    using S = callable_signature<Fn>;
    using B = typename binder_for<native_tag<Fn>, invoke_native<Fn, typename S::ret>, typename S::ret,
                                  typename S::args>::type;
    static bool build(module& keeper, std::vector<zend_function_entry>& out) {
        return B::bind_into(keeper, "{closure}", &out, 0);
    }
    static inline native_template tmpl{&build};
    static inline const bool listed = list_native_template(tmpl);
};

// Makes the Closure (it owns `h` from the start, whatever happens).
void make_native_closure(native_template& t, native_holder* h, zval* out);

template <class Fn, class F>
void native_closure_zval(F&& f, zval* out) {
    (void)&native_closure_type<Fn>::listed;  // instantiated: listed when the library is loaded
    make_native_closure(native_closure_type<Fn>::tmpl, new native_holder_of<Fn>(std::forward<F>(f)), out);
}

// A run-time function in the making: checks the name and the state first
// (throws php::logic_exception), keeps the strings and arg info.
class native_definition {
public:
    explicit native_definition(std::string_view name);
    ~native_definition();
    native_definition(const native_definition&) = delete;
    native_definition& operator=(const native_definition&) = delete;
    module& keeper() noexcept { return *keeper_; }
    std::vector<zend_function_entry>& entries() noexcept { return entries_; }
    // Registers it (the holder is owned from here on, whatever happens).
    void finish(bool bound, native_holder* h);

private:
    std::string name_;
    std::unique_ptr<module> keeper_;
    std::vector<zend_function_entry> entries_;
};

template <class Fn>
struct native_function_key {};

// Whether any code of this library copy defines functions at run time: they
// need a slot of the engine's reserved[] array, taken at startup only then.
bool note_runtime_functions() noexcept;
template <class Fn>
struct native_function_type {
    static inline const bool noted = note_runtime_functions();
};

struct native_closure_caster_base {
    static constexpr uint32_t type_mask = 0;  // the class name carries the type
    static const char* class_name() noexcept { return "Closure"; }
};

}  // namespace detail

/// A C++ callable (a lambda, capturing or not, a std::function, a function object) as a PHP
/// Closure. Its parameters and result cross as those of a bound function (arg info from the
/// signature: `{closure}(int $arg0): int`); the Closure owns the callable and releases it with its
/// last copy, so it may outlive the C++ scope that made it. Callable during the request it was
/// made in. Needs the extension loaded at startup (not by dl()): see docs/functions.md.
template <class F>
Value closure(F&& f) {
    zval z;
    detail::native_closure_zval<std::decay_t<F>>(std::forward<F>(f), &z);
    return Value::adopt(&z);
}

/// Defines a PHP function named `name` for the rest of the running request, calling the C++
/// callable `f` (bound like module::def, with optional php::arg annotations); it is removed when
/// the request ends, as dl() does with a module's functions. Throws php::logic_exception outside a
/// request, for an invalid name, or when a function of that name exists.
template <class F, class... Extra>
void define_function(std::string_view name, F&& f, const Extra&... extra) {
    using Fn = std::decay_t<F>;
    using S = detail::callable_signature<Fn>;
    using B = typename detail::binder_for<detail::native_function_key<Fn>, detail::invoke_native<Fn, typename S::ret>,
                                          typename S::ret, typename S::args>::type;
    (void)&detail::native_function_type<Fn>::noted;  // instantiated: noted when the library is loaded
    detail::native_definition d(name);
    const bool bound = B::bind_into(d.keeper(), name, &d.entries(), 0, extra...);
    d.finish(bound, new detail::native_holder_of<Fn>(std::forward<F>(f)));
}

/// Publishes a PHP Closure as the global function `name` for the rest of the running request: the
/// function runs the Closure's code (its parameters, types, defaults and `use` variables, shared
/// with the Closure), Reflection shows it as a user function, and the Closure is kept alive exactly
/// as long as the function. Removed when the request ends, before the engine destroys its tables.
/// Throws php::logic_exception outside a request, for an invalid or taken name, for a Closure of
/// C++ code (use php::define_function) or one bound to an object or a class scope
/// (`Closure::bind($c, null, null)` unbinds both).
void publish_function(std::string_view name, ObjectView closure);

/// Publishes a PHP Closure as a public method `method` of the declared userland class
/// `class_name` (static if `is_static`) for the rest of the running request, as publish_function()
/// does for a function; `$this` and `self` are the class's in its code. Refused
/// (php::logic_exception) for an internal class, an interface, enum or trait, a class opcache keeps
/// immutable (shared with other requests), an existing method, a Closure of C++ code or one bound
/// to an object. Classes that extend it and were declared before see no new method.
void publish_method(std::string_view class_name, std::string_view method, ObjectView closure, bool is_static = false);

/// A lambda as a result: a Closure (php::closure).
template <class T>
    requires(std::is_class_v<T> && detail::is_lambda<T>())
struct caster<T> : detail::native_closure_caster_base {
    template <class U>
    static void to_zval(U&& f, zval* out) {
        detail::native_closure_zval<T>(std::forward<U>(f), out);
    }
};

PHPBIND_NAMESPACE_END
