// phpbind/detail/class_invoke.hpp — how a bound member runs: a method on the
// C++ object behind $this, __construct building it in place (again, if PHP
// calls it twice and nothing uses the object), or a factory's result.
#pragma once

#include <phpbind/detail/class_caster.hpp>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// Calls a member function on the C++ object behind $this.
template <auto M, class T>
struct invoke_method {
    static constexpr bool is_method = true;
    template <class... X>
    static PHPBIND_INLINE void call(zend_execute_data* execute_data, zval* return_value, X&&... a) {
        zend_object* self = Z_OBJ(EX(This));
        T* p = native<T>(self);
        using R = decltype((p->*M)(std::forward<X>(a)...));
        if constexpr (std::is_void_v<R>) {
            (p->*M)(std::forward<X>(a)...);
        } else if constexpr (std::is_lvalue_reference_v<R> && std::is_same_v<std::remove_cvref_t<R>, T>) {
            auto& r = (p->*M)(std::forward<X>(a)...);
            if (&r == p) ZVAL_OBJ_COPY(return_value, self);  // `return *this;` gives $this
            else caster<T>::to_zval(r, return_value);
        } else {
            caster<std::remove_cvref_t<R>>::to_zval((p->*M)(std::forward<X>(a)...), return_value);
            if constexpr (may_give_reference<R>) unwrap_returned(return_value);
        }
    }
};

/// The holder a T constructor may fill: `self` must be an object of T's own
/// class (or a PHP subclass). A bound derived class without a constructor
/// of its own inherits T's; it must not build a T where the derived object lives.
template <class T>
object_holder<T>* constructing(zend_object* self) {
    if (UNEXPECTED(node_of(self)->self != &self_of<T>)) throw_inherited_constructor(self);
    object_holder<T>* h = holder_of<T>(self);
    if (UNEXPECTED(h->ptr || h->how == holding::building)) check_not_in_use(self);
    return h;
}

// __construct: builds the C++ object in place (again, if called twice).
template <class T, class... A>
struct invoke_constructor {
    static constexpr bool is_method = true;
    static constexpr bool no_return_type = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval*, X&&... a) {
        object_holder<T>* h = constructing<T>(Z_OBJ(EX(This)));
        release_native(h);  // __construct called again
        construct_inline(h, std::forward<X>(a)...);
    }
    static void signature(A...);  // the parameter list, for binder_for
};

/// __construct from a factory function: F's parameters are the constructor's;
/// it returns a T (moved into the object), or a std::unique_ptr<T> /
/// std::shared_ptr<T> the object then owns / shares. The factory runs first,
/// so if it throws, an object constructed before keeps its C++ object.
template <class T, auto F>
struct invoke_factory {
    static constexpr bool is_method = true;
    static constexpr bool no_return_type = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval*, X&&... a) {
        zend_object* self = Z_OBJ(EX(This));
        object_holder<T>* h = constructing<T>(self);
        auto made = F(std::forward<X>(a)...);
        using R = decltype(made);
        if constexpr (std::is_same_v<R, T>) {
            release_native(h);
            construct_inline(h, std::move(made));
        } else if constexpr (std::is_same_v<R, std::unique_ptr<T>>) {
            if (!made) throw_null_factory(self);
            release_native(h);
            set_native(h, made.release(), holding::unique);
        } else {
            static_assert(std::is_same_v<R, std::shared_ptr<T>>,
                          "phpbind: a factory returns T, std::unique_ptr<T> or std::shared_ptr<T>");
            if (!made) throw_null_factory(self);
            release_native(h);
            hold_shared(h, std::move(made));
        }
    }
};

template <class T>
struct constructor_key {};

}  // namespace detail
PHPBIND_NAMESPACE_END
