// examples/ds/src/sequence.hpp — Ds\Vector and Ds\Deque: one sequence type,
// two capacity rules (the only way the two differ in what PHP sees). Stack and
// Queue are built on them.
#pragma once

#include "ds.hpp"
#include "block.hpp"
#include "ring.hpp"

#include <algorithm>
#include <bit>
#include <optional>
#include <ranges>
#include <utility>

namespace ds {

/// Ds\Vector's capacity: grows by half when one value more than fits comes,
/// to what is needed (if more) when several come at once; allocate() gives
/// exactly what is asked; a filter() result has room for all of its source, a
/// slice() for exactly its values.
struct vector_rules {
    using storage = block;
    static constexpr std::string_view label = "object(Ds\\Vector)";
    static std::size_t one_more(std::size_t cap) { return cap + cap / 2; }
    static std::size_t room_for(std::size_t need, std::size_t cap) { return std::max(need, cap + cap / 2); }
    static std::size_t allocated(std::size_t asked) { return asked; }
    static std::size_t exactly(std::size_t n) { return std::max(n, min_capacity); }
    static std::size_t filtered(std::size_t source, std::size_t) { return exactly(source); }
    // clear() of an empty Vector keeps its capacity; a copy of one has the least.
    static constexpr bool clear_if_empty = false;
    static constexpr bool copy_of_empty_is_new = true;
    [[noreturn]] static void bad_insert(int64_t index, std::size_t count) {
        throw php::out_of_range_exception("Index out of range: " + std::to_string(index) +
                                          ", expected 0 <= x <= " + std::to_string(count));
    }
};

/// Ds\Deque's capacity: always a power of two (a ring buffer's), doubled when
/// full, rounded up to what is needed or asked; a filter() result has room for
/// its values.
struct deque_rules {
    using storage = ring;
    static constexpr std::string_view label = "object(Ds\\Deque)";
    static std::size_t one_more(std::size_t cap) { return cap * 2; }
    static std::size_t room_for(std::size_t need, std::size_t) { return exactly(need); }
    static std::size_t allocated(std::size_t asked) { return exactly(asked); }
    static std::size_t exactly(std::size_t n) { return std::bit_ceil(std::max(n, min_capacity)); }
    static std::size_t filtered(std::size_t, std::size_t kept) { return exactly(kept); }
    static constexpr bool clear_if_empty = true;
    static constexpr bool copy_of_empty_is_new = false;
    // ext-ds reports the range of get()'s indexes here, one short of insert()'s.
    [[noreturn]] static void bad_insert(int64_t index, std::size_t count) { throw_index(index, count); }
};

/// The values of a Vector or a Deque and the capacity ext-ds would have
/// allocated for them (capacity() reports it; the port's memory follows it
/// where the container allows).
template <class Rules>
struct Sequence {
    using storage = typename Rules::storage;
    static constexpr bool contiguous = std::is_same_v<storage, block>;

    storage items;
    std::size_t cap = min_capacity;

    Sequence() { reserve(cap); }
    Sequence(const Sequence& o) : cap(o.items.empty() && Rules::copy_of_empty_is_new ? min_capacity : o.cap) {
        reserve(cap);
        items = o.items;
    }
    // Declared: a result (map(), filter(), slice()...) moves into its new object.
    Sequence(Sequence&&) noexcept = default;
    Sequence& operator=(const Sequence&) = default;

    void construct(php::ValueView values) {
        if (!values.is_undef()) push_all(values);
    }

    // Capacity.
    void reserve(std::size_t n) { items.reserve(n); }
    void set_capacity(std::size_t n) {
        cap = n;
        reserve(n);
    }
    void grow_for_one() {
        if (items.size() == cap) set_capacity(Rules::one_more(cap));
    }
    void grow_for(std::size_t more) {
        const std::size_t need = items.size() + more;
        if (need > cap) set_capacity(Rules::room_for(need, cap));
    }
    // A removal that leaves a quarter or less halves the capacity, never below the minimum.
    void after_removal() {
        if (items.size() <= cap / 4 && cap / 2 >= min_capacity) [[unlikely]]
            halve();
    }
    // Out of line: pop() and shift() stay small on their common path.
    [[gnu::noinline, gnu::cold]] void halve() {
        cap /= 2;
        items.reallocate(cap);
    }

