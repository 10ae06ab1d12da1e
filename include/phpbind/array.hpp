// phpbind/array.hpp — PHP arrays: php::ArrayView (borrowed, read-only) and php::Array (owned).
//
// Keys are ints or strings, as in PHP; a numeric string key such as "5" is the
// int key 5. An Array shares its payload on copy (one addref) and separates
// before any write, so writing never changes what another holder sees —
// PHP's copy-on-write, exactly.
//
//   php::Array a;
//   a.push_back(1);  a.set("name", "phpbind");  a.set(10, 2.5);
//   for (auto [key, value] : a.view()) { ... }      // key: php::ArrayKey, value: php::ValueView
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/string.hpp>
#include <phpbind/value.hpp>

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

class Array;

/// An array key: an int, or a (borrowed) string.
class ArrayKey {
public:
    ArrayKey(zend_long i) noexcept : str_(nullptr), index_(i) {}
    ArrayKey(zend_string* s) noexcept : str_(s), index_(0) {}
    /// Whether the key is a string.
    bool is_string() const noexcept { return str_ != nullptr; }
    /// Whether the key is an integer (PHP turns numeric string keys into integers).
    bool is_int() const noexcept { return str_ == nullptr; }
    /// The integer key (only when is_int()).
    zend_long as_int() const noexcept { return index_; }
    /// The string key, binary-safe (only when is_string()); borrowed from the array.
    std::string_view as_string() const noexcept { return {ZSTR_VAL(str_), ZSTR_LEN(str_)}; }
    /// The engine string of a string key (borrowed), or null for an integer key.
    zend_string* raw_string() const noexcept { return str_; }
    /// The key as PHP would print it.
    std::string to_string() const { return is_string() ? std::string(as_string()) : std::to_string(index_); }

private:
    zend_string* str_;
    zend_long index_;
};

namespace detail {
/// The slot for `key` (numeric strings are integer keys), added as null if missing.
zval* symtable_lookup(HashTable* ht, std::string_view key);
/// The same, a new key that cannot be numeric (its first byte is past '9', as the engine's
/// ZEND_HANDLE_NUMERIC_STR tests) added inline with one hash and one probe.
PHPBIND_INLINE zval* symtable_slot(HashTable* ht, std::string_view key) {
    if (!key.empty() && key[0] > '9') {
        zval null;
        ZVAL_NULL(&null);
        if (zval* z = zend_hash_str_add(ht, key.data(), key.size(), &null)) return z;
    }
    return symtable_lookup(ht, key);
}
/// Stores `v` (its reference handed over) in `slot`, then releases the old
/// value through the edge: its __destruct sees the array updated.
inline void replace_slot(zval* slot, zval* v) {
    zval old;
    ZVAL_COPY_VALUE(&old, slot);
    ZVAL_COPY_VALUE(slot, v);
    // A new key's slot holds null: nothing to release, nothing that could have run.
    if (Z_REFCOUNTED(old)) release_checked(&old);
}
/// Removes a found slot with `del`, releasing its value afterwards.
template <class Del>
bool erase_slot(zval* slot, Del&& del) {
    if (!slot) return false;
    zval old;
    ZVAL_COPY_VALUE(&old, slot);
    ZVAL_NULL(slot);
    del();
    release_checked(&old);
    return true;
}

// A table's slots: zvals for a packed array (PHP 8.2+), Buckets otherwise.
// Both start with the zval, so one pointer walk with a stride serves both.
inline char* slots_begin(const HashTable* ht) noexcept { return reinterpret_cast<char*>(ht->arData); }
inline size_t slot_stride(const HashTable* ht) noexcept { return has_buckets(ht) ? sizeof(Bucket) : sizeof(zval); }
/// The key of a slot (a zval inside the table), for iteration and messages.
inline ArrayKey slot_key(const HashTable* ht, const zval* slot) noexcept {
    if (slot_stride(ht) == sizeof(zval)) {
        return ArrayKey(static_cast<zend_long>((reinterpret_cast<const char*>(slot) - slots_begin(ht)) / sizeof(zval)));
    }
    const Bucket* b = reinterpret_cast<const Bucket*>(slot);
    return b->key ? ArrayKey(b->key) : ArrayKey(static_cast<zend_long>(b->h));
}

// Walks a HashTable's live slots (packed or hash) in order. Packed and hash
// tables differ only in the slot size, so one pointer walk serves both.
class ht_iterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::pair<ArrayKey, ValueView>;
    using difference_type = std::ptrdiff_t;

