// phpbind/enum.hpp — a C++ enum becomes a PHP enum (PHP 8.1+).
//
//   enum class Color { Red, Green };
//   m.enum_<Color>("App\\Color")                       // enum App\Color
//       .value("Red", Color::Red)                      //   case Red;
//       .value("Green", Color::Green);                 //   case Green;
//
//   enum class Level : int { Low = 1, High = 3 };
//   m.enum_<Level>("App\\Level", php::backed_int)      // enum App\Level: int
//       .value("Low", Level::Low)                      //   case Low = 1;   (the enumerator's value)
//       .value("High", Level::High, 30);               //   case High = 30; (an explicit int)
//
//   m.enum_<Suit>("App\\Suit", php::backed_string)     // enum App\Suit: string
//       .value("Hearts", Suit::Hearts, "H");           //   case Hearts = 'H';
//
// The enum is the engine's own: registered at MINIT with
// zend_register_internal_enum(), its cases added with zend_enum_add_case(), so
// cases(), from() and tryFrom() (backed enums), `instanceof UnitEnum`,
// ReflectionEnum, match and serialization behave exactly as for an enum
// declared in PHP. A C++ enumerator crosses the boundary as its case object:
// parameters of type E declare `App\Color` in arg info and take only its
// cases; results of type E return the engine's case singleton, so `===` holds.
//
// Ownership: the engine owns every case's value once zend_enum_add_case()
// has it (it takes the zval with ZVAL_COPY_VALUE, no reference added). Case
// names and string backing values are handed over as persistent interned
// strings, which the engine's interned string table owns and frees after
// MSHUTDOWN; phpbind frees none of them (docs/enums.md).
#pragma once

#include <phpbind/class.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/module.hpp>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

/// Tag: an int-backed enum (`enum E: int`). A case's value is its C++
/// enumerator's underlying value, or the int given to `value()`.
struct backed_int_t {
    explicit constexpr backed_int_t() = default;
};
inline constexpr backed_int_t backed_int{};

/// Tag: a string-backed enum (`enum E: string`). Every case names its string
/// in `value()`.
struct backed_string_t {
    explicit constexpr backed_string_t() = default;
};
inline constexpr backed_string_t backed_string{};

