// examples/ds/src/ds.hpp — what the classes of the ds port share.
#pragma once

#include <phpbind/phpbind.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
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
/// An offset given to offsetGet(), offsetExists() or offsetUnset() called as a method, where
/// ext-ds reads it as a weak-mode int parameter, unlike the [] operator: numeric strings, bools
/// and floats convert (with PHP's deprecation when that loses precision), null is 0 after the
/// "Passing null to parameter" deprecation, anything else is the TypeError naming the method.
int64_t method_offset(php::ValueView offset);

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

/// A user comparator's result as ext-ds reads it: `(int)` of the value (zval_get_long(), no
/// TypeError), then as a C `int`, its low 32 bits: a comparator returning PHP_INT_MAX says "less"
/// (-1), one returning 2**32 says "equal" (examples/ds/tests/fuzz found it).
inline int64_t comparator_result(const php::Value& r) {
    return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(php::int_of(r))));
}

/// Sorts `v` as ext-ds sorts its buffers, with the C library's qsort, which on Debian 12
/// (glibc 2.36) is a top-down merge sort: the first half (n / 2 values) sorted, then the rest, then
/// merged, a value of the first half taken first unless the comparison says it is greater. The
/// sort here makes the same comparisons in the same order and takes the same branches on their
/// results, so that a comparator that is inconsistent, or values PHP cannot order (arrays beside
/// objects, NAN), end in the order ext-ds gives (examples/ds/tests/fuzz), with the same number of
/// calls into PHP. (The C library's qsort itself is not called: a sanitizer's interceptor calls
/// the comparator on every adjacent pair before sorting, which PHP code would see.) Pointers to
/// the elements are sorted, then the elements moved into place. After a comparison throws, the
/// comparisons left are 0 (as the engine's calls into PHP are once an exception is pending), the
/// sort runs to its end and `v` takes its order, as ext-ds's buffer does; the exception is
/// returned, for the caller to throw once it has taken the result.
template <class T, class A, class Cmp>
[[nodiscard]] std::exception_ptr engine_sort(std::vector<T, A>& v, Cmp cmp) {
    if (v.size() < 2) return nullptr;
    std::exception_ptr error;
    auto greater = [&](const T& a, const T& b) {
        if (error) return false;
        try {
            return cmp(a, b) > 0;
        } catch (...) {
            error = std::current_exception();
            return false;
        }
    };
    std::vector<T*> order, merged(v.size());
    order.reserve(v.size());
    for (T& e : v) order.push_back(&e);
    auto sort = [&](auto& self, T** b, std::size_t n) -> void {
        if (n <= 1) return;
        const std::size_t n1 = n / 2;
        T** const b2 = b + n1;
        self(self, b, n1);
        self(self, b2, n - n1);
        std::size_t i = 0, j = 0, k = 0;
        while (i < n1 && j < n - n1) merged[k++] = greater(*b[i], *b2[j]) ? b2[j++] : b[i++];
        while (i < n1) merged[k++] = b[i++];
        std::copy(merged.begin(), merged.begin() + static_cast<std::ptrdiff_t>(k), b);  // the rest of b2 is in place
    };
    sort(sort, order.data(), order.size());
    std::vector<T, A> sorted;
    sorted.reserve(v.size());
    for (T* e : order) sorted.push_back(std::move(*e));
    v.swap(sorted);
    return error;
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

    // count($pair) is 2 in ext-ds (its count handler), though Pair is not Countable.
    int64_t size() const noexcept { return 2; }

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
