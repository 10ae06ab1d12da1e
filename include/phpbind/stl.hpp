// phpbind/stl.hpp — casters for standard containers and vocabulary types.
//
//   std::vector<T>                        array (a list on the way out)
//   std::map<K, V>, std::unordered_map    array with int or string keys
//   std::pair<A, B>, std::tuple<Ts...>    a list of exactly that many elements
//   std::variant<Ts...>                   the union type Ts (e.g. int|string)
//   std::function<R(Args...)>             a PHP callable
//
// Containers are read in two steps: the argument is validated when it is
// loaded (every element with its caster's strict rules: exact PHP types, int
// to float allowed), then the C++ container is built. An element of the wrong
// type raises TypeError: `f(): Argument #1 ($v) must be of type array<int>,
// string given at key 3`.
#pragma once

#include <phpbind/array.hpp>
#include <phpbind/call.hpp>
#include <phpbind/caster.hpp>

#include <functional>
#include <map>
#include <ranges>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

PHPBIND_COLD void element_type_error(uint32_t num, const char* container, const char* element, zval* value,
                                     const ArrayKey& key);
PHPBIND_COLD void key_type_error(uint32_t num, const char* container, const ArrayKey& key);
PHPBIND_COLD void list_shape_error(uint32_t num, const char* container, size_t expected);
/// Releases an array whose packed fill stopped after `filled` elements
/// because an element's caster threw (the fill macros set the counts only
/// at the end).
PHPBIND_COLD void abandon_packed_fill(zend_array* ht, uint32_t filled) noexcept;

// The slot ZEND_HASH_FILL_PACKED is at: packed arrays hold zvals since 8.2,
// buckets before.
#if PHP_VERSION_ID >= 80200
#define PHPBIND_DETAIL_FILL_SLOT __fill_val
#else
#define PHPBIND_DETAIL_FILL_SLOT (&__fill_bkt->val)
#endif

/// A list of `n` elements of range `r`, each converted by caster<E>, written
/// in place with the engine's packed fill. If a conversion throws, the part
/// already built is released (the handler costs nothing when none is thrown,
/// and nothing at all for element types whose conversion cannot throw).
/// `n` is checked before anything is allocated: the fill writes n slots, so
/// a size cut to 32 bits would write past the table.
template <class E, class Range>
void fill_list(Range&& r, size_t n, zval* out) {
    zend_array* ht = zend_new_array(checked_array_size(n));
    zend_hash_real_init_packed(ht);
    ZEND_HASH_FILL_PACKED(ht) {
        for (auto&& e : r) {
            try {
                caster<E>::to_zval(e, PHPBIND_DETAIL_FILL_SLOT);
            } catch (...) {
                abandon_packed_fill(ht, __fill_idx);
                throw;
            }
            ZEND_HASH_FILL_NEXT();
        }
    }
    ZEND_HASH_FILL_END();
    ZVAL_ARR(out, ht);
}

/// A range's size as a size_t, SIZE_MAX when it does not fit (a view's size
/// may be wider than size_t, e.g. an iota over 64-bit integers; or, from a
/// user's view, negative): fill_list() then refuses it.
template <class N>
size_t saturated_size(N n) noexcept {
    if constexpr (std::is_integral_v<N>) {
        return std::cmp_less(n, 0) || std::cmp_greater(n, SIZE_MAX) ? SIZE_MAX : static_cast<size_t>(n);
    } else {  // an integer-class type (unsigned-like)
        return n > static_cast<N>(SIZE_MAX) ? SIZE_MAX : static_cast<size_t>(n);
    }
}

template <class T>
bool element_ok(zval* v) noexcept {
    typename caster<T>::parsed p;
    return caster<T>::try_load(v, p);
}

template <class T>
T element_get(zval* v) {
    typename caster<T>::parsed p;
    caster<T>::try_load(v, p);
    return caster<T>::get(p);
}

template <class T>
inline zval* deref_slot(zval* z) noexcept {
    ZVAL_DEREF(z);
    return z;
}

// "array<int>", "array<string,float>" — for messages; built once per type.
template <class K, class V>
const char* array_type_name() {
    static const std::string name = [] {
        if constexpr (std::is_void_v<K>) return std::string("array<") + caster<V>::type_name + ">";
        else return std::string("array<") + caster<K>::type_name + "," + caster<V>::type_name + ">";
    }();
    return name.c_str();
}

template <class K>
constexpr bool is_string_key = std::is_same_v<K, std::string> || std::is_same_v<K, std::string_view> ||
                               std::is_same_v<K, String>;

} // namespace detail