namespace detail {

/// One case as the module definition describes it.
struct enum_case {
    std::string name;
    uint64_t key = 0;  // the C++ enumerator: its underlying value's bits
    std::string key_text;  // the same, printed (for error messages)
    uint8_t given = IS_UNDEF;  // the backing value given: IS_UNDEF (none), IS_LONG or IS_STRING
    bool out_of_range = false;  // an int backing value outside PHP's int range
    zend_long int_value = 0;
    std::string str_value;
};

struct enum_spec {
    std::string name;
    uint8_t backing = IS_UNDEF;  // IS_UNDEF (pure), IS_LONG, IS_STRING
    std::vector<enum_case> cases;
    // Kept after registration (unlike a class's table): an embedding program
    // that starts the engine again registers the enum again from it.
    std::vector<zend_function_entry> methods;
    bool valid = true;
};

/// What a bound enum needs at run time, filled at MINIT.
struct enum_runtime {
    zend_class_entry* ce = nullptr;
    const char* name = nullptr;  // module storage: arg info refers to it
    std::vector<zend_string*> names;  // per case: interned, owned by the engine
    std::vector<uint64_t> keys;  // per case: the C++ enumerator
    std::vector<std::pair<uint64_t, uint32_t>> by_key;  // sorted by key
    std::vector<std::pair<const zend_string*, uint32_t>> by_name;  // sorted by address
    bool dense = false;  // keys are first_key, first_key + 1, ...
    uint64_t first_key = 0;
    // Per case: its object in the running request, once asked for. The
    // engine creates case objects once per request (an internal class's
    // constants table is separated per request) and releases them when the
    // request ends, so the cache is valid only while `cache_epoch` is the
    // running request's epoch (request_state: bumped after every request).
    std::vector<zend_object*> objects;
    uint64_t cache_epoch = ~uint64_t{0};
};

template <class E>
struct enum_info {
    static inline enum_runtime rt;
    // The enum's name for type errors that print caster<E>::type_name (array
    // elements, call results). Storage with a constant address, so the
    // casters that copy a type_name at compile time (std::optional<E>) see
    // the name written when the enum is bound; a name this buffer cannot
    // hold leaves "object".
    static inline char type_name[128] = "object";
};

/// Validates a case and appends it to the spec; records a module error if it is not valid.
void add_enum_case(module& m, enum_spec& spec, enum_case c);
/// Registers the enum and its cases (MINIT) and fills `rt`.
void register_enum(enum_spec& spec, enum_runtime& rt);
/// The case index of a case object of rt.ce whose name is not one of the registered
/// pointers (compares contents); -1 if none.
int32_t enum_case_index_slow(const enum_runtime& rt, zend_object* obj) noexcept;
/// The case object of case `i` for the running request, from the engine (and cached).
zend_object* enum_case_object_slow(enum_runtime& rt, uint32_t i);
/// Empties the cache of case objects (request end: nothing keeps pointing into request memory).
void enum_forget_objects(enum_runtime& rt) noexcept;
PHPBIND_COLD void enum_wrong_arg(uint32_t num, const char* name, bool nullable, zval* arg);
[[noreturn]] PHPBIND_COLD void throw_enum_unbound(const std::type_info& t);
[[noreturn]] PHPBIND_COLD void throw_enum_no_case(const enum_runtime& rt, const std::type_info& t,
                                                  const std::string& value);
[[noreturn]] PHPBIND_COLD void throw_enum_bad_object(zend_object* obj);
PHPBIND_COLD void enum_bad_object_error(zend_object* obj);
bool valid_class_name(std::string_view name);

template <class E>
constexpr uint64_t enum_key(E e) noexcept {
    return static_cast<uint64_t>(static_cast<std::underlying_type_t<E>>(e));
}
template <class E>
constexpr E enum_from_key(uint64_t k) noexcept {
    return static_cast<E>(static_cast<std::underlying_type_t<E>>(k));
}
template <class E>
std::string enum_key_text(E e) {
    using U = std::underlying_type_t<E>;
    if constexpr (std::is_signed_v<U>) return std::to_string(static_cast<long long>(e));
    else return std::to_string(static_cast<unsigned long long>(e));
}

/// The order of enum_runtime::by_name: by address, as integers (a total order, which `<` between
/// unrelated pointers is not).
PHPBIND_INLINE bool address_below(const zend_string* a, const zend_string* b) noexcept {
    return reinterpret_cast<uintptr_t>(a) < reinterpret_cast<uintptr_t>(b);
}

/// The first position of the sorted `v` whose key is not below `key` (std::lower_bound over the
/// keys; written out so that the core headers need no <algorithm>).
template <class K, class Less>
PHPBIND_INLINE size_t first_not_below(const std::vector<std::pair<K, uint32_t>>& v, K key, Less less) noexcept {
    size_t lo = 0;
    size_t n = v.size();
    while (n > 0) {
        const size_t half = n / 2;
        if (less(v[lo + half].first, key)) {
            lo += half + 1;
            n -= half + 1;
        } else {
            n = half;
        }
    }
    return lo;
}

/// The case index of C++ key `k`, or -1.
PHPBIND_INLINE int32_t enum_index_of_key(const enum_runtime& rt, uint64_t k) noexcept {
    if (EXPECTED(rt.dense)) {
        const uint64_t d = k - rt.first_key;
        return d < rt.by_key.size() ? static_cast<int32_t>(rt.by_key[static_cast<size_t>(d)].second) : -1;
    }
    const size_t i = first_not_below(rt.by_key, k, [](uint64_t a, uint64_t b) { return a < b; });
    return i != rt.by_key.size() && rt.by_key[i].first == k ? static_cast<int32_t>(rt.by_key[i].second) : -1;
}

/// The case index of a case object of rt.ce: its `name` (the first declared
/// property, see zend_enum_register_props) is the interned string registered
/// for the case.
PHPBIND_INLINE int32_t enum_index_of_object(const enum_runtime& rt, zend_object* obj) noexcept {
    const zend_string* name = Z_STR_P(OBJ_PROP_NUM(obj, 0));
    const size_t i = first_not_below(rt.by_name, name, address_below);
    if (EXPECTED(i != rt.by_name.size() && rt.by_name[i].first == name))
        return static_cast<int32_t>(rt.by_name[i].second);
    return enum_case_index_slow(rt, obj);
}

/// The case object of case `i` in the running request.
PHPBIND_INLINE zend_object* enum_case_object(enum_runtime& rt, uint32_t i) {
#ifndef ZTS
    // (A thread-safe engine runs requests on several threads at once: the
    // cache is one per process, so it is not used there.)
    const request_state& s = state();
    if (EXPECTED(rt.cache_epoch == s.epoch && s.in_request)) {
        if (zend_object* o = rt.objects[i]) return o;
    }
#endif
    return enum_case_object_slow(rt, i);
}

/// The C++ enumerator of a case object of the enum bound to E.
template <class E>
E enum_value_of(zend_object* obj) {
    const enum_runtime& rt = enum_info<E>::rt;
    const int32_t i = enum_index_of_object(rt, obj);
    if (UNEXPECTED(i < 0)) throw_enum_bad_object(obj);
    return enum_from_key<E>(rt.keys[static_cast<size_t>(i)]);
}

// An instance method of an enum: a function whose first parameter is the
// enum value ($this).
template <auto F, class E>
struct invoke_enum_method {
    static constexpr bool is_method = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval* return_value, X&&... a) {
        E self = enum_value_of<E>(Z_OBJ(EX(This)));
        using R = decltype(F(self, std::forward<X>(a)...));
        if constexpr (std::is_void_v<R>) {
            F(self, std::forward<X>(a)...);
        } else {
            caster<std::remove_cvref_t<R>>::to_zval(F(self, std::forward<X>(a)...), return_value);
        }
    }
};
template <auto F>
struct enum_method_key {};

