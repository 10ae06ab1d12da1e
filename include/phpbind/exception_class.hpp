// phpbind/exception_class.hpp — a C++ exception type becomes a PHP exception class.
//
//   struct NotFound : std::runtime_error { using runtime_error::runtime_error; };
//
//   m.exception<AppError>("App\\AppError", php::base<php::runtime_exception>);
//   m.exception<NotFound>("App\\NotFound", php::base<AppError>);
//
//   throw NotFound("no such key");   // PHP: App\NotFound("no such key"),
//                                    // catchable as AppError, RuntimeException, Exception
//
// The class is registered at MINIT with zend_register_internal_class_ex() and
// has no methods of its own: constructor, getMessage() and the rest are the
// parent's, so PHP code can also create, extend and throw it like any
// exception. At every handler edge, an exception whose type is bound (or
// derives from a bound type that is not bound itself) raises the class bound
// to its most derived bound type. See docs/errors.md.
#pragma once

#include <phpbind/module.hpp>
#include <phpbind/detail/unique_function.hpp>

#include <cstring>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <typeinfo>

PHPBIND_NAMESPACE_BEGIN

/// Names the parent of a class being bound: `php::base<php::runtime_exception>`
/// (a phpbind throwable: its PHP class) or `php::base<AppError>` (a C++ type
/// bound with module::exception<AppError> before this one).
template <class B>
struct base_t {
    using type = B;
};
template <class B>
inline constexpr base_t<B> base{};

/// Names the parent by its PHP name: a class the engine knows when the module starts (MINIT) —
/// one of the core's or of an extension started before this one — whose class entry PHP's
/// headers need not export (`php::base_named("JsonException")` on PHP 8.2). A leading `\` is
/// allowed; case does not matter, as for PHP class names.
struct base_named {
    std::string name;
    explicit base_named(std::string_view n) : name(n.starts_with('\\') ? n.substr(1) : n) {}
};

namespace detail {

/// The `code` of a raised exception: a const member `code()` returning an
/// integer, an enumeration or a std::error_code (its value()); 0 otherwise.
template <class E>
zend_long exception_code(const E& e) {
    if constexpr (requires { e.code(); }) {
        using C = std::remove_cvref_t<decltype(e.code())>;
        if constexpr (std::is_same_v<C, std::error_code>) {
            return static_cast<zend_long>(e.code().value());
        } else if constexpr (std::is_enum_v<C>) {
            return static_cast<zend_long>(static_cast<std::underlying_type_t<C>>(e.code()));
        } else if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>) {
            return static_cast<zend_long>(e.code());
        } else {
            return 0;
        }
    } else {
        return 0;
    }
}

/// Raises `e` as `ce`: message from what() (a C string or anything a
/// std::string_view is made from), code from exception_code().
template <class E>
void raise_bound(zend_class_entry* ce, const E& e) noexcept {
    try {
        zend_long code = exception_code(e);
        if constexpr (requires { e.what(); }) {
            decltype(auto) w = e.what();  // keeps a std::string returned by value alive
            static_assert(std::is_convertible_v<decltype(w), const char*> ||
                              std::is_constructible_v<std::string_view, decltype(w)>,
                          "phpbind: a bound exception type's what() must return a string (const char*, "
                          "std::string, std::string_view): it becomes the PHP message");
            if constexpr (std::is_convertible_v<decltype(w), const char*>) {
                const char* s = w;
                raise(ce, s ? s : "", s ? strlen(s) : 0, code);
            } else {
                std::string_view s(w);
                raise(ce, s.data(), s.size(), code);
            }
        } else {
            raise(ce, "", 0, code);
        }
    } catch (...) {
        // what() or code() threw: the class still tells what happened.
        raise(ce, "", 0, 0);
    }
}

template <class E>
bool translate_bound(zend_class_entry* ce) noexcept {
    try {
        throw;
    } catch (const E& e) {
        raise_bound(ce, e);
        return true;
    } catch (...) {
        return false;
    }
}