// ---------------------------------------------------------------------------
template <class T, class Alloc>
struct caster<std::vector<T, Alloc>> {
    using elem = caster<T>;
    static constexpr uint32_t type_mask = MAY_BE_ARRAY;
    static constexpr const char* type_name = "array";
    // An argument is checked element by element while the vector is built
    // (one pass); a bad element throws from get(), in phase two.
    struct parsed {
        zend_array* ht;
        uint32_t num;  // argument number, 0 when the elements were validated already
    };
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, parsed& out, bool nullable) {
        out.num = num;
        return array_caster_base::load(arg, num, out.ht, nullable);
    }
    static bool try_load(zval* z, parsed& out) noexcept {
        out.num = 0;
        if (!array_caster_base::try_load(z, out.ht)) return false;
        zval* v;
        ZEND_HASH_FOREACH_VAL(out.ht, v) {
            if (!detail::element_ok<T>(detail::deref_slot<T>(v))) return false;
        }
        ZEND_HASH_FOREACH_END();
        return true;
    }
    [[noreturn]] PHPBIND_COLD static void bad_element(const parsed& p, zval* v) {
        ArrayKey k = detail::slot_key(p.ht, v);
        std::string key = k.is_string() ? "'" + std::string(k.as_string()) + "'" : std::to_string(k.as_int());
        throw argument_type_error(p.num, std::string("must be of type ") + detail::array_type_name<void, T>() +
                                             ", " + zend_zval_type_name(detail::deref_slot<T>(v)) + " given at key " + key);
    }
    static T element(const parsed& p, zval* slot) {
        typename elem::parsed e;
        if (UNEXPECTED(!elem::try_load(detail::deref_slot<T>(slot), e))) bad_element(p, slot);
        return elem::get(e);
    }
    struct reader {
        using iterator_category = std::random_access_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = T;
        const parsed* p;
        char* cur;
        size_t stride;
        T operator*() const { return element(*p, reinterpret_cast<zval*>(cur)); }
        reader& operator++() noexcept {
            cur += stride;
            return *this;
        }
        difference_type operator-(const reader& o) const noexcept {
            return static_cast<difference_type>(static_cast<size_t>(cur - o.cur) / stride);
        }
        bool operator==(const reader& o) const noexcept { return cur == o.cur; }
    };
    static std::vector<T, Alloc> get(const parsed& p) {
        zend_array* ht = p.ht;
        if (HT_IS_WITHOUT_HOLES(ht)) {
            const size_t stride = detail::slot_stride(ht);
            char* first = detail::slots_begin(ht);
            return std::vector<T, Alloc>(reader{&p, first, stride}, reader{&p, first + ht->nNumUsed * stride, stride});
        }
        std::vector<T, Alloc> out;
        out.reserve(zend_hash_num_elements(ht));
        zval* v;
        ZEND_HASH_FOREACH_VAL(ht, v) { out.push_back(element(p, v)); }
        ZEND_HASH_FOREACH_END();
        return out;
    }
    static void to_zval(const std::vector<T, Alloc>& v, zval* out) { detail::fill_list<T>(v, v.size(), out); }
};

// ---------------------------------------------------------------------------
// A sized view (std::views::iota, std::span, a transform of either) becomes a
// list, filled in place: no intermediate container.
template <class R>
    requires(std::ranges::view<R> && std::ranges::sized_range<R>)
struct caster<R> {
    using E = std::remove_cvref_t<std::ranges::range_reference_t<R>>;
    static constexpr uint32_t type_mask = MAY_BE_ARRAY;
    static constexpr const char* type_name = "array";
    static void to_zval(R r, zval* out) {
        detail::fill_list<E>(r, detail::saturated_size(std::ranges::size(r)), out);
    }
};

// ---------------------------------------------------------------------------
template <class Map, class K, class V>
struct map_caster : array_caster_base {
    static_assert(std::is_integral_v<K> || detail::is_string_key<K>,
                  "phpbind: map keys must be an integer type or std::string (PHP array keys are int|string)");

    static bool key_ok(zend_string* key) noexcept { return key ? detail::is_string_key<K> : true; }

