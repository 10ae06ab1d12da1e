// examples/ds/src/vector.cpp — Ds\Vector: a sequence in one contiguous buffer.
//
// Capacity follows ext-ds: 8 at least; one value more than fits grows it by
// half; several at once (an array, push(...$values)) grow it to what they need
// if that is more; a removal that leaves a quarter of it or less halves it,
// never below 8; clear() goes back to 8. A copy keeps the capacity of what it
// copies.
#include "ds.hpp"

#include <algorithm>
#include <utility>

namespace ds {
namespace {

struct Vector {
    std::vector<php::Value> items;
    std::size_t cap = min_capacity;

    Vector() { items.reserve(cap); }
    Vector(const Vector& o) : cap(o.cap) {
        items.reserve(cap);
        items = o.items;
    }
    Vector& operator=(const Vector&) = default;

    void construct(php::ValueView values) {
        if (!values.is_undef()) push_all(values);
    }

    // Capacity.
    void reserve_exactly(std::size_t n) {
        cap = n;
        items.reserve(n);
    }
    void grow_for_one() {
        if (items.size() == cap) reserve_exactly(cap + cap / 2);
    }
    void grow_for(std::size_t more) {
        const std::size_t need = items.size() + more;
        if (need > cap) reserve_exactly(std::max(need, cap + cap / 2));
    }
    void after_removal() {
        if (items.size() <= cap / 4 && cap / 2 >= min_capacity) {
            cap /= 2;
            std::vector<php::Value> smaller;
            smaller.reserve(cap);
            for (auto& v : items) smaller.push_back(std::move(v));
            items = std::move(smaller);
        }
    }

