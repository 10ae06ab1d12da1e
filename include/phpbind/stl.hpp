// phpbind/stl.hpp — casters for standard containers and vocabulary types.
//
//   std::vector<T>                        array (a list on the way out)
//   std::map<K, V>, std::unordered_map    array with int or string keys
//   std::pair<A, B>, std::tuple<Ts...>    a list of exactly that many elements
//   std::variant<Ts...>                   the union type Ts (e.g. int|string)
//   std::function<R(Args...)>             a PHP callable
//
// The casters of std::map, std::unordered_map, std::variant and std::function
// recognise the type by name (detail/type_name.hpp): this header does not
// include <map>, <unordered_map>, <variant> or <functional>, about 20,000
// preprocessed lines every extension would parse; a source that names one of
// them has included its header itself.
//
// Containers are read in two steps: the argument is validated when it is
// loaded (every element with its caster's strict rules: exact PHP types, int
// to float allowed), then the C++ container is built. An element of the wrong
// type raises TypeError naming the container's full type, the offending
// element's own type and where it is: `f(): Argument #1 ($v) must be of type
// array<int>, string given at key 3`; inside nested containers, the path of
// keys down to it: `must be of type array<array<int>>, string given at key
// [0][1]`; a key the map does not allow: `..., key [5]['k'] is not allowed`.
#pragma once

#include <phpbind/array.hpp>
#include <phpbind/call.hpp>
#include <phpbind/caster.hpp>
#include <phpbind/detail/type_name.hpp>

#include <cstddef>
#include <cstring>
#include <ranges>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

/// Where a container read strictly went wrong, for the TypeError: the keys
/// from the argument down to the offending element, and what was found there.
/// Only built on the error path, by find_fault().
struct element_fault {
    std::vector<std::string> keys;  // each as a message prints it: 3, 'name'
    std::string given;  // "string", "array of 1 element"
    bool bad_key = false;  // the last key is itself not allowed
    void enter(const ArrayKey& key);
};
/// "must be of type array<array<int>>, string given at key [0][1]"
PHPBIND_COLD std::string fault_message(const char* container, const element_fault& f);
/// Raises the TypeError for argument `num` (phase one: the caller returns false).
PHPBIND_COLD void raise_fault(uint32_t num, const char* container, const element_fault& f);
/// "array of 1 element", "array that is not a list": a list of the wrong shape.
PHPBIND_COLD std::string list_shape_given(zend_array* ht, size_t expected);
/// Releases an array whose packed fill stopped after `filled` elements
/// because an element's caster threw (the fill macros set the counts only
/// at the end).
PHPBIND_COLD void abandon_packed_fill(zend_array* ht, uint32_t filled) noexcept;
/// The same when the request went past memory_limit: throws php::memory_exhausted.
[[noreturn]] PHPBIND_COLD void abandon_packed_fill_oom(zend_array* ht, uint32_t filled);
/// Frees a new table whose slots could not be allocated (past memory_limit) and throws
/// php::memory_exhausted.
[[noreturn]] PHPBIND_COLD void abandon_table(zend_array* ht);

// The slot ZEND_HASH_FILL_PACKED is at: packed arrays hold zvals since 8.2,
// buckets before.

/// A list of `n` elements of range `r`, each converted by caster<E>, written
/// in place with the engine's packed fill. If a conversion throws, the part
/// already built is released (the handler costs nothing when none is thrown,
/// and nothing at all for element types whose conversion cannot throw).
/// `n` is checked before anything is allocated: the fill writes n slots, so
/// a size cut to 32 bits would write past the table. Past memory_limit (a
/// table that does not fit, or an element that went past it) the fill stops
/// with php::memory_exhausted.
/// Whether converting an E can allocate request memory (a string, an array, an object): the
/// packed fill checks memory_limit after such elements only (its slots are allocated up front).
template <class E>
inline constexpr bool conversion_allocates =
    !(std::is_arithmetic_v<std::remove_cvref_t<E>> || std::is_same_v<std::remove_cvref_t<E>, std::nullptr_t>);

/// Whether caster<E>::to_zval is a plain store that cannot fail (no range to check).
template <class E>
inline constexpr bool plain_scalar = std::is_floating_point_v<E> ||
    (std::is_integral_v<E> && !std::is_same_v<E, bool> &&
     (sizeof(E) < sizeof(zend_long) || (std::is_signed_v<E> && sizeof(E) == sizeof(zend_long))));