    ht_iterator(HashTable* ht, uint32_t pos) noexcept
        : ht_(ht),
          stride_(slot_stride(ht)),
          cur_(slots_begin(ht) + size_t{pos} * stride_),
          end_(slots_begin(ht) + size_t{ht->nNumUsed} * stride_) {
        skip();
    }
    value_type operator*() const noexcept {
        return {slot_key(ht_, reinterpret_cast<const zval*>(cur_)), ValueView(val_, dereferenced)};
    }
    ht_iterator& operator++() noexcept {
        // Advance to the next live slot: the common case (no hole) tests the
        // slot once, and reaching the end is tested by the caller's !=.
        cur_ += stride_;
        if (EXPECTED(cur_ != end_)) {
            zval* z = reinterpret_cast<zval*>(cur_);
            // One test for "a live value, neither INDIRECT nor a reference": IS_NULL ..
            // IS_RESOURCE. The others take skip(), which resolves them.
            if (EXPECTED(static_cast<uint8_t>(Z_TYPE_P(z) - 1) < IS_REFERENCE - 1)) {
                val_ = z;
                return *this;
            }
            skip();
        }
        return *this;
    }
    ht_iterator operator++(int) noexcept {
        auto t = *this;
        ++*this;
        return t;
    }
    bool operator==(const ht_iterator& o) const noexcept { return cur_ == o.cur_; }

private:
    // Stops at the next live slot (or the end), its value (INDIRECT resolved, dereferenced) in
    // val_.
    void skip() noexcept {
        for (; cur_ != end_; cur_ += stride_) {
            zval* z = reinterpret_cast<zval*>(cur_);
            if (UNEXPECTED(Z_TYPE_P(z) == IS_INDIRECT)) z = Z_INDIRECT_P(z);
            if (EXPECTED(Z_TYPE_P(z) != IS_UNDEF)) {
                ZVAL_DEREF(z);
                val_ = z;
                return;
            }
        }
    }
    const HashTable* ht_;
    size_t stride_;
    char* cur_;
    char* end_;
    zval* val_ = nullptr;
};

inline zval* ht_find(HashTable* ht, zend_long i) noexcept { return zend_hash_index_find(ht, i); }
inline zval* ht_find(HashTable* ht, std::string_view k) noexcept {
    return zend_symtable_str_find(ht, k.data(), k.size());
}
inline zval* ht_find(HashTable* ht, const ArrayKey& k) noexcept {
    return k.is_string() ? zend_symtable_find(ht, k.raw_string()) : zend_hash_index_find(ht, k.as_int());
}
[[noreturn]] PHPBIND_COLD void throw_missing_key(const std::string& key);

/// Puts `ht` in `out` with one more reference; an immutable array (opcache's,
/// or detached data) is shared without touching its refcount.
inline void array_copy_to(zend_array* ht, zval* out) noexcept {
    if (GC_FLAGS(ht) & GC_IMMUTABLE) {
        ZVAL_ARR(out, ht);
        Z_TYPE_FLAGS_P(out) = 0;
    } else {
        GC_ADDREF(ht);
        ZVAL_ARR(out, ht);
    }
}

}  // namespace detail

/// A borrowed, read-only view of a PHP array.
class ArrayView {
public:
    static constexpr lifetime php_lifetime = lifetime::request;
    using iterator = detail::ht_iterator;

    explicit ArrayView(zend_array* ht) noexcept : ht_(ht) {}

    /// The engine array (borrowed). A PHPBIND_DEBUG build checks the view is still valid.
    zend_array* raw() const noexcept {
        PHPBIND_VIEW_CHECK("php::ArrayView");
        return ht_;
    }
    /// `count($a)`
    size_t size() const noexcept { return zend_hash_num_elements(raw()); }
    /// Whether the array has no elements.
    bool empty() const noexcept { return size() == 0; }
    /// A list: keys 0, 1, 2, ... in order (array_is_list()).
    bool is_list() const noexcept { return zend_array_is_list(raw()); }

    /// The value under `key`, or nothing.
    template <class K>
    std::optional<ValueView> find(const K& key) const noexcept {
        zval* z = detail::ht_find(raw(), key);
        if (!z) return std::nullopt;
        return ValueView(z);
    }
    /// Whether `key` is present (`array_key_exists`).
    template <class K>
    bool contains(const K& key) const noexcept {
        return detail::ht_find(raw(), key) != nullptr;
    }
    /// The value under `key`; throws php::out_of_bounds_exception if absent.
    ValueView at(zend_long key) const {
        zval* z = detail::ht_find(raw(), key);
        if (!z) detail::throw_missing_key(std::to_string(key));
        return ValueView(z);
    }
    ValueView at(std::string_view key) const {
        zval* z = detail::ht_find(raw(), key);
        if (!z) detail::throw_missing_key(std::string(key));
        return ValueView(z);
    }