    static bool load(zval* arg, uint32_t num, zend_array*& out, bool nullable) {
        if (!array_caster_base::load(arg, num, out, nullable)) return false;
        zend_ulong h;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_KEY_VAL(out, h, key, v) {
            ArrayKey k = key ? ArrayKey(key) : ArrayKey(static_cast<zend_long>(h));
            if (UNEXPECTED(!key_ok(key))) {
                detail::key_type_error(num, detail::array_type_name<K, V>(), k);
                return false;
            }
            if constexpr (std::is_integral_v<K>) {
                typename caster<K>::parsed kp;
                zval kz;
                ZVAL_LONG(&kz, static_cast<zend_long>(h));
                if (UNEXPECTED(!caster<K>::try_load(&kz, kp))) {
                    detail::key_type_error(num, detail::array_type_name<K, V>(), k);
                    return false;
                }
            }
            if (UNEXPECTED(!detail::element_ok<V>(detail::deref_slot<V>(v)))) {
                detail::element_type_error(num, detail::array_type_name<K, V>(), caster<V>::type_name, v, k);
                return false;
            }
        }
        ZEND_HASH_FOREACH_END();
        return true;
    }
    static bool try_load(zval* z, zend_array*& out) noexcept {
        if (!array_caster_base::try_load(z, out)) return false;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_STR_KEY_VAL(out, key, v) {
            if (!key_ok(key) || !detail::element_ok<V>(detail::deref_slot<V>(v))) return false;
        }
        ZEND_HASH_FOREACH_END();
        return true;
    }
    static Map get(zend_array* ht) {
        Map out;
        zend_ulong h;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, v) {
            V value = detail::element_get<V>(detail::deref_slot<V>(v));
            if constexpr (detail::is_string_key<K>) {
                if (key) out.emplace(K(std::string_view(ZSTR_VAL(key), ZSTR_LEN(key))), std::move(value));
                else out.emplace(K(std::to_string(static_cast<zend_long>(h))), std::move(value));
            } else {
                out.emplace(static_cast<K>(static_cast<zend_long>(h)), std::move(value));
            }
        }
        ZEND_HASH_FOREACH_END();
        return out;
    }
    static void to_zval(const Map& m, zval* out) {
        zend_array* ht = zend_new_array(detail::checked_array_size(m.size()));
        try {
            for (const auto& [k, v] : m) {
                zval tmp;
                caster<V>::to_zval(v, &tmp);
                if constexpr (detail::is_string_key<K>) {
                    std::string_view sk(k);
                    zend_symtable_str_update(ht, sk.data(), sk.size(), &tmp);
                } else {
                    zend_hash_index_update(ht, static_cast<zend_long>(k), &tmp);
                }
            }
        } catch (...) {
            zend_array_destroy(ht);
            throw;
        }
        ZVAL_ARR(out, ht);
    }
};

template <class K, class V, class C, class A>
struct caster<std::map<K, V, C, A>> : map_caster<std::map<K, V, C, A>, K, V> {};
template <class K, class V, class H, class E, class A>
struct caster<std::unordered_map<K, V, H, E, A>> : map_caster<std::unordered_map<K, V, H, E, A>, K, V> {};

// ---------------------------------------------------------------------------
// pair / tuple <-> list
template <class Tuple, class... T>
struct tuple_caster : array_caster_base {
    static constexpr size_t N = sizeof...(T);

    template <size_t... I>
    static bool elements_ok(zend_array* ht, uint32_t num, bool raise, std::index_sequence<I...>) {
        bool ok = true;
        ((ok = ok && [&] {
              zval* v = zend_hash_index_find(ht, I);
              if (detail::element_ok<T>(detail::deref_slot<T>(v))) return true;
              if (raise)
                  detail::element_type_error(num, "array", caster<T>::type_name, v,
                                             ArrayKey(static_cast<zend_long>(I)));
              return false;
          }()),
         ...);
        return ok;
    }
    static bool shape_ok(zend_array* ht) noexcept {
        return zend_hash_num_elements(ht) == N && zend_array_is_list(ht);
    }
    static bool load(zval* arg, uint32_t num, zend_array*& out, bool nullable) {
        if (!array_caster_base::load(arg, num, out, nullable)) return false;
        if (UNEXPECTED(!shape_ok(out))) {
            detail::list_shape_error(num, "array", N);
            return false;
        }
        return elements_ok(out, num, true, std::index_sequence_for<T...>{});
    }
    static bool try_load(zval* z, zend_array*& out) noexcept {
        return array_caster_base::try_load(z, out) && shape_ok(out) &&
               elements_ok(out, 0, false, std::index_sequence_for<T...>{});
    }
    template <size_t... I>
    static Tuple build(zend_array* ht, std::index_sequence<I...>) {
        return Tuple(detail::element_get<T>(detail::deref_slot<T>(zend_hash_index_find(ht, I)))...);
    }
    static Tuple get(zend_array* ht) { return build(ht, std::index_sequence_for<T...>{}); }
    static void to_zval(const Tuple& t, zval* out) {
        zend_array* ht = zend_new_array(N);
        zend_hash_real_init_packed(ht);
        struct guard {  // releases the elements inserted so far if a caster throws
            zend_array* ht;
            ~guard() {
                if (ht) zend_array_destroy(ht);
            }
        } g{ht};
        std::apply(
            [&](const auto&... e) {
                (
                    [&] {
                        zval tmp;
                        caster<std::decay_t<decltype(e)>>::to_zval(e, &tmp);
                        zend_hash_next_index_insert_new(ht, &tmp);
                    }(),
                    ...);
            },
            t);
        g.ht = nullptr;
        ZVAL_ARR(out, ht);
    }
};
template <class A, class B>
struct caster<std::pair<A, B>> : tuple_caster<std::pair<A, B>, A, B> {};
template <class... T>
struct caster<std::tuple<T...>> : tuple_caster<std::tuple<T...>, T...> {};