template <class E, class Range>
void fill_list(Range&& r, size_t n, zval* out) {
    zend_array* ht = zend_new_array(checked_array_size(n));
    if (UNEXPECTED(!init_packed(ht))) abandon_table(ht);
#if PHPBIND_PACKED_ZVALS
    if constexpr (std::ranges::contiguous_range<Range> &&
                  std::is_same_v<std::remove_cvref_t<std::ranges::range_value_t<Range>>, E> && plain_scalar<E>) {
        // Numbers stored contiguously (a vector, an array, a span): one
        // unrolled pass of stores into the slots the fill reserved.
        ZEND_HASH_FILL_PACKED(ht) {
            const E* src = std::ranges::data(r);
            PHPBIND_UNROLL4
            for (size_t i = 0; i < n; ++i) caster<E>::to_zval(src[i], __fill_val + i);
            __fill_idx += static_cast<uint32_t>(n);
        }
        ZEND_HASH_FILL_END();
        ZVAL_ARR(out, ht);
        return;
    }
#endif
    ZEND_HASH_FILL_PACKED(ht) {
        for (auto&& e : r) {
            try {
                caster<E>::to_zval(e, PHPBIND_DETAIL_FILL_SLOT);
            } catch (...) {
                abandon_packed_fill(ht, __fill_idx);
                throw;
            }
            ZEND_HASH_FILL_NEXT();
            if constexpr (conversion_allocates<E>) {
                if (UNEXPECTED(oom_pending())) abandon_packed_fill_oom(ht, __fill_idx);
            }
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
    // The element was checked before (element_ok); value-initialised since
    // the compiler cannot see that this load succeeds.
    typename caster<T>::parsed p{};
    caster<T>::try_load(v, p);
    return caster<T>::get(p);
}

template <class T>
inline zval* deref_slot(zval* z) noexcept {
    ZVAL_DEREF(z);
    return z;
}

template <class T>
concept generic_optional = requires { typename caster<T>::inner; } && requires(T t) { t.has_value(); };

/// T's type as messages print it, containers with their elements:
/// "array<array<int>>", "array<string,float>", "array{int, string}", "?int".
template <class T>
std::string full_type_name() {
    if constexpr (generic_optional<T>) {
        std::string inner = full_type_name<typename T::value_type>();
        return inner.find('|') == std::string::npos ? "?" + inner : inner + "|null";
    } else if constexpr (requires { caster<T>::full_type_name(); }) {
        return caster<T>::full_type_name();
    } else if constexpr (requires {
                             caster<T>::binds_object;
                             caster<T>::class_name();
                         }) {
        try {
            return caster<T>::class_name();
        } catch (...) {  // not bound (yet): the message still says what was expected
            return caster<T>::type_name;
        }
    } else {
        return caster<T>::type_name;
    }
}

/// The full type name of container T, built once (at the first error: the
/// names of bound classes and enums are only known after registration).
template <class T>
const char* container_type_name() {
    static const std::string name = caster<T>::full_type_name();
    return name.c_str();
}

/// Fills `f` for `z`, a value that caster<T>::try_load refused: containers
/// walk down to the first element they refuse; any other type is the
/// offending value itself.
template <class T>
void find_fault(zval* z, element_fault& f) {
    if constexpr (generic_optional<T>) {
        find_fault<typename T::value_type>(z, f);  // not null, or it would have been accepted
    } else if constexpr (requires { caster<T>::find_fault(z, f); }) {
        caster<T>::find_fault(z, f);
    } else if constexpr (requires { caster<T>::full_range; }) {
        // An int the C++ type cannot hold says so, with the range it can.
        if (Z_TYPE_P(z) == IS_LONG) {
            f.given = "int " + std::to_string(Z_LVAL_P(z)) + " (not in " + std::to_string(caster<T>::lo) + ".." +
                std::to_string(caster<T>::hi) + ")";
        } else {
            f.given = detail::value_name(z);
        }
    } else {
        f.given = detail::value_name(z);
    }
}

/// The first element of `ht` that caster<T> refuses, into `f`.
template <class T>
void find_element_fault(zend_array* ht, element_fault& f) {
    zend_ulong h;
    zend_string* key;
    zval* v;
    ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, v) {
        zval* e = deref_slot<T>(v);
        if (!element_ok<T>(e)) {
            f.enter(key ? ArrayKey(key) : ArrayKey(static_cast<zend_long>(h)));
            find_fault<T>(e, f);
            return;
        }
    }
    ZEND_HASH_FOREACH_END();
    f.given = "array";  // not reached: the caller saw an element refused
}

template <class K>
constexpr bool is_string_key =
    std::is_same_v<K, std::string> || std::is_same_v<K, std::string_view> || std::is_same_v<K, String>;

}  // namespace detail

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
    static std::string full_type_name() { return "array<" + detail::full_type_name<T>() + ">"; }
    static void find_fault(zval* z, detail::element_fault& f) {
        if (Z_TYPE_P(z) != IS_ARRAY) f.given = detail::value_name(z);
        else detail::find_element_fault<T>(Z_ARR_P(z), f);
    }
    [[noreturn]] PHPBIND_COLD static void bad_element(const parsed& p, zval* v) {
        detail::element_fault f;
        f.enter(detail::slot_key(p.ht, v));
        detail::find_fault<T>(detail::deref_slot<T>(v), f);
        throw argument_type_error(p.num,
                                  detail::fault_message(detail::container_type_name<std::vector<T, Alloc>>(), f));
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
    // Arithmetic elements: the vector is sized once and each slot read with
    // one type test (a reference or a coercion takes element()'s slow path);
    // the stride is a constant and the loop unrolled, so an element costs a
    // load, a test, a branch and a store.
    template <size_t Stride>
    static void read_scalars(const parsed& p, char* first, size_t n, T* d) {
        PHPBIND_UNROLL4
        for (size_t i = 0; i < n; ++i) {
            zval* z = reinterpret_cast<zval*>(first + i * Stride);
            typename elem::parsed e;
            d[i] = EXPECTED(elem::try_load(z, e)) ? elem::get(e) : scalar_slow(p, z);
        }
    }
    PHPBIND_COLD static T scalar_slow(const parsed& p, zval* z) { return element(p, z); }
    // The PHP type whose value bits are a T as they are (int for a full-range
    // zend_long-sized integer, float for double), 0 for other T.
    static constexpr uint8_t find_exact_type() {
        if constexpr (std::is_same_v<T, double>) return IS_DOUBLE;
        else if constexpr (std::is_integral_v<T> && sizeof(T) == sizeof(zend_long))
            return elem::full_range ? IS_LONG : 0;
        else return 0;
    }
    static constexpr uint8_t exact_type = find_exact_type();
    // For those, without a branch per element: every value copied, every
    // type folded into one test at the end (false: read_scalars() redoes it).
    template <size_t Stride>
    static bool copy_exact(const char* first, size_t n, T* d) noexcept {
        uint32_t off = 0;
        PHPBIND_UNROLL4
        for (size_t i = 0; i < n; ++i) {
            const zval* z = reinterpret_cast<const zval*>(first + i * Stride);
            std::memcpy(&d[i], &z->value, sizeof(T));
            off |= Z_TYPE_P(z) ^ exact_type;
        }
        return off == 0;
    }
    template <size_t Stride>
    static void read_list(const parsed& p, char* first, size_t n, T* d) {
        if constexpr (exact_type != 0) {
            if (EXPECTED(copy_exact<Stride>(first, n, d))) return;
        }
        read_scalars<Stride>(p, first, n, d);
    }
    static std::vector<T, Alloc> get(const parsed& p) {
        zend_array* ht = p.ht;
        if (HT_IS_WITHOUT_HOLES(ht)) {
            if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
                std::vector<T, Alloc> out(ht->nNumUsed);
                char* first = detail::slots_begin(ht);
                if (detail::has_buckets(ht)) {
                    read_list<sizeof(Bucket)>(p, first, out.size(), out.data());
                } else {
                    read_list<sizeof(zval)>(p, first, out.size(), out.data());
                }
                return out;
            }
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
    static void to_zval(R r, zval* out) { detail::fill_list<E>(r, detail::saturated_size(std::ranges::size(r)), out); }
};

// ---------------------------------------------------------------------------
/// The caster of string- or int-keyed maps (std::map, std::unordered_map): `array<K,V>`, every key
/// and value checked, the first bad one named.
template <class Map, class K, class V>
struct map_caster : array_caster_base {
    static_assert(std::is_integral_v<K> || detail::is_string_key<K>,
                  "phpbind: map keys must be an integer type or std::string (PHP array keys are int|string)");

    /// A string key only for a string-keyed map; an int key in K's range.
    static bool key_ok(zend_string* key, zend_ulong h) noexcept {
        if (key) return detail::is_string_key<K>;
        if constexpr (std::is_integral_v<K>) {
            typename caster<K>::parsed kp;
            zval kz;
            ZVAL_LONG(&kz, static_cast<zend_long>(h));
            return caster<K>::try_load(&kz, kp);
        }
        return true;
    }
    static bool elements_ok(zend_array* ht) noexcept {
        zend_ulong h;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_KEY_VAL(ht, h, key, v) {
            if (!key_ok(key, h) || !detail::element_ok<V>(detail::deref_slot<V>(v))) return false;
        }
        ZEND_HASH_FOREACH_END();
        return true;
    }

    static std::string full_type_name() {
        return "array<" + detail::full_type_name<K>() + "," + detail::full_type_name<V>() + ">";
    }
    static void find_fault(zval* z, detail::element_fault& f) {
        if (Z_TYPE_P(z) != IS_ARRAY) {
            f.given = detail::value_name(z);
            return;
        }
        zend_ulong h;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_KEY_VAL(Z_ARR_P(z), h, key, v) {
            if (!key_ok(key, h)) {
                f.enter(key ? ArrayKey(key) : ArrayKey(static_cast<zend_long>(h)));
                f.bad_key = true;
                return;
            }
            zval* e = detail::deref_slot<V>(v);
            if (!detail::element_ok<V>(e)) {
                f.enter(key ? ArrayKey(key) : ArrayKey(static_cast<zend_long>(h)));
                detail::find_fault<V>(e, f);
                return;
            }
        }
        ZEND_HASH_FOREACH_END();
        f.given = "array";  // not reached: the caller saw an element refused
    }

    static bool load(zval* arg, uint32_t num, zend_array*& out, bool nullable) {
        if (!array_caster_base::load(arg, num, out, nullable)) return false;
        if (UNEXPECTED(!elements_ok(out))) {
            detail::element_fault f;
            find_fault(arg, f);
            detail::raise_fault(num, detail::container_type_name<Map>(), f);
            return false;
        }
        return true;
    }
    static bool try_load(zval* z, zend_array*& out) noexcept {
        return array_caster_base::try_load(z, out) && elements_ok(out);
    }
    static Map get(zend_array* ht) {
        // An integer key becomes text made for the map: a view of it would dangle.
        static_assert(!std::is_same_v<K, std::string_view>,
                      "phpbind: a map parameter's keys must own their text (PHP turns integer keys into "
                      "strings for it): use std::string, not std::string_view");
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
        if (!m.empty()) {
            // The table up front, fallibly (a map's first insert would allocate all of it, past the
            // limit at once): packed when the first key fits it, as the engine's first insert makes it.
            bool packed = false;
            if constexpr (!detail::is_string_key<K>) {
                const auto first = static_cast<zend_long>(m.begin()->first);
                packed = first >= 0 && static_cast<zend_ulong>(first) < ht->nTableSize;
            }
            if (UNEXPECTED(!(packed ? detail::init_packed(ht) : detail::init_mixed(ht)))) detail::abandon_table(ht);
        }
        try {
            for (const auto& [k, v] : m) {
                if constexpr (detail::is_string_key<K>) {
                    detail::reserve_or_throw(detail::insert_bytes(ht, std::string_view(k).size()));
                } else {
                    detail::reserve_or_throw(detail::insert_bytes(ht));
                }
                zval tmp;
                caster<V>::to_zval(v, &tmp);
                if constexpr (detail::is_string_key<K>) {
                    std::string_view sk(k);
                    zend_symtable_str_update(ht, sk.data(), sk.size(), &tmp);
                } else {
                    zend_hash_index_update(ht, static_cast<zend_long>(k), &tmp);
                }
                detail::check_memory();
            }
        } catch (...) {
            zend_array_destroy(ht);
            throw;
        }
        ZVAL_ARR(out, ht);
    }
};

// std::map and std::unordered_map, recognised by name: the core does not include <map> or
// <unordered_map> (a source that names one has included it). std::multimap and the like have no
// caster: a PHP array has one value per key.
template <template <class...> class M, class K, class V, class... Rest>
    requires(detail::is_std<M<K, V, Rest...>>("map<") || detail::is_std<M<K, V, Rest...>>("unordered_map<"))
struct caster<M<K, V, Rest...>> : map_caster<M<K, V, Rest...>, K, V> {};

// ---------------------------------------------------------------------------
// pair / tuple <-> list
/// The caster of std::pair and std::tuple: a list of exactly N elements, `array{A, B, ...}`.
template <class Tuple, class... T>
struct tuple_caster : array_caster_base {
    static constexpr size_t N = sizeof...(T);

    template <size_t... I>
    static bool elements_ok(zend_array* ht, std::index_sequence<I...>) noexcept {
        return (detail::element_ok<T>(detail::deref_slot<T>(zend_hash_index_find(ht, I))) && ...);
    }
    static bool shape_ok(zend_array* ht) noexcept { return zend_hash_num_elements(ht) == N && zend_array_is_list(ht); }

    static std::string full_type_name() {
        std::string s = "array{";
        ((s += detail::full_type_name<T>(), s += ", "), ...);
        if constexpr (N > 0) s.resize(s.size() - 2);
        return s + "}";
    }
    template <size_t... I>
    static void find_element_fault(zend_array* ht, detail::element_fault& f, std::index_sequence<I...>) {
        (void)(([&] {
            zval* e = detail::deref_slot<T>(zend_hash_index_find(ht, I));
            if (detail::element_ok<T>(e)) return false;
            f.enter(ArrayKey(static_cast<zend_long>(I)));
            detail::find_fault<T>(e, f);
            return true;
        }() || ...));
    }
    static void find_fault(zval* z, detail::element_fault& f) {
        if (Z_TYPE_P(z) != IS_ARRAY) f.given = detail::value_name(z);
        else if (!shape_ok(Z_ARR_P(z))) f.given = detail::list_shape_given(Z_ARR_P(z), N);
        else find_element_fault(Z_ARR_P(z), f, std::index_sequence_for<T...>{});
    }

    static bool load(zval* arg, uint32_t num, zend_array*& out, bool nullable) {
        if (!array_caster_base::load(arg, num, out, nullable)) return false;
        if (UNEXPECTED(!shape_ok(out) || !elements_ok(out, std::index_sequence_for<T...>{}))) {
            detail::element_fault f;
            find_fault(arg, f);
            detail::raise_fault(num, detail::container_type_name<Tuple>(), f);
            return false;
        }
        return true;
    }
    static bool try_load(zval* z, zend_array*& out) noexcept {
        return array_caster_base::try_load(z, out) && shape_ok(out) &&
            elements_ok(out, std::index_sequence_for<T...>{});
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
// std::variant: a union type, checked and coerced as the engine checks a
// userland union (zend_check_type_slow): the alternative of the value's own
// PHP type first, then one that takes the value as it is (a class, a
// callable, an array of another shape); otherwise, for the scalar
// alternatives, the engine's coercion itself (zend_verify_scalar_type_hint:
// int, then float, then string, then bool in weak mode; only int to float in
// strict mode). null is refused unless an alternative takes it, as for a
// userland union.
namespace detail {
const char* union_type_name(std::initializer_list<const char*> names, uint32_t mask);
PHPBIND_COLD void union_type_error(uint32_t num, uint32_t mask, zval* arg);
PHPBIND_COLD bool coerce_scalar_union(zval* arg, uint32_t mask);

inline constexpr uint32_t scalar_mask = MAY_BE_BOOL | MAY_BE_LONG | MAY_BE_DOUBLE | MAY_BE_STRING;
/// An alternative that holds only scalars (int, float, string, bool): it
/// takes exactly its own PHP types, and others by coercion only.
template <class A>
constexpr bool scalar_alternative() {
    if constexpr (requires { caster<A>::class_name(); }) return false;
    else return caster<A>::type_mask != 0 && (caster<A>::type_mask & ~(scalar_mask | MAY_BE_NULL)) == 0;
}
}  // namespace detail

// Recognised by name, as the core does not include <variant>: its alternatives are the
// template's arguments, chosen with index() and read with get<I>() (found by argument-dependent
// lookup).
template <template <class...> class Variant, class... T>
    requires(detail::is_std<Variant<T...>>("variant<"))
struct caster<Variant<T...>> {
    using V = Variant<T...>;
    template <size_t I>
    using alternative = std::tuple_element_t<I, std::tuple<T...>>;
    static constexpr uint32_t type_mask = (caster<T>::type_mask | ...);
    static constexpr uint32_t scalars =
        ((detail::scalar_alternative<T>() ? caster<T>::type_mask : 0) | ...) & detail::scalar_mask;
    static inline const char* type_name = detail::union_type_name({caster<T>::type_name...}, type_mask);
    struct parsed {
        zval* arg;
        size_t which;
    };

    // Pass one: an alternative of the value's own PHP type.
    template <size_t I = 0>
    static bool pick_own(zval* z, size_t& which) noexcept {
        if constexpr (I == sizeof...(T)) {
            return false;
        } else {
            using A = alternative<I>;
            if ((caster<A>::type_mask & (1u << Z_TYPE_P(z))) && detail::element_ok<A>(z)) {
                which = I;
                return true;
            }
            return pick_own<I + 1>(z, which);
        }
    }
    // Pass two: a non-scalar alternative that takes the value as it is.
    template <size_t I = 0>
    static bool pick_other(zval* z, size_t& which) noexcept {
        if constexpr (I == sizeof...(T)) {
            return false;
        } else {
            using A = alternative<I>;
            if (!detail::scalar_alternative<A>() && detail::element_ok<A>(z)) {
                which = I;
                return true;
            }
            return pick_other<I + 1>(z, which);
        }
    }
    static bool pick(zval* z, size_t& which) noexcept { return pick_own(z, which) || pick_other(z, which); }

    static bool load(zval* arg, uint32_t num, parsed& out, bool) {
        out.arg = arg;
        if (pick(arg, out.which)) return true;
        // The coerced value replaces the argument in its slot, as the engine
        // does for a userland parameter.
        if constexpr (scalars != 0) {
            if (detail::coerce_scalar_union(arg, scalars) && pick_own(arg, out.which)) return true;
            if (EG(exception)) return false;  // an error handler or __toString threw
        }
        detail::union_type_error(num, type_mask, arg);
        return false;
    }
    static bool try_load(zval* z, parsed& out) noexcept {
        out.arg = z;
        return pick(z, out.which);
    }
    template <size_t I = 0>
    static V build(zval* z, size_t which) {
        using A = alternative<I>;
        if constexpr (I + 1 < sizeof...(T)) {
            if (which != I) return build<I + 1>(z, which);
        }
        return V(std::in_place_index<I>, detail::element_get<A>(z));
    }
    static V get(parsed& p) { return build(p.arg, p.which); }

    static std::string full_type_name() {
        std::string s;
        ((s += s.empty() ? "" : "|", s += detail::full_type_name<T>()), ...);
        return s;
    }
    /// An element that no alternative takes: when only one alternative can
    /// hold a value of its PHP type (an array for int|array<int>), the fault
    /// is inside that alternative; otherwise it is the value itself.
    static void find_fault(zval* z, detail::element_fault& f) {
        const uint32_t bit = 1u << Z_TYPE_P(z);
        if (((caster<T>::type_mask & bit ? 1 : 0) + ...) != 1) {
            f.given = detail::value_name(z);
            return;
        }
        (void)(([&] {
            if (!(caster<T>::type_mask & bit)) return false;
            detail::find_fault<T>(z, f);
            return true;
        }() || ...));
    }
    static void to_zval(const V& v, zval* out) { put(v, out, std::index_sequence_for<T...>{}); }
    template <size_t... I>
    static void put(const V& v, zval* out, std::index_sequence<I...>) {
        using std::get;  // the variant's own get<I>() comes by argument-dependent lookup
        if (!((v.index() == I && (caster<T>::to_zval(get<I>(v), out), true)) || ...)) {
            throw value_error("a std::variant that holds no value (valueless by exception) has no PHP value");
        }
    }
};

namespace detail {
template <class Fn, class F>
void native_closure_zval(F&& f, zval* out);  // phpbind/native.hpp
}  // namespace detail

// ---------------------------------------------------------------------------
// std::function from a PHP callable. It owns the callable (a request value):
// keep it no longer than the request, or hold a php::Retained<php::Callable>.
// As a result, a std::function becomes a Closure that owns it (php::closure;
// include <phpbind/native.hpp>). Recognised by name, as the core does not
// include <functional>.
template <template <class> class Function, class R, class... A>
    requires(detail::is_std<Function<R(A...)>>("function<"))
struct caster<Function<R(A...)>> : detail::callable_caster_base {
    static void to_zval(const Function<R(A...)>& f, zval* out) {
        detail::native_closure_zval<Function<R(A...)>>(f, out);
    }
    static Function<R(A...)> get(const detail::callable_state& p) {
        Callable c(ValueView(p.z));
        return [c](A... args) -> R {
            if constexpr (std::is_void_v<R>) c.template call<void>(std::forward<A>(args)...);
            else return c.template call<R>(std::forward<A>(args)...);
        };
    }
};

PHPBIND_NAMESPACE_END