    /// Iteration in PHP order over (key, value) pairs, all borrowed.
    iterator begin() const noexcept { return iterator(raw(), 0); }
    /// The end of the iteration.
    iterator end() const noexcept { return iterator(raw(), raw()->nNumUsed); }

    /// An owned php::Array sharing this array (a new reference; copy-on-write on mutation).
    Array own() const noexcept;

private:
    zend_array* ht_;
    PHPBIND_VIEW_STAMP
};

inline ArrayView ValueView::as_array() const noexcept { return ArrayView(Z_ARR_P(raw())); }

/// An owned PHP array with copy-on-write semantics.
class Array {
public:
    static constexpr lifetime php_lifetime = lifetime::request;
    using iterator = detail::ht_iterator;

    Array() noexcept { ZVAL_EMPTY_ARRAY(&z_); }
    /// An empty array with room for `n` elements (a packed list while you push_back).
    /// ValueError when `n` exceeds php::max_array_size.
    static Array with_capacity(size_t n) {
        Array a;
        ZVAL_ARR(&a.z_, zend_new_array(detail::checked_array_size(n)));
        return a;
    }
    explicit Array(ArrayView v) noexcept { detail::array_copy_to(v.raw(), &z_); }
    /// Takes over the caller's reference on `ht`.
    static Array adopt(zend_array* ht) noexcept {
        Array a;
        ZVAL_ARR(&a.z_, ht);
        return a;
    }

    Array(const Array& o) noexcept { ZVAL_COPY(&z_, &o.z_); }
    Array(Array&& o) noexcept {
        ZVAL_COPY_VALUE(&z_, &o.z_);
        ZVAL_EMPTY_ARRAY(&o.z_);
    }
    Array& operator=(Array o) noexcept {
        std::swap(z_, o.z_);
        return *this;
    }
    ~Array() { detail::release_zval(&z_); }

    /// A borrowed view of this array (valid while this Array holds it).
    ArrayView view() const noexcept { return ArrayView(Z_ARR(z_)); }
    operator ArrayView() const noexcept { return view(); }

    /// `count($a)`
    size_t size() const noexcept { return view().size(); }
    /// Whether the array has no elements.
    bool empty() const noexcept { return size() == 0; }
    /// A list: keys 0, 1, 2, ... in order (array_is_list()).
    bool is_list() const noexcept { return view().is_list(); }
    /// The value under `key` (borrowed from this array), or nothing.
    template <class K>
    std::optional<ValueView> find(const K& key) const noexcept {
        return view().find(key);
    }
    /// `isset($a[$key])`-like, but true for a null value too (`array_key_exists`).
    template <class K>
    bool contains(const K& key) const noexcept {
        return view().contains(key);
    }
    /// The value under `key` (borrowed from this array); throws php::out_of_bounds_exception if
    /// absent.
    ValueView at(zend_long key) const { return view().at(key); }
    ValueView at(std::string_view key) const { return view().at(key); }
    /// Iteration in PHP order over (key, value) pairs; the values are borrowed from this array.
    iterator begin() const noexcept { return view().begin(); }
    /// The end of the iteration.
    iterator end() const noexcept { return view().end(); }