template <class E, class... A>
constexpr bool first_param_is(type_list<A...>) {
    if constexpr (sizeof...(A) == 0) return false;
    else return std::is_same_v<std::remove_cvref_t<typename first_of<type_list<A...>>::type>, E>;
}

template <class L>
struct drop_first;
template <>
struct drop_first<type_list<>> {
    using type = type_list<>;
};
template <class H, class... T>
struct drop_first<type_list<H, T...>> {
    using type = type_list<T...>;
};

}  // namespace detail

// ---------------------------------------------------------------------------
// A bound enum crosses as its case object. Declared type: the enum's name.
template <class E>
    requires std::is_enum_v<E>
struct caster<E> {
    static constexpr uint32_t type_mask = 0;  // the class name carries the type
    static constexpr const char* type_name = detail::enum_info<E>::type_name;
    using parsed = E;
    static const char* class_name() {
        if (!detail::enum_info<E>::rt.name) detail::throw_enum_unbound(typeid(E));
        return detail::enum_info<E>::rt.name;
    }
    static bool matches(zval* z) noexcept {
        // Enums are final: the case objects are exactly of the enum's class.
        return Z_TYPE_P(z) == IS_OBJECT && Z_OBJCE_P(z) == detail::enum_info<E>::rt.ce;
    }
    // Phase one of argument reading: raises PHP errors, never throws.
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, E& out, bool nullable) {
        if (EXPECTED(matches(arg))) {
            if (EXPECTED(try_load(arg, out))) return true;
            detail::enum_bad_object_error(Z_OBJ_P(arg));
            return false;
        }
        detail::enum_wrong_arg(num, detail::enum_info<E>::rt.name, nullable, arg);
        return false;
    }
    static PHPBIND_INLINE bool try_load(zval* z, E& out) noexcept {
        if (!matches(z)) return false;
        const int32_t i = detail::enum_index_of_object(detail::enum_info<E>::rt, Z_OBJ_P(z));
        if (UNEXPECTED(i < 0)) return false;
        out = detail::enum_from_key<E>(detail::enum_info<E>::rt.keys[static_cast<size_t>(i)]);
        return true;
    }
    static E get(E p) noexcept { return p; }
    /// The case object (the engine's singleton for the request). A value with
    /// no case (e.g. an integer cast to E) raises Error.
    static void to_zval(E v, zval* out) {
        detail::enum_runtime& rt = detail::enum_info<E>::rt;
        const int32_t i = detail::enum_index_of_key(rt, detail::enum_key(v));
        if (UNEXPECTED(i < 0)) detail::throw_enum_no_case(rt, typeid(E), detail::enum_key_text(v));
        ZVAL_OBJ_COPY(out, detail::enum_case_object(rt, static_cast<uint32_t>(i)));
    }
};

/// Binds C++ enum E as a PHP enum. Created by `module::enum_<E>(name[, php::backed_int | php::backed_string])`.
template <class E>
class enum_ {
    static_assert(std::is_enum_v<E>, "phpbind: enum_<E> binds an enum type (enum or enum class)");
    using U = std::underlying_type_t<E>;

public:
    enum_(module& m, std::string_view name) : enum_(m, name, IS_UNDEF) {}
    enum_(module& m, std::string_view name, backed_int_t) : enum_(m, name, IS_LONG) {}
    enum_(module& m, std::string_view name, backed_string_t) : enum_(m, name, IS_STRING) {}

