// phpbind/detail/class_spec.hpp — what class_<T> collects before MINIT
// registers it: the class and property specs, member function traits, the
// interface specs, and the accessors native-backed properties read and
// write through.
#pragma once

#include <phpbind/detail/binder.hpp>
#include <phpbind/detail/class_invoke.hpp>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

/// A property to declare at registration.
struct property_spec {
    std::string name;
    uint32_t type_mask = 0;
    const char* class_name = nullptr;  // a bound class type
    uint32_t flags = ZEND_ACC_PUBLIC;
    zval default_value;  // UNDEF: none (an uninitialized typed property)
    void (*get)(zend_object*, zval*) = nullptr;  // native-backed when set
    void (*set)(zend_object*, zend_string*, zval*) = nullptr;
    void (*unset)(zend_object*) = nullptr;  // class_::on_unset
    zval* (*slot)(zend_object*) = nullptr;  // property_untyped: the member itself
    direct_kind direct = direct_none;
    ptrdiff_t (*member_offset)(zend_object*) = nullptr;
};

struct class_spec {
    std::string name;
    std::vector<zend_function_entry> methods;
    uint32_t flags = 0;
    bool flags_has_constructor = false;
    // Native handlers (count, dimensions), given the class's flags (ZEND_ACC_FINAL: no PHP subclass).
    std::vector<void (*)(zend_object_handlers&, uint32_t)> handler_setup;
    // The same for the table of objects whose C++ object does not exist yet (class_node::pending),
    // once it is a copy of the other: a handler whose fast path skips that test.
    std::vector<void (*)(zend_object_handlers&)> pending_setup;
    std::vector<zend_class_entry* (*)()> interfaces;  // implemented after registration
    std::vector<std::string> interface_names;  // interfaces bound with interface_, by name
    std::vector<std::pair<std::string, zval>> constants;  // immutable values (see any_default)
    std::vector<property_spec> properties;  // declared and native-backed
    std::vector<void (*)(zend_class_entry*)> ce_setup;  // class entry hooks (get_iterator)
    bool serializable = false;  // opted in: no ZEND_ACC_NOT_SERIALIZABLE
};

[[noreturn]] PHPBIND_COLD void throw_offset_type(zend_object* o, const char* what, const char* expected, zval* z);

// Reads an array-access offset (or value: `what`) as C++ type K, strictly.
template <class K>
PHPBIND_COLD K dim_key_slow(zend_object* o, zval* offset, const char* what) {
    if (!offset) {
        if constexpr (std::is_same_v<K, ValueView>) {
            static zval none{};  // undefined: `$obj[] = $v` (class_::array_access_handlers)
            return ValueView(&none);
        }
        throw error(std::string("Cannot append to an object of class ") + ZSTR_VAL(o->ce->name));
    }
    ZVAL_DEREF(offset);
    typename caster<K>::parsed p;
    if (UNEXPECTED(!caster<K>::try_load(offset, p))) throw_offset_type(o, what, caster<K>::type_name, offset);
    return caster<K>::get(p);
}
template <class K>
PHPBIND_INLINE K dim_key(zend_object* o, zval* offset, const char* what = "offset") {
    // The int fast path exists only for integer types spanning zend_long
    // (caster<K>::full_range is an integer caster's member alone).
    if constexpr (std::is_integral_v<K> && !std::is_same_v<K, bool>) {
        if constexpr (caster<K>::full_range) {
            if (EXPECTED(offset && Z_TYPE_P(offset) == IS_LONG)) return static_cast<K>(Z_LVAL_P(offset));
        }
    } else if constexpr (std::is_same_v<K, ValueView>) {
        if (EXPECTED(offset != nullptr)) return ValueView(offset);  // any value: the member checks it
    }
    return dim_key_slow<K>(o, offset, what);
}

template <class F>
struct member_traits;
template <class C, class R, class... A>
struct member_traits<R (C::*)(A...)> {
    using ret = R;
    using args = type_list<std::remove_cvref_t<A>...>;
};
template <class C, class R, class... A>
struct member_traits<R (C::*)(A...) const> : member_traits<R (C::*)(A...)> {};
template <class L>
struct first_of;
template <class H, class... T>
struct first_of<type_list<H, T...>> {
    using type = H;
};
template <class L>
struct second_of;
template <class H, class S, class... T>
struct second_of<type_list<H, S, T...>> {
    using type = S;
};

/// What class_<T, Base> tells the one compiled startup function about T: the
/// template instances that know T's layout, filled once per type by
/// type_record_of<T, Base>() (class.hpp).
struct type_record {
    class_node* node = nullptr;
    const std::type_info* type = nullptr;
    const class_node* base = nullptr;  // the bound C++ base's node, if any
    const char* base_name = nullptr;  // its PHP name; null if it was never bound
    const std::type_info* base_type = nullptr;
    void* (*to_parent)(void*) = nullptr;
    void* (*self)(zend_object*) = nullptr;
    std::shared_ptr<void> (*share)(zend_object*) noexcept = nullptr;
    void (*adopt_unique)(void*, zval*) = nullptr;
    void (*adopt_shared)(std::shared_ptr<void>, void*, zval*) = nullptr;
    void* (*heap_copy)(const void*) = nullptr;  // null: T cannot be put in a php::Heap
    void (*heap_delete)(void*) noexcept = nullptr;
    zend_object* (*heap_create)(zend_class_entry*, void*) noexcept = nullptr;
    int offset = 0;  // of the zend_object in its holder
    zend_object_free_obj_t free_obj = nullptr;
    zend_object_clone_obj_t clone_obj = nullptr;  // null: uncloneable
    zend_object_get_gc_t get_gc = nullptr;  // null: the engine's (or the base's)
    zend_object* (*create)(zend_class_entry*) = nullptr;
    // A default-constructible T bound without a constructor: objects are
    // constructed when created, and a derived class gets `__construct()`.
    zend_object* (*create_constructed)(zend_class_entry*) = nullptr;
    bool (*bind_default_constructor)(module&, std::vector<zend_function_entry>*) = nullptr;
};

