// phpbind/class.hpp — a C++ type becomes a PHP class.
//
//   struct Counter { int64_t n = 0; int64_t inc() { return ++n; } };
//
//   m.class_<Counter>("Counter")
//       .constructor<int64_t>(php::arg("start") = 0)   // __construct(int $start = 0)
//       .def<&Counter::inc>("inc");                    // inc(): int
//
// The C++ object lives inline with its zend_object: one allocation, the
// zend_object last (its properties follow it), the offset known at compile
// time. It is constructed by __construct (or when the object is created, for
// a default-constructible type bound without a constructor) and destroyed in
// free_obj, after the engine's own zend_object_std_dtor. A method called on an
// object whose C++ part was never constructed (a PHP subclass that skipped
// parent::__construct) raises Error instead of touching it.
#pragma once

#include <phpbind/call.hpp>
#include <phpbind/module.hpp>

#include <cstddef>
#include <memory>
#include <new>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

template <class T>
struct object_holder {
    alignas(T) unsigned char storage[sizeof(T)];
    bool constructed;
    zend_object std;  // last: declared properties are allocated after it
};

template <class T>
struct class_info {
    static inline zend_class_entry* ce = nullptr;
    static inline zend_object_handlers handlers;
    static inline const char* name = nullptr;  // in the module's storage: arg info refers to it
};

template <class T>
PHPBIND_INLINE object_holder<T>* holder_of(zend_object* o) noexcept {
    return reinterpret_cast<object_holder<T>*>(reinterpret_cast<char*>(o) - offsetof(object_holder<T>, std));
}
template <class T>
PHPBIND_INLINE T* storage_of(object_holder<T>* h) noexcept {
    return std::launder(reinterpret_cast<T*>(h->storage));
}

PHPBIND_COLD [[noreturn]] void throw_uninitialized(zend_object* o);
PHPBIND_COLD [[noreturn]] void throw_unbound(const std::type_info& t);
std::string demangle(const std::type_info& t);

/// The C++ object inside `o`; throws php::error if it was never constructed.
template <class T>
PHPBIND_INLINE T* native(zend_object* o) {
    object_holder<T>* h = holder_of<T>(o);
    if (UNEXPECTED(!h->constructed)) throw_uninitialized(o);
    return storage_of(h);
}

template <class T>
zend_object* create_object(zend_class_entry* ce) {
    auto* h = static_cast<object_holder<T>*>(zend_object_alloc(sizeof(object_holder<T>), ce));
    h->constructed = false;
    zend_object_std_init(&h->std, ce);
    object_properties_init(&h->std, ce);
    h->std.handlers = &class_info<T>::handlers;
    return &h->std;
}

template <class T>
void free_object(zend_object* o) {
    object_holder<T>* h = holder_of<T>(o);
    zend_object_std_dtor(o);
    if (h->constructed) {
        h->constructed = false;
        storage_of(h)->~T();
    }
}

/// What a native object reports to the cycle collector: every PHP value it
/// holds. A bound type with a member `void gc(php::gc_visitor&) const` is
/// asked for them; cycles through it are then collected.
} // namespace detail

class gc_visitor {
public:
    explicit gc_visitor(zend_get_gc_buffer* buf) noexcept : buf_(buf) {}
    void add(const Value& v) noexcept { add_zval(v.raw()); }
    void add(const Array& v) noexcept { add_zval(v.raw()); }
    void add(const Object& v) noexcept { add_zval(v.raw()); }
    void add(const Callable& v) noexcept { add_zval(const_cast<Callable&>(v).raw()); }
    template <class T>
    void add(const std::optional<T>& v) noexcept {
        if (v) add(*v);
    }

private:
    void add_zval(const zval* z) noexcept { zend_get_gc_buffer_add_zval(buf_, const_cast<zval*>(z)); }
    zend_get_gc_buffer* buf_;
};