    /// `$a[$key] = $value;` — any value a caster can convert. A string key follows PHP's rule for
    /// `$a["7"]`: a decimal integer string ("7", "-3"; not "07", "7.0" or " 7") is the int key 7,
    /// as it is for find(), contains(), at() and erase(). Like every builder here, throws
    /// php::memory_exhausted once the request went past memory_limit.
    template <class T>
    Array& set(zend_long key, T&& value) {
        detail::check_memory();
        detail::reserve_or_throw(detail::insert_bytes(Z_ARR(z_)));
        zval tmp;
        to_zval_any(std::forward<T>(value), &tmp);
        detail::replace_slot(zend_hash_index_lookup(mut(), key), &tmp);
        return *this;
    }
    template <class T>
    Array& set(std::string_view key, T&& value) {
        detail::check_memory();
        detail::reserve_or_throw(detail::insert_bytes(Z_ARR(z_), key.size()));
        zval tmp;
        to_zval_any(std::forward<T>(value), &tmp);
        detail::replace_slot(detail::symtable_slot(mut(), key), &tmp);
        return *this;
    }
    /// `$a[$key] = $value;` with PHP's own key rules (the engine's array_set_zval_key): a numeric
    /// string, bool or null key is converted as PHP converts it, a float is truncated (with PHP's
    /// deprecation when that loses precision), and an array or object key throws PHP's TypeError
    /// ("Illegal offset type").
    Array& set(ValueView key, ValueView value);
    /// The same with a php::Value copied as it is: a PHP reference it holds (storage written
    /// through by reference) stays one, as PHP keeps references when it copies array elements.
    Array& set(ValueView key, const Value& value);
    /// `$a[] = $value;` — throws php::error when the next int key is taken.
    template <class T>
    Array& push_back(T&& value) {
        detail::check_memory();
        detail::reserve_or_throw(detail::insert_bytes(Z_ARR(z_)));
        zval tmp;
        to_zval_any(std::forward<T>(value), &tmp);
        if (UNEXPECTED(!zend_hash_next_index_insert(mut(), &tmp))) {
            zval_ptr_dtor(&tmp);
            next_key_taken();
        }
        return *this;
    }
    /// `unset($a[$key]);` — whether the key was there.
    /// The removed value is released after the array is updated (its
    /// __destruct may run; an exception it throws is thrown here).
    bool erase(zend_long key) {
        return detail::erase_slot(zend_hash_index_find(mut(), key), [&] { zend_hash_index_del(mut(), key); });
    }
    bool erase(std::string_view key) {
        return detail::erase_slot(zend_symtable_str_find(mut(), key.data(), key.size()),
                                  [&] { zend_symtable_str_del(mut(), key.data(), key.size()); });
    }
    /// `$a = [];` — the old contents are released (a __destruct may run; an exception it throws is
    /// thrown here).
    void clear() {
        zval old;
        ZVAL_COPY_VALUE(&old, &z_);
        ZVAL_EMPTY_ARRAY(&z_);
        detail::release_checked(&old);
    }

    /// The value as a mixed view.
    operator ValueView() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    /// The zval that holds the reference (for the engine API; this Array still owns it).
    zval* raw() noexcept { return &z_; }
    const zval* raw() const noexcept { return &z_; }
    /// Hands the reference over to `dst` (uninitialised); this becomes [].
    void release_into(zval* dst) noexcept {
        ZVAL_COPY_VALUE(dst, &z_);
        ZVAL_EMPTY_ARRAY(&z_);
    }
    /// Writes a new reference to the array into `dst` (uninitialised).
    void copy_into(zval* dst) const noexcept { ZVAL_COPY(dst, &z_); }
    /// The payload, separated so it can be written (the engine's SEPARATE_ARRAY).
    zend_array* mut() {
        SEPARATE_ARRAY(&z_);
        return Z_ARR(z_);
    }

private:
    template <class T>
    static void to_zval_any(T&& v, zval* out) {
        caster<std::decay_t<T>>::to_zval(std::forward<T>(v), out);
    }
    [[noreturn]] PHPBIND_COLD static void next_key_taken();

    zval z_;
    PHPBIND_OWNED_STAMP("php::Array", &z_)
};

inline Array ArrayView::own() const noexcept { return Array(*this); }

/// The caster protocol shared by array-typed casters (containers, php::Array, php::ArrayView):
/// declares `array`, reads only arrays. See casters.md.
struct array_caster_base {
    static constexpr uint32_t type_mask = MAY_BE_ARRAY;
    static constexpr const char* type_name = "array";
    using parsed = zend_array*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_array*& out, bool nullable) {
        if (EXPECTED(Z_TYPE_P(arg) == IS_ARRAY)) {
            out = Z_ARR_P(arg);
            return true;
        }
        detail::wrong_type(num, Z_EXPECTED_ARRAY, nullable, arg);
        return false;
    }
    static bool try_load(zval* z, zend_array*& out) noexcept {
        if (Z_TYPE_P(z) != IS_ARRAY) return false;
        out = Z_ARR_P(z);
        return true;
    }
};

template <>
struct caster<ArrayView> : array_caster_base {
    static constexpr bool borrows = true;
    static ArrayView get(zend_array* p) noexcept { return ArrayView(p); }
    static void to_zval(ArrayView v, zval* out) noexcept { detail::array_copy_to(v.raw(), out); }
};

template <>
struct caster<Array> : array_caster_base {
    static Array get(zend_array* p) noexcept { return Array(ArrayView(p)); }
    static void to_zval(Array&& v, zval* out) noexcept { v.release_into(out); }
    static void to_zval(const Array& v, zval* out) noexcept { ZVAL_COPY(out, v.raw()); }
};

PHPBIND_NAMESPACE_END