/// Registers the class `spec` describes at MINIT: its handlers from `r` and
/// its base's, the class entry, interfaces and properties.
void start_class(module& m, class_spec& spec, const type_record& r);

/// Registers a class at MINIT; the method table is freed once the engine has
/// read it (do_register_internal_class copies every entry).
zend_class_entry* register_class(class_spec& spec, zend_object* (*create)(zend_class_entry*), zend_class_entry* parent,
                                 bool free_methods);

/// Implements the interfaces named in the spec (registered before the class), then those of the
/// protocols bound (`interfaces`), and checks that the class defines every method they declare.
void implement_named_interfaces(const class_spec& spec, zend_class_entry* ce);

/// The body of an interface method: never called (the engine refuses to
/// call an abstract method); it only gives the binder a signature.
struct abstract_invoke {
    static constexpr bool is_method = true;
    template <class... X>
    static void call(zend_execute_data*, zval*, X&&...) {}
};
template <class Sig>
struct abstract_key {};

struct interface_spec {
    std::string name;
    std::vector<zend_function_entry> methods;
    std::vector<std::string> parents;
};
zend_class_entry* register_interface(interface_spec& spec, bool free_methods);

/// Declares the spec's properties on `ce`; native-backed ones join `node`,
/// whose property handlers are then installed.
void declare_properties(class_spec& spec, zend_class_entry* ce, class_node& node);

[[noreturn]] PHPBIND_COLD void throw_property_type(zend_object* o, zend_string* name, zval* value,
                                                   const char* expected);

/// A value the property's C++ type cannot hold (an integer out of range).
template <class V>
[[noreturn]] PHPBIND_COLD void throw_property_value(zend_object* o, zend_string* name, zval* value) {
    if constexpr (std::is_integral_v<V> && !std::is_same_v<V, bool>) {
        if (Z_TYPE_P(value) == IS_LONG) {
            throw value_error("Cannot assign " + std::to_string(Z_LVAL_P(value)) + " to property " +
                              ZSTR_VAL(o->ce->name) + "::$" + ZSTR_VAL(name) + ": it must be between " +
                              std::to_string(std::numeric_limits<V>::min()) + " and " +
                              std::to_string(std::numeric_limits<V>::max()));
        }
    }
    throw_property_type(o, name, value, caster<V>::type_name);
}

template <class T, auto M>
struct member_access;
template <class T, class C, class V, V C::* M>
struct member_access<T, M> {
    using value_type = std::remove_cv_t<V>;
    static constexpr bool writable = !std::is_const_v<V>;
    static constexpr direct_kind direct = std::is_same_v<value_type, bool> ? direct_bool
        : std::is_same_v<value_type, double>                               ? direct_double
        : (std::is_integral_v<value_type> && std::is_signed_v<value_type> && sizeof(value_type) == sizeof(zend_long))
        ? direct_long
        : (std::is_same_v<value_type, int64_t> && sizeof(zend_long) < sizeof(int64_t)) ? direct_wide
                                                                                       : direct_none;
    static ptrdiff_t member_offset(zend_object* o) {
        return reinterpret_cast<const char*>(&(native<T>(o)->*M)) - static_cast<const char*>(node_of(o)->self(o));
    }
    static void get(zend_object* o, zval* rv) { caster<value_type>::to_zval(native<T>(o)->*M, rv); }
    static zval* slot(zend_object* o) {
        if constexpr (std::is_same_v<value_type, Value> && writable) return (native<T>(o)->*M).raw();
        return nullptr;
    }
    static void set(zend_object* o, zend_string* name, zval* v) {
        if constexpr (writable) {
            if constexpr (std::is_same_v<value_type, Value>) {
                (native<T>(o)->*M).assign(ValueView(v));  // through a reference it holds, as PHP assigns
            } else {
                typename caster<value_type>::parsed p;
                if (UNEXPECTED(!caster<value_type>::try_load(v, p))) throw_property_value<value_type>(o, name, v);
                native<T>(o)->*M = caster<value_type>::get(p);
            }
        }
    }
};

template <class T, auto G>
struct getter_access {
    using value_type = std::remove_cvref_t<typename member_traits<decltype(G)>::ret>;
    static void get(zend_object* o, zval* rv) { caster<value_type>::to_zval((native<T>(o)->*G)(), rv); }
};

template <class T, auto S>
struct setter_access {
    using value_type = typename first_of<typename member_traits<decltype(S)>::args>::type;
    static void set(zend_object* o, zend_string* name, zval* v) {
        typename caster<value_type>::parsed p;
        if (UNEXPECTED(!caster<value_type>::try_load(v, p))) throw_property_value<value_type>(o, name, v);
        (native<T>(o)->*S)(caster<value_type>::get(p));
    }
};

}  // namespace detail
PHPBIND_NAMESPACE_END