namespace detail {

template <class T>
HashTable* get_gc(zend_object* o, zval** table, int* n) {
    object_holder<T>* h = holder_of<T>(o);
    zend_get_gc_buffer* buf = zend_get_gc_buffer_create();
    if (h->constructed) {
        gc_visitor v(buf);
        storage_of(h)->gc(v);
    }
    // Properties, as zend_std_get_gc() reports them: the property table when
    // there is one (it covers declared slots), else the declared slots.
    if (!o->properties) {
        for (int i = 0; i < o->ce->default_properties_count; ++i) zend_get_gc_buffer_add_zval(buf, &o->properties_table[i]);
    }
    zend_get_gc_buffer_use(buf, table, n);
    return o->properties;
}

template <class T>
zend_object* clone_object(zend_object* old) {
    zend_object* fresh = create_object<T>(old->ce);
    object_holder<T>* from = holder_of<T>(old);
    object_holder<T>* to = holder_of<T>(fresh);
    if (from->constructed) {
        try {
            new (to->storage) T(*storage_of(from));
            to->constructed = true;
        } catch (...) {
            (void)raise_current_exception();
        }
    }
    zend_objects_clone_members(fresh, old);
    return fresh;
}

/// A new PHP object holding `value` (moved or copied in).
template <class T, class V>
void new_object(V&& value, zval* out) {
    zend_class_entry* ce = class_info<T>::ce;
    if (!ce) throw_unbound(typeid(T));
    zend_object* o = create_object<T>(ce);
    object_holder<T>* h = holder_of<T>(o);
    try {
        new (h->storage) T(std::forward<V>(value));
    } catch (...) {
        OBJ_RELEASE(o);
        throw;
    }
    h->constructed = true;
    ZVAL_OBJ(out, o);
}

} // namespace detail

// ---------------------------------------------------------------------------
// Any class type without a caster of its own is a bound class: it crosses as
// an object of the PHP class `class_<T>` registered for it.
template <class T>
    requires(std::is_class_v<T> && !(std::ranges::view<T> && std::ranges::sized_range<T>))
struct caster<T> {
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
        }
    }
};

// __construct: builds the C++ object in place (again, if called twice).
template <class T, class... A>
struct invoke_constructor {
    static constexpr bool is_method = true;
    static constexpr bool no_return_type = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval*, X&&... a) {
        object_holder<T>* h = holder_of<T>(Z_OBJ(EX(This)));
        if (h->constructed) {
            h->constructed = false;
            storage_of(h)->~T();
        }
        new (h->storage) T(std::forward<X>(a)...);
        h->constructed = true;
    }
    static void signature(A...);  // the parameter list, for binder_for
};

template <class T>
struct constructor_key {};

struct class_spec {
    std::string name;
    std::vector<zend_function_entry> methods;
    uint32_t flags = 0;
    bool flags_has_constructor = false;
    std::vector<void (*)(zend_object_handlers&)> handler_setup;  // native handlers (count, dimensions)
    std::vector<zend_class_entry* (*)()> interfaces;              // implemented after registration
    std::vector<std::pair<std::string, zval>> constants;          // immutable values (see any_default)
    std::vector<void (*)(zend_class_entry*)> ce_setup;           // class entry hooks (get_iterator)
    bool serializable = false;                                    // opted in: no ZEND_ACC_NOT_SERIALIZABLE
};

PHPBIND_COLD [[noreturn]] void throw_offset_type(zend_object* o, const char* what, const char* expected, zval* z);