template <class E>
[[noreturn]] void throw_bound_pointer() {
    throw static_cast<const E*>(nullptr);
}

template <class E>
bool catches_bound_pointer() noexcept {
    try {
        throw;
    } catch (const E*) {
        return true;
    } catch (...) {
        return false;
    }
}

/// The class bound to C++ type `t` by any module of this binary, or null.
zend_class_entry* bound_exception_class(const std::type_info& t) noexcept;

/// Records the binding: at MINIT the class is registered under `name` with
/// the parent `get_parent` returns (null: `parent_error` is the reason) and
/// the translator added; at MSHUTDOWN the translator is removed.
void bind_exception_class(module& m, std::string_view name, exception_translator t,
                          detail::unique_function<zend_class_entry*(std::string& error)> get_parent);

template <class B>
detail::unique_function<zend_class_entry*(std::string&)> exception_parent(base_t<B>) {
    static_assert(std::is_class_v<B>, "phpbind: php::base<B> names a class type");
    return [](std::string& error) -> zend_class_entry* {
        // A bound type first: it may itself derive from a phpbind throwable.
        if (zend_class_entry* ce = bound_exception_class(typeid(B))) return ce;
        if constexpr (std::is_base_of_v<throwable, B> && std::is_constructible_v<B, std::string>) {
            return B(std::string()).php_class();
        } else {
            error = "parent php::base<" + demangle(typeid(B)) +
                ">: that type is not bound with exception<>() before this class";
            return nullptr;
        }
    };
}

detail::unique_function<zend_class_entry*(std::string&)> exception_parent(const base_named& parent);

template <class P>
detail::unique_function<zend_class_entry*(std::string&)> exception_parent(const P& parent) {
    static_assert(
        std::is_invocable_r_v<zend_class_entry*, const P&>,
        "phpbind: the parent of exception<E>(name, parent) is php::base<B>, php::base_named(\"Name\") or a getter "
        "`zend_class_entry* ()` called at MINIT (class entries do not exist yet when the module "
        "is defined)");
    return [parent](std::string& error) -> zend_class_entry* {
        zend_class_entry* ce = parent();
        if (!ce) error = "the parent getter returned no class";
        return ce;
    };
}

}  // namespace detail

/// The PHP class bound to C++ type E by exception<E>(), from MINIT to
/// MSHUTDOWN of the module that bound it; null otherwise. For
/// `error_already_set::matches(php::exception_class<E>())` and parent getters.
template <class E>
zend_class_entry* exception_class() noexcept {
    return detail::bound_exception_class(typeid(E));
}

template <class E, class... Parent>
module& module::exception(std::string_view name, const Parent&... parent) {
    static_assert(std::is_class_v<E> && !std::is_const_v<E> && !std::is_volatile_v<E>,
                  "phpbind: exception<E> binds a class type (the type that is thrown)");
    static_assert(sizeof...(Parent) <= 1, "phpbind: exception<E>(name, parent) takes at most one parent");
    static_assert(!std::is_base_of_v<error_already_set, E> && !std::is_base_of_v<engine_unwind, E>,
                  "phpbind: error_already_set, script_exit and fatal_error carry the engine's own exception or "
                  "unwinding back to it; they cannot be bound to a class");
    detail::exception_translator t{&typeid(E),
                                   nullptr,
                                   this,
                                   &detail::translate_bound<E>,
                                   &detail::throw_bound_pointer<E>,
                                   &detail::catches_bound_pointer<E>,
                                   std::is_base_of_v<throwable, E>};
    detail::unique_function<zend_class_entry*(std::string&)> get_parent;
    if constexpr (sizeof...(Parent) == 0) {
        get_parent = [](std::string&) { return zend_ce_exception; };
    } else {
        get_parent = detail::exception_parent(parent...);
    }
    detail::bind_exception_class(*this, name, t, std::move(get_parent));
    return *this;
}

PHPBIND_NAMESPACE_END