    void push_one(php::ValueView v) {
        grow_for_one();
        items.push_back(v.own());
    }
    void push_all(php::ValueView values) {
        if (values.is_array()) grow_for(values.as_array().size());
        each_value(values, [&](php::ValueView v) { push_one(v); });
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
        if (capacity > 0 && static_cast<std::size_t>(capacity) > cap)
            reserve_exactly(static_cast<std::size_t>(capacity));
    }
    void apply(php::CallableView callback) {
        for (auto& v : items) v = callback(v);
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
    // Room for every value of the source, and exactly that.
    Vector filter(std::optional<php::CallableView> callback) const {
        Vector out;
        out.reserve_exactly(std::max(items.size(), min_capacity));
        for (const auto& v : items) {
            const bool keep = callback ? (*callback)(v).view().truthy() : v.view().truthy();
            if (keep) out.push_one(v);
        }
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
    php::Value get(int64_t i) const { return items[index(i)]; }
    void insert(int64_t i, php::variadic<php::ValueView> values) {
        if (i < 0 || static_cast<std::size_t>(i) > items.size()) {
            if (items.empty() && i != 0)
                throw php::out_of_range_exception("Index out of range: " + std::to_string(i) +
                                                  ", expected 0 <= x <= 0");
            throw php::out_of_range_exception("Index out of range: " + std::to_string(i) +
                                              ", expected 0 <= x <= " + std::to_string(items.size()));
        }
        grow_for(values.size());
        std::vector<php::Value> add;
        add.reserve(values.size());
        for (php::ValueView v : values) add.push_back(v.own());
        items.insert(items.begin() + i, std::make_move_iterator(add.begin()), std::make_move_iterator(add.end()));
    }
    std::string join(std::string_view glue) const {
        std::string out;
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) out += glue;
            append_string(out, items[i]);
        }
        return out;
    }
    php::Value last() const {
        if (items.empty()) throw_empty();
        return items.back();
    }
    Vector map(php::CallableView callback) const {
        Vector out;
        out.reserve_exactly(cap);
        for (const auto& v : items) out.items.push_back(callback(v));
        return out;
    }
    Vector merge(php::ValueView values) const {
        Vector out(*this);
        out.push_all(values);
        return out;
    }
    php::Value pop() {
        if (items.empty()) throw_empty();
        php::Value v = std::move(items.back());
        items.pop_back();
        after_removal();
        return v;
    }
    void push(php::variadic<php::ValueView> values) {
        grow_for(values.size());
        for (php::ValueView v : values) items.push_back(v.own());
    }
    php::Value reduce(php::CallableView callback, php::ValueView initial) const {
        php::Value carry = initial.is_undef() ? php::Value(nullptr) : initial.own();
        for (const auto& v : items) carry = callback(carry, v);
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
    Vector reversed() const {
        Vector out(*this);
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
        php::Value v = std::move(items.front());
        items.erase(items.begin());
        after_removal();
        return v;
    }
    Vector slice(int64_t index, std::optional<int64_t> length) const {
        // array_slice()'s rules: a negative index counts from the end, a negative length
        // stops that far from the end.
        const auto n = static_cast<int64_t>(items.size());
        if (index < 0) index = std::max<int64_t>(n + index, 0);
        if (index > n) index = n;
        int64_t len = length ? *length : n - index;
        if (len < 0) len = std::max<int64_t>(n + len - index, 0);
        len = std::min(len, n - index);
        Vector out;
        out.reserve_exactly(std::max(static_cast<std::size_t>(len), min_capacity));
        for (int64_t i = index; i < index + len; ++i) out.items.push_back(items[static_cast<std::size_t>(i)]);
        return out;
    }
    void sort(std::optional<php::CallableView> comparator) {
        if (comparator) {
            std::stable_sort(items.begin(), items.end(), [&](const php::Value& a, const php::Value& b) {
                return comparator->call<php::weak<int64_t>>(a, b) < 0;
            });
        } else {
            std::stable_sort(items.begin(), items.end(),
                             [](const php::Value& a, const php::Value& b) { return a.view().compare(b) < 0; });
        }
    }
    Vector sorted(std::optional<php::CallableView> comparator) const {
        Vector out(*this);
        out.sort(comparator);
        return out;
    }
    php::Value sum() const {
        php::Value total = int64_t{0};
        for (const auto& v : items) total = php::add(total, php::number_of(v));
        return total;
    }
    void unshift(php::variadic<php::ValueView> values) {
        grow_for(values.size());
        std::vector<php::Value> add;
        add.reserve(values.size());
        for (php::ValueView v : values) add.push_back(v.own());
        items.insert(items.begin(), std::make_move_iterator(add.begin()), std::make_move_iterator(add.end()));
    }

    // Ds\Collection
    void clear() {
        items.clear();
        items.shrink_to_fit();
        reserve_exactly(min_capacity);
    }
    Vector copy() const { return *this; }
    int64_t count() const { return static_cast<int64_t>(items.size()); }
    bool is_empty() const { return items.empty(); }
    php::Array to_array() const {
        php::Array a = php::Array::with_capacity(items.size());
        for (const auto& v : items) a.push_back(v.view());
        return a;
    }

    // ArrayAccess
    bool offset_exists(php::ValueView offset) const {
        if (!offset.is_int()) return false;
        const int64_t i = offset.as_int();
        return i >= 0 && static_cast<std::size_t>(i) < items.size() && !items[static_cast<std::size_t>(i)].is_null();
    }
    php::Value offset_get(php::ValueView offset) const { return get(offset_index(offset)); }
    void offset_set(php::ValueView offset, php::ValueView value) {
        if (offset.is_undef() || offset.is_null()) push_one(value);
        else set(offset_index(offset), value);
    }
    // An offset that is no index of the vector removes nothing, silently.
    void offset_unset(php::ValueView offset) {
        if (offset.is_int() && offset.as_int() >= 0 && static_cast<std::size_t>(offset.as_int()) < items.size()) {
            (void)remove(offset.as_int());
        }
    }

    // Iteration, serialization, listing.
    php::Value at(int64_t i) const { return items[static_cast<std::size_t>(i)]; }
    void save(php::serializer& out) const {
        for (const auto& v : items) out.write(v);
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

}  // namespace

void register_vector(php::module& m) {
    using php::arg;
    using php::returns;
    m.class_<Vector>("Ds\\Vector")
        .final_()
        .implements("Ds\\Sequence")
        .constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity))
        .def<&Vector::construct>("__construct", arg("values").untyped().optional(), returns(""))
        .iterable<&Vector::count, &Vector::at>(returns("Traversable"))
        .def<&Vector::allocate>("allocate", arg("capacity"), returns(""))
        .def<&Vector::apply>("apply", arg("callback"), returns(""))
        .def<&Vector::capacity>("capacity")
        .def<&Vector::contains>("contains", arg("values").untyped())
        .def<&Vector::filter>("filter", arg("callback").optional(), returns("Ds\\Sequence"))
        .def<&Vector::find>("find", arg("value").untyped(), returns(""))
        .def<&Vector::first>("first", returns(""))
        .def<&Vector::get>("get", arg("index"), returns(""))
        .def<&Vector::insert>("insert", arg("index"), arg("values").untyped(), returns(""))
        .def<&Vector::join>("join", arg("glue").optional(""))
        .def<&Vector::last>("last", returns(""))
        .def<&Vector::map>("map", arg("callback"), returns("Ds\\Sequence"))
        .def<&Vector::merge>("merge", arg("values").untyped(), returns("Ds\\Sequence"))
        .array_access_handlers<&Vector::offset_get, &Vector::offset_set, &Vector::offset_exists,
                               &Vector::offset_unset>()
        .def<&Vector::offset_exists>("offsetExists", arg("offset").untyped())
        .def<&Vector::offset_get>("offsetGet", arg("offset"), returns("mixed").tentative())
        .def<&Vector::offset_set>("offsetSet", arg("offset"), arg("value"), returns("void").tentative())
        .def<&Vector::offset_unset>("offsetUnset", arg("offset"), returns("void").tentative())
        .def<&Vector::pop>("pop", returns(""))
        .def<&Vector::push>("push", arg("values").untyped(), returns(""))
        .def<&Vector::reduce>("reduce", arg("callback"), arg("initial").untyped().optional(), returns(""))
        .def<&Vector::remove>("remove", arg("index"), returns(""))
        .def<&Vector::reverse>("reverse", returns(""))
        .def<&Vector::reversed>("reversed", returns("Ds\\Sequence"))
        .def<&Vector::rotate>("rotate", arg("rotations"), returns(""))
        .def<&Vector::set>("set", arg("index"), arg("value").untyped(), returns(""))
        .def<&Vector::shift>("shift", returns(""))
        .def<&Vector::slice>("slice", arg("index"), arg("length").optional(), returns("Ds\\Sequence"))
        .def<&Vector::sort>("sort", arg("comparator").optional(), returns(""))
        .def<&Vector::sorted>("sorted", arg("comparator").optional(), returns("Ds\\Sequence"))
        .def<&Vector::sum>("sum", returns(""))
        .def<&Vector::unshift>("unshift", arg("values").untyped(), returns(""))
        .def<&Vector::clear>("clear", returns(""))
        .def<&Vector::copy>("copy", returns("Ds\\Collection"))
        .countable<&Vector::count>()
        .def<&Vector::is_empty>("isEmpty")
        .json<&Vector::to_array>(returns("mixed").tentative())
        .def<&Vector::to_array>("toArray")
        .debug_info<&Vector::to_array>()
        .custom_serializable<&Vector::save, &Vector::load>();
}

}  // namespace ds
