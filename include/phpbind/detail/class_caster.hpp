// phpbind/detail/class_caster.hpp — bound classes as values: the casters of T, T*,
// std::unique_ptr<T> and std::shared_ptr<T> for a class bound with class_<T>,
// and the parameter adapter that hands a method or function the object's own
// C++ part (T&, const T&, T*) or a copy (T).
#pragma once

#include <phpbind/detail/binder.hpp>
#include <phpbind/detail/object_layout.hpp>
#include <phpbind/detail/type_name.hpp>

#include <ranges>

PHPBIND_NAMESPACE_BEGIN

// ---------------------------------------------------------------------------
// Any class type without a caster of its own is a bound class: it crosses as
// an object of the PHP class `class_<T>` registered for it.
template <class T>
    requires(std::is_class_v<T> && !(std::ranges::view<T> && std::ranges::sized_range<T>) && !detail::is_lambda<T>())
struct caster<T> {
    // A standard container with no caster (std::set, std::list, std::deque...)
    // would be taken for a class to bind, and fail only when the module
    // starts: refused here, where the compiler names the type.
    static_assert(!(std::ranges::range<T> && detail::in_namespace_std<T>()),
                  "phpbind: this standard container has no caster. Use one that has: std::vector, std::map, "
                  "std::unordered_map, std::pair, std::tuple, std::optional, std::variant (or a sized "
                  "range view as a result), php::ArrayView / php::Array, or write a php::caster<T> specialisation "
                  "(docs/casters.md)");
    static constexpr bool binds_object = true;
    static constexpr uint32_t type_mask = 0;  // the class name carries the type
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() {
        if (!detail::class_info<T>::name) detail::throw_unbound(typeid(T));
        return detail::class_info<T>::name;
    }
    static bool matches(zval* z) noexcept {
        return Z_TYPE_P(z) == IS_OBJECT && detail::class_info<T>::ce &&
            instanceof_function(Z_OBJCE_P(z), detail::class_info<T>::ce);
    }
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_object*& out, bool nullable) {
        if (EXPECTED(matches(arg))) {
            out = Z_OBJ_P(arg);
            return true;
        }
        if (nullable) zend_wrong_parameter_class_or_null_error(num, class_name(), arg);
        else zend_wrong_parameter_class_error(num, class_name(), arg);
        return false;
    }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (!matches(z)) return false;
        out = Z_OBJ_P(z);
        return true;
    }
    /// By value: a copy of the C++ object.
    static T get(zend_object* o) { return *detail::native<T>(o); }
    static void to_zval(T&& v, zval* out) { detail::new_object<T>(std::move(v), out); }
    static void to_zval(const T& v, zval* out) { detail::new_object<T>(v, out); }
};

/// T* is a nullable bound object (`?Counter`).
template <class T>
    requires std::is_class_v<T>
struct caster<T*> {
    using inner = caster<std::remove_cv_t<T>>;
    static constexpr bool binds_object = true;
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() { return inner::class_name(); }
    static bool load(zval* arg, uint32_t num, zend_object*& out, bool) {
        if (Z_TYPE_P(arg) == IS_NULL) {
            out = nullptr;
            return true;
        }
        return inner::load(arg, num, out, true);
    }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (Z_TYPE_P(z) == IS_NULL) {
            out = nullptr;
            return true;
        }
        return inner::try_load(z, out);
    }
};

/// std::unique_ptr<T> as a result: the new PHP object owns the C++ object
/// (deleted with it); null gives null. As a parameter it is refused: PHP
/// objects keep their C++ objects (take T&, const T& or T*).
template <class T>
    requires std::is_class_v<T>
struct caster<std::unique_ptr<T>> {
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    static const char* class_name() { return caster<T>::class_name(); }
    static void to_zval(std::unique_ptr<T>&& p, zval* out) {
        if (!p) ZVAL_NULL(out);
        else detail::new_object_owning(std::move(p), out);
    }
    using parsed = zend_object*;
    template <class X = void>
    static bool load(zval*, uint32_t, zend_object*&, bool) {
        static_assert(sizeof(X*) == 0,
                      "phpbind: a PHP object cannot give up its C++ object: take T&, const T& or T* instead of "
                      "std::unique_ptr<T>");
        return false;
    }
};

/// std::shared_ptr<T> as a result: the new PHP object shares ownership of the
/// C++ object (each return makes a new PHP object); null gives null. As a
/// parameter: an object that shares its C++ object this way (or null) gives
/// a shared_ptr to it (to its T part, for a derived class), which C++ may
/// keep beyond the request; any other object raises TypeError.
template <class T>
    requires std::is_class_v<T>
struct caster<std::shared_ptr<T>> {
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() { return caster<T>::class_name(); }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (Z_TYPE_P(z) == IS_NULL) {
            out = nullptr;
            return true;
        }
        if (!caster<T>::matches(z) || !detail::node_of(Z_OBJ_P(z))->share(Z_OBJ_P(z))) return false;
        out = Z_OBJ_P(z);
        return true;
    }
    static bool load(zval* arg, uint32_t num, zend_object*& out, bool) {
        if (EXPECTED(try_load(arg, out))) return true;
        if (caster<T>::matches(arg)) detail::not_shared_error(num, class_name(), Z_OBJ_P(arg));
        else zend_wrong_parameter_class_or_null_error(num, class_name(), arg);
        return false;
    }
    static std::shared_ptr<T> get(zend_object* o) {
        if (!o) return {};
        // Shares the owner's control block, points at the T part.
        return std::shared_ptr<T>(detail::node_of(o)->share(o), detail::native<T>(o));
    }
    static void to_zval(std::shared_ptr<T> p, zval* out) {
        if (!p) ZVAL_NULL(out);
        else detail::new_object_sharing(std::move(p), out);
    }
};

namespace detail {

// Parameters of bound class types: T& and const T& refer to the object's own
// C++ part; T* is nullable; T by value is a copy.
template <class P>
concept bound_param = requires { caster<std::remove_cvref_t<P>>::binds_object; };

template <class P>
    requires bound_param<P>
struct param<P> {
    using value_type = std::remove_cvref_t<P>;
    using c = caster<value_type>;
    using object_type = std::remove_cv_t<std::remove_pointer_t<value_type>>;
    static constexpr uint32_t type_mask = c::type_mask;
    static constexpr bool by_ref = false;
    static constexpr bool is_variadic = false;
    using state = zend_object*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, state& st) { return c::load(arg, num, st, false); }
    static object_type* hold(state& st) { return st ? native<object_type>(st) : nullptr; }
    static P pass(object_type* p) {
        if constexpr (std::is_pointer_v<value_type>) return p;
        else return *p;
    }
    template <class H>
    static void after(H&) {}
};

}  // namespace detail

PHPBIND_NAMESPACE_END