// ---------------------------------------------------------------------------
// std::variant: a union type. An argument whose PHP type is one of the
// alternatives is taken as is; otherwise, in weak mode, PHP's own preference
// for scalar unions applies (int, then float, then string, then bool).
namespace detail {
const char* union_type_name(std::initializer_list<const char*> names, uint32_t mask);
PHPBIND_COLD void union_type_error(uint32_t num, uint32_t mask, zval* arg);
bool weak_scalar(zval* arg, uint32_t mask, zval* out);
} // namespace detail

template <class... T>
struct caster<std::variant<T...>> {
    using V = std::variant<T...>;
    static constexpr uint32_t type_mask = (caster<T>::type_mask | ...);
    static inline const char* type_name = detail::union_type_name({caster<T>::type_name...}, type_mask);
    struct parsed {
        zval* arg;
        zval coerced;  // a weak-mode coercion of the argument (a scalar; never refcounted but strings)
        bool use_coerced;
    };

    template <size_t I = 0>
    static bool pick(zval* z, size_t& which) noexcept {
        if constexpr (I == sizeof...(T)) {
            return false;
        } else {
            using A = std::variant_alternative_t<I, V>;
            if (detail::element_ok<A>(z)) {
                which = I;
                return true;
            }
            return pick<I + 1>(z, which);
        }
    }
    static bool load(zval* arg, uint32_t num, parsed& out, bool) {
        size_t which;
        out.arg = arg;
        out.use_coerced = false;
        if (pick(arg, which)) return true;
        if (!ZEND_ARG_USES_STRICT_TYPES() && detail::weak_scalar(arg, type_mask, &out.coerced)) {
            // Keep the coerced value in the argument slot, as ZPP does for strings.
            zval_ptr_dtor(arg);
            ZVAL_COPY_VALUE(arg, &out.coerced);
            return true;
        }
        detail::union_type_error(num, type_mask, arg);
        return false;
    }
    static bool try_load(zval* z, parsed& out) noexcept {
        size_t which;
        out.arg = z;
        out.use_coerced = false;
        return pick(z, which);
    }
    template <size_t I = 0>
    static V build(zval* z) {
        using A = std::variant_alternative_t<I, V>;
        if constexpr (I + 1 == sizeof...(T)) {
            return V(std::in_place_index<I>, element_get<A>(z));
        } else {
            if (detail::element_ok<A>(z)) return V(std::in_place_index<I>, detail::element_get<A>(z));
            return build<I + 1>(z);
        }
    }
    static V get(parsed& p) { return build(p.arg); }
    static void to_zval(const V& v, zval* out) {
        std::visit([&](const auto& a) { caster<std::decay_t<decltype(a)>>::to_zval(a, out); }, v);
    }

private:
    template <class A>
    static A element_get(zval* z) {
        return detail::element_get<A>(z);
    }
};

// ---------------------------------------------------------------------------
// std::function from a PHP callable. It owns the callable (a request value):
// keep it no longer than the request, or hold a php::Retained<php::Callable>.
template <class R, class... A>
struct caster<std::function<R(A...)>> : detail::callable_caster_base {
    static std::function<R(A...)> get(const detail::callable_state& p) {
        Callable c(ValueView(p.z));
        return [c](A... args) -> R {
            if constexpr (std::is_void_v<R>) c.template call<void>(std::forward<A>(args)...);
            else return c.template call<R>(std::forward<A>(args)...);
        };
    }
};

PHPBIND_NAMESPACE_END