    void push_one(php::ValueView v) {
        grow_for_one();
        items.push_back(v.own());
    }
    void push_all(php::ValueView values) {
        if (values.is_array()) grow_for(values.as_array().size());
        each_value(values, [&](php::ValueView v) { push_one(v); });
    }
    template <class It>
    void insert_at(std::size_t at, It first, It last) {
        items.insert(items.begin() + static_cast<std::ptrdiff_t>(at), first, last);
    }
    void insert_values(std::size_t at, const php::variadic<php::ValueView>& values) {
        grow_for(values.size());
        std::vector<php::Value> add;
        add.reserve(values.size());
        for (php::ValueView v : values) add.push_back(v.own());
        insert_at(at, std::make_move_iterator(add.begin()), std::make_move_iterator(add.end()));
    }

    std::size_t index(int64_t i) const {
        if (i < 0 || static_cast<std::size_t>(i) >= items.size()) throw_index(i, items.size());
        return static_cast<std::size_t>(i);
    }
    static int64_t offset_index(php::ValueView offset) {
        if (!offset.is_int()) throw_index_type(offset);
        return offset.as_int();
    }

    // Ds\Sequence
    void allocate(int64_t capacity) {
        if (capacity <= 0) return;
        const std::size_t want = Rules::allocated(static_cast<std::size_t>(capacity));
        if (want > cap) {
            check_room(want, sizeof(php::Value));
            set_capacity(want);
        }
    }
    // Callbacks, __toString() and comparisons run PHP code that may change this
    // very sequence: nothing holds a reference into `items` across one. A loop
    // reads position i afresh each time (and sees what the callback changed).
    template <class F>
    void each(F&& f) const {
        for (std::size_t i = 0; i < items.size(); ++i) {
            php::Value v = items[i];
            f(v);
        }
    }
    void apply(php::CallableView callback) {
        std::size_t i = 0;
        callback.repeat(
            [&](php::repeat_args<1>& a) {
                if (i >= items.size()) return false;
                a.set(0, items[i]);
                return true;
            },
            [&](php::Value&& r) {
                if (i < items.size()) items[i] = std::move(r);
                ++i;
            });
    }
    int64_t capacity() const { return static_cast<int64_t>(cap); }
    bool contains(php::variadic<php::ValueView> values) const {
        for (php::ValueView v : values) {
            if (find_index(v) < 0) return false;
        }
        return true;
    }
    int64_t find_index(php::ValueView v) const {
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (items[i].view().identical(v)) return static_cast<int64_t>(i);
        }
        return -1;
    }
    Sequence filter(std::optional<php::CallableView> callback) const {
        Sequence out;
        out.reserve(items.size());
        if (callback) {
            php::Value v;  // the value passed, kept whatever the callback does to the sequence
            std::size_t i = 0;
            callback->repeat(
                [&](php::repeat_args<1>& a) {
                    if (i >= items.size()) return false;
                    v = items[i++];
                    a.set(0, v);
                    return true;
                },
                [&](php::Value&& keep) {
                    if (keep.view().truthy()) out.items.push_back(std::move(v));
                });
        } else {
            each([&](php::Value& v) {
                if (v.view().truthy()) out.items.push_back(std::move(v));
            });
        }
        out.set_capacity(Rules::filtered(items.size(), out.items.size()));
        return out;
    }
    php::Value find(php::ValueView value) const {
        const int64_t i = find_index(value);
        if (i < 0) return false;
        return i;
    }
    php::Value first() const {
        if (items.empty()) throw_empty();
        return items.front();
    }
    const php::Value& get(int64_t i) const { return items[index(i)]; }
    void insert(int64_t i, php::variadic<php::ValueView> values) {
        if (i < 0 || static_cast<std::size_t>(i) > items.size()) Rules::bad_insert(i, items.size());
        insert_values(static_cast<std::size_t>(i), values);
    }
    std::string join(std::string_view glue) const {
        std::string out;
        bool first = true;
        each([&](php::Value& v) {
            if (!first) out += glue;
            first = false;
            append_string(out, v);
        });
        return out;
    }
    php::Value last() const {
        if (items.empty()) throw_empty();
        return items.back();
    }
    Sequence map(php::CallableView callback) const {
        Sequence out;
        out.set_capacity(cap);
        std::size_t i = 0;
        callback.repeat(
            [&](php::repeat_args<1>& a) {
                if (i >= items.size()) return false;
                a.set(0, items[i++]);
                return true;
            },
            [&](php::Value&& r) { out.items.push_back(std::move(r)); });
        return out;
    }
    Sequence merge(php::ValueView values) const {
        Sequence out(*this);
        out.push_all(values);
        return out;
    }
    php::Value pop() {
        if (items.empty()) throw_empty();
        php::Value v = take_back();
        after_removal();
        return v;
    }
    php::Value take_back() { return items.take_back(); }
    void push(php::variadic<php::ValueView> values) {
        grow_for(values.size());
        for (php::ValueView v : values) items.push_back(v.own());
    }
    php::Value reduce(php::CallableView callback, php::ValueView initial) const {
        php::Value carry = initial.is_undef() ? php::Value(nullptr) : initial.own();
        std::size_t i = 0;
        callback.repeat<2>(
            [&](php::repeat_args<2>& a) {
                if (i >= items.size()) return false;
                a.set(0, carry);
                a.set(1, items[i++]);
                return true;
            },
            [&](php::Value&& r) { carry = std::move(r); });
        return carry;
    }
    php::Value remove(int64_t i) {
        const std::size_t at = index(i);
        php::Value v = std::move(items[at]);
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(at));
        after_removal();
        return v;
    }
    void reverse() { std::reverse(items.begin(), items.end()); }
    Sequence reversed() const {
        Sequence out(*this);
        out.reverse();
        return out;
    }
    void rotate(int64_t r) {
        const auto n = static_cast<int64_t>(items.size());
        if (n < 2) return;
        r %= n;
        if (r < 0) r += n;
        std::rotate(items.begin(), items.begin() + r, items.end());
    }
    void set(int64_t i, php::ValueView value) { items[index(i)] = value.own(); }
    php::Value shift() {
        if (items.empty()) throw_empty();
        php::Value v;
        if constexpr (contiguous) {
            v = std::move(items.front());
            items.erase(items.begin());
        } else {
            v = items.take_front();
        }
        after_removal();
        return v;
    }
    Sequence slice(int64_t index, std::optional<int64_t> length) const {
        // array_slice()'s rules: a negative index counts from the end, a negative length
        // stops that far from the end.
        const auto n = static_cast<int64_t>(items.size());
        if (index < 0) index = std::max<int64_t>(n + index, 0);
        if (index > n) index = n;
        int64_t len = length ? *length : n - index;
        if (len < 0) len = std::max<int64_t>(n + len - index, 0);
        len = std::min(len, n - index);
        Sequence out;
        out.set_capacity(Rules::exactly(static_cast<std::size_t>(len)));
        for (int64_t i = index; i < index + len; ++i) out.items.push_back(items[static_cast<std::size_t>(i)]);
        return out;
    }
    // Sorts a copy, then takes it: a comparator that changes the sequence
    // cannot pull the storage from under the sort (its changes are replaced
    // by the sorted values). A comparator that throws ends the calls; the
    // sort still runs to its end and is taken, as under ext-ds.
    void sort(std::optional<php::CallableView> comparator) {
        std::vector<php::Value> work(items.begin(), items.end());
        const std::exception_ptr error = comparator
            ? engine_sort(
                  work,
                  [&](const php::Value& a, const php::Value& b) { return comparator_result(comparator->call(a, b)); })
            : engine_sort(work, [](const php::Value& a, const php::Value& b) { return spaceship(a, b); });
        items.assign(std::make_move_iterator(work.begin()), std::make_move_iterator(work.end()));
        if (error) std::rethrow_exception(error);
    }
    Sequence sorted(std::optional<php::CallableView> comparator) const {
        Sequence out(*this);
        out.sort(comparator);
        return out;
    }
    php::Value sum() const {
        php::Value total = int64_t{0};
        each([&](php::Value& v) { total = php::add(total, php::number_of(v)); });
        return total;
    }
    void unshift(php::variadic<php::ValueView> values) {
        if constexpr (!contiguous) {
            if (values.size() == 1) {  // a deque's front is as cheap as its back
                grow_for(1);
                items.push_front((*values.begin()).own());
                return;
            }
        }
        insert_values(0, values);
    }

    // Ds\Collection
    void clear() {
        if (items.empty() && !Rules::clear_if_empty) return;
        items.clear();
        set_capacity(min_capacity);
    }
    Sequence copy() const { return *this; }
    int64_t count() const noexcept { return static_cast<int64_t>(items.size()); }
    bool is_empty() const { return items.empty(); }
    // A view: phpbind fills the array in place from it (one packed fill, no per-element insert).
    std::ranges::ref_view<const storage> to_array() const noexcept { return std::ranges::ref_view(items); }
    Sequence& self() { return *this; }
    std::string_view cast_label() const { return Rules::label; }

    // ArrayAccess
    bool offset_exists(php::ValueView offset) const { return offset.is_int() && set_at(offset.as_int()); }
    bool set_at(int64_t i) const {
        return i >= 0 && static_cast<std::size_t>(i) < items.size() && !items[static_cast<std::size_t>(i)].is_null();
    }
    // offsetExists(), offsetGet() and offsetUnset() called as methods: the offset is an int
    // parameter (method_offset), and offsetUnset() of a missing index throws, as remove() does.
    bool offset_exists_method(php::ValueView offset) const { return set_at(method_offset(offset)); }
    const php::Value& offset_get_method(php::ValueView offset) const { return get(method_offset(offset)); }
    void offset_unset_method(php::ValueView offset) { (void)remove(method_offset(offset)); }
    // $seq[$i] for the engine: the element itself, so that `$seq[0][] = 1`, `$seq[0] .= 's'` and
    // `$x = &$seq[0]` reach it as under ext-ds (whose storage then holds the reference).
    php::Value* offset_slot(php::ValueView offset) { return &items[index(offset_index(offset))]; }
    // offsetSet(null, $v) appends, as `$seq[] = $v` does; `$seq[null] = $v` is ext-ds's
    // TypeError (the write handler: only a missing offset appends).
    void offset_set(php::ValueView offset, php::ValueView value) {
        if (offset.is_undef() || offset.is_null()) push_one(value);
        else set(offset_index(offset), value);
    }
    void offset_write(php::ValueView offset, php::ValueView value) {
        if (offset.is_undef()) push_one(value);
        else set(offset_index(offset), value);
    }
    // unset($seq[$offset]) reads the offset as ext-ds does, as a weak-mode int parameter
    // (zend_parse_arg_long_weak): floats (with PHP's deprecation when that loses precision),
    // bools and numeric strings convert; anything else, and an index out of range, removes
    // nothing, silently.
    void offset_unset(php::ValueView offset) {
        zend_long i = 0;
        if (offset.is_int()) i = offset.as_int();
        else if (offset.is_undef() || offset.is_null() || !zend_parse_arg_long_weak(offset.raw(), &i, 1)) return;
        if (i >= 0 && static_cast<std::size_t>(i) < items.size()) (void)remove(i);
    }

    // Iteration, serialization, listing.
    const php::Value& at(int64_t i) const noexcept { return items[static_cast<std::size_t>(i)]; }
    void save(php::serializer& out) const {
        each([&](php::Value& v) { out.write(v); });  // __serialize() of a value may change the sequence
    }
    void load(php::unserializer& in) {
        while (!in.at_end()) {
            std::optional<php::Value> v = in.read();
            if (!v) throw php::error("Failed to unserialize data");
            grow_for_one();
            items.push_back(std::move(*v));
        }
    }
    void gc(php::gc_visitor& v) const {
        for (const auto& item : items) v.add(item);
    }
};

using Vector = Sequence<vector_rules>;
using Deque = Sequence<deque_rules>;

}  // namespace ds
