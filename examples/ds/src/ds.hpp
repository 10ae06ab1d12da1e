// examples/ds/src/ds.hpp — what the classes of the ds port share.
#pragma once

#include <phpbind/phpbind.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ds {

/// The smallest capacity a sequence allocates (Ds\Vector::MIN_CAPACITY).
inline constexpr std::size_t min_capacity = 8;
/// Ds\Hashable, once registered (keys and set members implementing it hash and compare through it).
inline php::class_ref hashable_interface;

/// What `foreach ($structure as &$value)` raises (an Error).
inline constexpr std::string_view by_reference_error = "Iterating by reference is not supported";

/// UnderflowException("Unexpected empty state"): first(), pop()... of an empty structure.
[[noreturn]] void throw_empty();
/// OutOfRangeException for an index outside 0..count-1.
[[noreturn]] void throw_index(int64_t index, std::size_t count);
/// TypeError for an ArrayAccess offset that is not an int.
[[noreturn]] void throw_index_type(php::ValueView offset);

/// Refuses room for `values` elements of `each` bytes that the request could
/// never have: more than memory_limit allows (ext-ds dies of PHP's fatal
/// memory-limit error there; the port raises an Error), or more than any
/// allocator gives.
void check_room(std::size_t values, std::size_t each);

/// Calls f(value) for each value of an array or a Traversable; InvalidArgumentException
/// ("Value must be an array or traversable object") for anything else.
template <class F>
void each_value(php::ValueView values, F&& f) {
    if (!php::iterate(values, [&](php::ValueView, php::ValueView v) { f(v); })) {
        throw php::invalid_argument_exception("Value must be an array or traversable object");
    }
}

/// The number of elements of an array (a Traversable has none known in advance).
inline std::size_t known_size(php::ValueView values) { return values.is_array() ? values.as_array().size() : 0; }

/// `$a <=> $b`: ints with ints and floats with floats compared here (no PHP
/// code can run for them), anything else by the engine.
inline int64_t spaceship(php::ValueView a, php::ValueView b) {
    if (a.is_int() && b.is_int()) return (a.as_int() > b.as_int()) - (a.as_int() < b.as_int());
    if (a.is_float() && b.is_float()) {
        const double x = a.as_float(), y = b.as_float();
        return x == y ? 0 : (x < y ? -1 : 1);  // NaN: 1, as ZEND_THREEWAY_COMPARE
    }
    return a.compare(b);
}

/// A stable merge sort. Unlike std::sort it reads nothing out of range when a
/// user's comparator is inconsistent (returns random results), and unlike
/// libstdc++'s std::stable_sort it needs no deprecated temporary buffer. A
/// comparator that throws leaves `v` holding every element, in some order.
template <class T, class Less>
void merge_sort(std::vector<T>& v, Less less) {
    const std::size_t n = v.size();
    if (n < 2) return;
    std::vector<T> buf(n);
    for (std::size_t width = 1; width < n; width *= 2) {
        for (std::size_t lo = 0; lo < n; lo += 2 * width) {
            const std::size_t mid = std::min(lo + width, n), hi = std::min(lo + 2 * width, n);
            std::size_t i = lo, j = mid, k = lo;
            try {
                while (i < mid && j < hi) buf[k++] = std::move(less(v[j], v[i]) ? v[j++] : v[i++]);
            } catch (...) {
                // This pass moved [0, lo) and part of [lo, hi) to buf: move them back.
                while (i < mid) buf[k++] = std::move(v[i++]);
                while (j < hi) buf[k++] = std::move(v[j++]);
                for (std::size_t m = 0; m < hi; ++m) v[m] = std::move(buf[m]);
                throw;
            }
            while (i < mid) buf[k++] = std::move(v[i++]);
            while (j < hi) buf[k++] = std::move(v[j++]);
        }
        v.swap(buf);
    }
}

/// Appends `v` to `out` as join() writes it (PHP's string conversion).
void append_string(std::string& out, php::ValueView v);

/// Ds\Pair: what Map hands out for its entries.
struct Pair {
    php::Value key, value;

    // ext-ds's cast handler: every class converts to "object(<its name>)" (no __toString).
    std::string_view cast_label() const { return "object(Ds\\Pair)"; }
    // unset($pair->key) / unset($pair->value): null, as ext-ds does.
    void unset_key() { key = nullptr; }
    void unset_value() { value = nullptr; }

    void construct(php::ValueView k, php::ValueView v);
    Pair copy() const { return *this; }
    php::Array to_array() const;
    void save(php::serializer& out) const;
    void load(php::unserializer& in);
    void gc(php::gc_visitor& v) const {
        v.add(key);
        v.add(value);
    }
};

void register_interfaces(php::module& m);
void register_pair(php::module& m);
void register_map_and_set(php::module& m);
void register_priority_queue(php::module& m);
void register_sequences(php::module& m);
void register_stack_and_queue(php::module& m);

}  // namespace ds