// Reads an array-access offset (or value: `what`) as C++ type K, strictly.
template <class K>
PHPBIND_COLD K dim_key_slow(zend_object* o, zval* offset, const char* what) {
    if (!offset) throw error(std::string("Cannot append to an object of class ") + ZSTR_VAL(o->ce->name));
    ZVAL_DEREF(offset);
    typename caster<K>::parsed p;
    if (UNEXPECTED(!caster<K>::try_load(offset, p))) throw_offset_type(o, what, caster<K>::type_name, offset);
    return caster<K>::get(p);
}
template <class K>
PHPBIND_INLINE K dim_key(zend_object* o, zval* offset, const char* what = "offset") {
    if constexpr (std::is_integral_v<K> && !std::is_same_v<K, bool> && caster<K>::full_range) {
        if (EXPECTED(offset && Z_TYPE_P(offset) == IS_LONG)) return static_cast<K>(Z_LVAL_P(offset));
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

/// Registers a class at MINIT; the method table is freed once the engine has
/// read it (do_register_internal_class copies every entry).
zend_class_entry* register_class(class_spec& spec, zend_object* (*create)(zend_class_entry*));

} // namespace detail

template <class T>
class class_ {
    static_assert(std::is_class_v<T>, "phpbind: class_<T> binds a class or struct type");

public:
    class_(module& m, std::string_view name) : m_(m), spec_(std::make_shared<detail::class_spec>()) {
        spec_->name = std::string(name);
        detail::class_info<T>::name = m.keep(name);
        auto spec = spec_;
        m.at_startup([spec](int) {
            auto& info = detail::class_info<T>::handlers;
            info = std_object_handlers;
            info.offset = static_cast<int>(offsetof(detail::object_holder<T>, std));
            info.free_obj = &detail::free_object<T>;
            if constexpr (std::is_copy_constructible_v<T>) info.clone_obj = &detail::clone_object<T>;
            else info.clone_obj = nullptr;  // PHP's own "Trying to clone an uncloneable object"
            if constexpr (requires(const T& t, gc_visitor& v) { t.gc(v); }) info.get_gc = &detail::get_gc<T>;
            for (auto setup : spec->handler_setup) setup(info);
            zend_object* (*create)(zend_class_entry*) = &detail::create_object<T>;
            if constexpr (std::is_default_constructible_v<T>) {
                if (!spec->flags_has_constructor) create = &create_constructed;
            }
            zend_class_entry* ce = detail::register_class(*spec, create);
            for (auto iface : spec->interfaces) zend_class_implements(ce, 1, iface());
            detail::class_info<T>::ce = ce;
        });
    }

    /// `__construct(...)` from the C++ constructor T(A...).
    template <class... A, class... Extra>
    class_& constructor(const Extra&... extra) {
        using B = detail::binder<detail::constructor_key<T>, detail::invoke_constructor<T, A...>, void, A...>;
        spec_->flags_has_constructor = true;
        B::bind_into(m_, "__construct", &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR, extra...);
        return *this;
    }

    /// A method from a member function pointer (const or not).
    template <auto M, class... Extra>
    class_& def(std::string_view name, const Extra&... extra) {
        static_assert(std::is_member_function_pointer_v<decltype(M)>,
                      "phpbind: class_::def<&T::method> takes a member function; use def_static for others");
        using S = detail::signature<decltype(M)>;
        using B = typename detail::binder_for<detail::pointer_key<M>, detail::invoke_method<M, T>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, extra...);
        return *this;
    }

    /// A static method from a free or static member function.
    template <auto F, class... Extra>
    class_& def_static(std::string_view name, const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_pointer<F>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_STATIC, extra...);
        return *this;
    }

    /// Countable, natively: `count($obj)` goes through the count handler
    /// straight to `Size` (a const member returning an integer); the
    /// interface's count() method calls it too.
    template <auto Size>
    class_& countable() {
        spec_->handler_setup.push_back([](zend_object_handlers& h) { h.count_elements = &count_handler<Size>; });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_countable; });
        return def<Size>("count");
    }

    /// ArrayAccess, natively: `$obj[$k]`, `$obj[$k] = $v`, `isset($obj[$k])`
    /// and `unset($obj[$k])` go through the dimension handlers straight to
    /// Get(K) -> V, Set(K, V), Has(K) -> bool and Unset(K). Keys and values
    /// are read with their casters; an offset of the wrong type raises
    /// TypeError. The interface's offsetGet/offsetSet/offsetExists/offsetUnset
    /// methods (mixed, as ArrayAccess declares them) call the same members.
    template <auto Get, auto Set, auto Has, auto Unset>
    class_& array_access() {
        spec_->handler_setup.push_back([](zend_object_handlers& h) {
            h.read_dimension = &read_dim<Get>;
            h.write_dimension = &write_dim<Set>;
            h.has_dimension = &has_dim<Has, Get>;
            h.unset_dimension = &unset_dim<Unset>;
        });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_arrayaccess; });
        bind_dim_method<dim_get<Get>, Value, ValueView>("offsetGet", "offset");
        bind_dim_method<dim_set<Set>, void, ValueView, ValueView>("offsetSet", "offset", "value");
        bind_dim_method<dim_has<Has>, bool, ValueView>("offsetExists", "offset");
        bind_dim_method<dim_unset<Unset>, void, ValueView>("offsetUnset", "offset");
        return *this;
    }

    // Protocols: defined in class_protocols.hpp. ---------------------------

    /// IteratorAggregate, natively: `foreach ($obj as $i => $v)` walks
    /// positions 0..Size()-1 with values At(i), through ce->get_iterator.
    /// Size() is read at every step, so the object may change during a loop.
    /// getIterator(): Iterator returns an InternalIterator over the same.
    template <auto Size, auto At>
    class_& iterable();
    /// IteratorAggregate over a copy of the container Entries() returns,
    /// taken when the loop starts; entries with .first/.second (maps) give
    /// `key => value`, others `0, 1, ... => element`.
    template <auto Entries>
    class_& iterable();
    /// Stringable: `__toString(): string` calling Str, and the cast_object
    /// handler for `(string)$obj`, `echo`, string parameters.
    template <auto Str>
    class_& to_string();
    /// `(int)$obj` / `intval()` through cast_object calling F (an integer).
    template <auto F>
    class_& to_int();
    /// `(float)$obj` / `floatval()` through cast_object calling F.
    template <auto F>
    class_& to_float();
    /// `(bool)$obj`, `if ($obj)`, `!$obj` through cast_object calling F.
    template <auto F>
    class_& to_bool();
    /// JsonSerializable: `jsonSerialize()` calls F; json_encode() uses it.
    template <auto F>
    class_& json();
    /// A C++ operator through the do_operation handler: `$a + $b` for
    /// php::op::add with `T + Other` (and `Other + T` when C++ has it);
    /// compound assignment too. php::op::compare binds ==, <, <=>... through
    /// the compare handler. Other operand types keep PHP's own behaviour.
    template <class Op, class Other = T>
    class_& op();
    /// op<Ops>() for each tag, both operands of the class.
    template <class... Ops>
    class_& operators();
    /// Opt-in serialization: `__serialize(): array` returns Save() and
    /// `__unserialize(array $data): void` rebuilds the C++ object, either
    /// default-constructed then `Restore(data)` (a member), or constructed
    /// from `Restore(data)` (a static factory returning T).
    template <auto Save, auto Restore>
    class_& serializable();