    /// A case for enumerator `e`. Pure enum: no value. Int-backed: the
    /// enumerator's underlying value.
    enum_& value(std::string_view name, E e) { return add(name, e, IS_UNDEF, 0, {}, false); }

    /// Documents the enum (its doc comment in the generated stub).
    enum_& doc(const char* text) {
        detail::module_access::document_type(m_, spec_->name, text);
        return *this;
    }

    /// A case of an int-backed enum with an explicit value: `case High = 30;`.
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
    enum_& value(std::string_view name, E e, I v) {
        return add(name, e, IS_LONG, static_cast<zend_long>(v), {}, !std::in_range<zend_long>(v));
    }

    /// A case of a string-backed enum: `case Hearts = 'H';`.
    enum_& value(std::string_view name, E e, std::string_view v) { return add(name, e, IS_STRING, 0, v, false); }

    /// An instance method from a free function whose first parameter is the
    /// enum (`$this`): `std::string label(Color c)` gives `label(): string`.
    template <auto F, class... Extra>
    enum_& def(std::string_view name, const Extra&... extra) {
        using Fn = decltype(F);
        static_assert(std::is_pointer_v<Fn> && std::is_function_v<std::remove_pointer_t<Fn>>,
                      "phpbind: enum_::def<&fn> takes a pointer to a free function whose first parameter is the enum");
        using S = detail::signature<Fn>;
        static_assert(detail::first_param_is<E>(typename S::args{}),
                      "phpbind: the first parameter of an enum method is the enum value ($this)");
        using B =
            typename detail::binder_for<detail::enum_method_key<F>, detail::invoke_enum_method<F, E>, typename S::ret,
                                        typename detail::drop_first<typename S::args>::type>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, extra...);
        return *this;
    }

    /// A static method from a free function: `Color::fromName(string $name): Color`.
    template <auto F, class... Extra>
    enum_& def_static(std::string_view name, const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_pointer<F>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_STATIC, extra...);
        return *this;
    }

private:
    enum_(module& m, std::string_view name, uint8_t backing) : m_(m), spec_(std::make_shared<detail::enum_spec>()) {
        spec_->name = std::string(name);
        detail::module_access::declare_type(m, name, &spec_->methods);
        spec_->backing = backing;
        detail::enum_runtime& rt = detail::enum_info<E>::rt;
        if (rt.name) {
            spec_->valid = false;
            m.add_error("enum " + std::string(name) + ": C++ type " + detail::demangle(typeid(E)) +
                        " is already bound as enum " + rt.name);
            return;
        }
        if (!detail::valid_class_name(name)) {
            spec_->valid = false;
            m.add_error("enum " + std::string(name) + ": not a valid PHP class name");
            return;
        }
        rt.name = detail::module_access::keep(m, name);
        if (name.size() < sizeof detail::enum_info<E>::type_name) {
            std::memcpy(detail::enum_info<E>::type_name, name.data(), name.size());
            detail::enum_info<E>::type_name[name.size()] = '\0';
        }
        auto spec = spec_;
        detail::module_access::at_startup(m, [spec](int) { detail::register_enum(*spec, detail::enum_info<E>::rt); });
        m.on_request_end([] { detail::enum_forget_objects(detail::enum_info<E>::rt); });
    }

    enum_& add(std::string_view name, E e, uint8_t given, zend_long iv, std::string_view sv, bool out_of_range) {
        if (!spec_->valid) return *this;
        detail::enum_case c;
        c.name = std::string(name);
        c.key = detail::enum_key(e);
        c.key_text = detail::enum_key_text(e);
        if (given == IS_UNDEF && spec_->backing == IS_LONG) {
            // The enumerator's own value.
            given = IS_LONG;
            out_of_range = !std::in_range<zend_long>(static_cast<U>(e));
            iv = static_cast<zend_long>(static_cast<U>(e));
        }
        c.given = given;
        c.out_of_range = out_of_range;
        c.int_value = iv;
        c.str_value = std::string(sv);
        detail::add_enum_case(m_, *spec_, std::move(c));
        return *this;
    }

    module& m_;
    std::shared_ptr<detail::enum_spec> spec_;
};

template <class E, class... Backing>
auto module::enum_(std::string_view name, const Backing&... backing) {
    static_assert(sizeof...(Backing) <= 1, "phpbind: enum_<E>(name[, php::backed_int | php::backed_string])");
    return php::enum_<E>(*this, name, backing...);
}

PHPBIND_NAMESPACE_END