private:
    template <class Cursor>
    class_& iterable_with();

public:
    /// A class constant (int, float, bool, string or null): `Counter::MAX`.
    template <class V>
    class_& constant(std::string_view name, const V& value) {
        zval z;
        detail::any_default(value, &z);
        spec_->constants.emplace_back(std::string(name), z);
        return *this;
    }

    /// `final class ...`
    class_& final_() {
        spec_->flags |= ZEND_ACC_FINAL;
        return *this;
    }

private:
    template <auto F>
    using key_of = typename detail::first_of<typename detail::member_traits<decltype(F)>::args>::type;

    template <auto Size>
    static zend_result count_handler(zend_object* o, zend_long* count) {
        try {
            *count = static_cast<zend_long>((detail::native<T>(o)->*Size)());
            return SUCCESS;
        } catch (...) {
            (void)detail::raise_current_exception();
            return FAILURE;
        }
    }
    template <auto Get>
    static zval* read_dim(zend_object* o, zval* offset, int, zval* rv) {
        try {
            using V = std::remove_cvref_t<typename detail::member_traits<decltype(Get)>::ret>;
            caster<V>::to_zval((detail::native<T>(o)->*Get)(detail::dim_key<key_of<Get>>(o, offset)), rv);
            return rv;
        } catch (...) {
            (void)detail::raise_current_exception();
            return nullptr;
        }
    }
    template <auto Set>
    static void write_dim(zend_object* o, zval* offset, zval* value) {
        try {
            using V = typename detail::second_of<typename detail::member_traits<decltype(Set)>::args>::type;
            (detail::native<T>(o)->*Set)(detail::dim_key<key_of<Set>>(o, offset), detail::dim_key<V>(o, value, "value"));
        } catch (...) {
            (void)detail::raise_current_exception();
        }
    }
    template <auto Has, auto Get>
    static int has_dim(zend_object* o, zval* offset, int check_empty) {
        try {
            T* self = detail::native<T>(o);
            auto key = detail::dim_key<key_of<Has>>(o, offset);
            if (!(self->*Has)(key)) return 0;
            if (!check_empty) return 1;
            zval v;
            using V = std::remove_cvref_t<typename detail::member_traits<decltype(Get)>::ret>;
            caster<V>::to_zval((self->*Get)(key), &v);
            int truthy = zend_is_true(&v);
            zval_ptr_dtor(&v);
            return truthy;
        } catch (...) {
            (void)detail::raise_current_exception();
            return 0;
        }
    }
    template <auto Unset>
    static void unset_dim(zend_object* o, zval* offset) {
        try {
            (detail::native<T>(o)->*Unset)(detail::dim_key<key_of<Unset>>(o, offset));
        } catch (...) {
            (void)detail::raise_current_exception();
        }
    }

    // The interface methods: they take `mixed` and go through the handlers.
    template <auto Get>
    struct dim_get {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            zval* r = read_dim<Get>(Z_OBJ(EX(This)), off.raw(), BP_VAR_R, rv);
            if (r && r != rv) ZVAL_COPY(rv, r);
        }
    };
    template <auto Set>
    struct dim_set {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off, ValueView value) {
            write_dim<Set>(Z_OBJ(EX(This)), off.raw(), value.raw());
        }
    };
    template <auto Has>
    struct dim_has {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            try {
                ZVAL_BOOL(rv, (detail::native<T>(Z_OBJ(EX(This)))->*Has)(detail::dim_key<key_of<Has>>(Z_OBJ(EX(This)), off.raw())));
            } catch (...) {
                (void)detail::raise_current_exception();
            }
        }
    };
    template <auto Unset>
    struct dim_unset {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off) {
            unset_dim<Unset>(Z_OBJ(EX(This)), off.raw());
        }
    };
    template <class Invoke, class R, class... A, class... Names>
    void bind_dim_method(std::string_view name, Names... names) {
        using B = detail::binder<Invoke, Invoke, R, A...>;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, php::arg(names)...);
    }

    static zend_object* create_constructed(zend_class_entry* ce) {
        zend_object* o = detail::create_object<T>(ce);
        detail::object_holder<T>* h = detail::holder_of<T>(o);
        new (h->storage) T();
        h->constructed = true;
        return o;
    }

    module& m_;
    std::shared_ptr<detail::class_spec> spec_;
};

template <class T>
class_<T> module::class_(std::string_view name) {
    return php::class_<T>(*this, name);
}

PHPBIND_NAMESPACE_END

#include <phpbind/class_protocols.hpp>
