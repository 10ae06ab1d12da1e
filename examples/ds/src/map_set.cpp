// examples/ds/src/map_set.cpp — Ds\Map (key => value, keys of any type) and
// Ds\Set (values without duplicates), both on the ordered hash table.
#include "sequence.hpp"
#include "table.hpp"

#include <functional>

namespace ds {
namespace {

[[noreturn]] void throw_key_not_found() { throw php::out_of_bounds_exception("Key not found"); }
[[noreturn]] void throw_by_key() { throw php::error("Array access by key is not supported"); }

// array_slice()'s rules, as Sequence::slice: the positions [from, to).
std::pair<std::size_t, std::size_t> slice_range(std::size_t size, int64_t index, std::optional<int64_t> length) {
    const auto n = static_cast<int64_t>(size);
    if (index < 0) index = std::max<int64_t>(n + index, 0);
    if (index > n) index = n;
    int64_t len = length ? *length : n - index;
    if (len < 0) len = std::max<int64_t>(n + len - index, 0);
    len = std::min(len, n - index);
    return {static_cast<std::size_t>(index), static_cast<std::size_t>(index + len)};
}

// The arguments a map's callback takes (map, filter, apply), and a set's.
void key_and_value(Entry& e, php::repeat_args<2>& a) {
    a.set(0, e.key);
    a.set(1, e.value);
}
void key_only(Entry& e, php::repeat_args<1>& a) { a.set(0, e.key); }

int64_t compare_with(const std::optional<php::CallableView>& comparator, const php::Value& a, const php::Value& b) {
    if (comparator) return comparator_result(comparator->call(a, b));
    return spaceship(a, b);
}

}  // namespace

struct Set;

struct Map {
    std::string_view cast_label() const { return "object(Ds\\Map)"; }
    Table t;

    Map() = default;
    // Copies keep the capacity and the keys' hashes: no hash() runs.
    Map(const Map& o) {
        t.reserve_like(o.t);
        o.t.each([&](Entry& e) { t.append(e.key, e.value, e.hash()); });
    }
    Map(Map&&) = default;
    Map& operator=(const Map&) = delete;

    void construct(php::ValueView values) {
        if (!values.is_undef()) put_all(values);
    }
    void put_all(php::ValueView values) {
        if (!php::iterate(values, [&](php::ValueView k, php::ValueView v) { t.put(k, v); })) {
            throw php::invalid_argument_exception("Value must be an array or traversable object");
        }
    }
    // A result with some of these entries has this map's capacity.
    Map filtered(const std::function<bool(Entry&)>& keep) const {
        Map out;
        out.t.reserve_like(t);
        t.each([&](Entry& e) {
            if (keep(e)) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }

    void allocate(int64_t capacity) {
        if (capacity > 0) t.allocate(static_cast<std::size_t>(capacity));
    }
    void apply(php::CallableView callback) {
        t.each_call<2>(callback, key_and_value, [&](std::size_t i, Entry&, php::Value&& r) {
            if (i < t.size()) t.at(i).value = std::move(r);
        });
    }
    int64_t capacity() const { return static_cast<int64_t>(t.capacity()); }
    Map diff(const Map& o) const {
        return filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) == nullptr; });
    }
    Map filter(std::optional<php::CallableView> callback) const {
        if (!callback) return filtered([](Entry& e) { return e.value.view().truthy(); });
        Map out;
        out.t.reserve_like(t);
        t.each_call<2>(*callback, key_and_value, [&](std::size_t, Entry& e, php::Value&& keep) {
            if (keep.view().truthy()) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }
    php::Object first() const {
        if (t.size() == 0) throw_empty();
        return pair_at(0);
    }
    php::Value get(php::ValueView key, php::ValueView fallback) const {
        if (Entry* e = t.find(key)) return e->value;
        if (fallback.is_undef()) throw_key_not_found();
        return fallback.own();
    }
    bool has_key(php::ValueView key) const { return t.find(key) != nullptr; }
    bool has_value(php::ValueView value) const {
        for (std::size_t i = 0; i < t.size(); ++i) {
            if (t.at(i).value.view().identical(value)) return true;
        }
        return false;
    }
    Map intersect(const Map& o) const {
        return filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) != nullptr; });
    }
    php::Object keys() const;  // a Ds\Set, bound after Map
    void ksort(std::optional<php::CallableView> comparator) {
        t.sort([&](const Entry& a, const Entry& b) { return compare_with(comparator, a.key, b.key); });
    }
    Map ksorted(std::optional<php::CallableView> comparator) const {
        Map out(*this);
        out.ksort(comparator);
        return out;
    }
    php::Object last() const {
        if (t.size() == 0) throw_empty();
        return pair_at(t.size() - 1);
    }
    Map map(php::CallableView callback) const {
        Map out;
        out.t.reserve_like(t);
        t.each_call<2>(callback, key_and_value,
                       [&](std::size_t, Entry& e, php::Value&& r) { out.t.append(e.key, std::move(r), e.hash()); });
        return out;
    }
    Map merge(php::ValueView values) const {
        Map out(*this);
        out.put_all(values);
        return out;
    }
    Vector pairs() const {
        Vector out;
        out.set_capacity(vector_rules::exactly(t.size()));
        t.each([&](Entry& e) { out.items.push_back(php::to_value(Pair{e.key, e.value})); });
        return out;
    }
    void put(php::ValueView key, php::ValueView value) { t.put(key, value); }
    php::Value reduce(php::CallableView callback, php::ValueView initial) const {
        php::Value carry = initial.is_undef() ? php::Value(nullptr) : initial.own();
        t.each_call<3>(
            callback,
            [&](Entry& e, php::repeat_args<3>& a) {
                a.set(0, carry);
                a.set(1, e.key);
                a.set(2, e.value);
            },
            [&](std::size_t, Entry&, php::Value&& r) { carry = std::move(r); });
        return carry;
    }
    php::Value remove(php::ValueView key, php::ValueView fallback) {
        if (std::optional<php::Value> v = t.erase(key)) return std::move(*v);
        if (fallback.is_undef()) throw_key_not_found();
        return fallback.own();
    }
    void reverse() { t.reverse(); }
    Map reversed() const {
        Map out(*this);
        out.reverse();
        return out;
    }
    php::Object skip(int64_t position) const {
        if (position < 0 || static_cast<std::size_t>(position) >= t.size()) throw_index(position, t.size());
        return pair_at(static_cast<std::size_t>(position));
    }
    Map slice(int64_t index, std::optional<int64_t> length) const {
        auto [from, to] = slice_range(t.size(), index, length);
        Map out;
        if (to > from) out.t.set_capacity(to - from);  // exactly its length, as ext-ds
        for (std::size_t i = from; i < to && i < t.size(); ++i) {
            Entry e = t.at(i);
            out.t.append(e.key, e.value, e.hash());
        }
        return out;
    }
    void sort(std::optional<php::CallableView> comparator) {
        t.sort([&](const Entry& a, const Entry& b) { return compare_with(comparator, a.value, b.value); });
    }
    Map sorted(std::optional<php::CallableView> comparator) const {
        Map out(*this);
        out.sort(comparator);
        return out;
    }
    php::Value sum() const {
        php::Value total = int64_t{0};
        t.each([&](Entry& e) { total = php::add(total, php::number_of(e.value)); });
        return total;
    }
    // Declared untyped (as ext-ds does), yet only a map is taken.
    Map union_(php::ValueView map) const {
        const Map* other = php::native_of<Map>(map);
        if (!other) {
            throw php::type_error(std::string("Ds\\Map::union(): Argument #1 ($map) must be of type Ds\\Map, ") +
                                  std::string(map.is_object() ? map.as_object().class_name() : map.type_name()) +
                                  " given");
        }
        const Map& o = *other;
        Map out(*this);
        o.t.each([&](Entry& e) { out.t.put_hashed(e.key, e.value, e.hash()); });
        return out;
    }
    Vector values() const {
        Vector out;
        out.set_capacity(vector_rules::exactly(t.size()));
        t.each([&](Entry& e) { out.items.push_back(e.value); });
        return out;
    }
    Map xor_(const Map& o) const {
        Map out = filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) == nullptr; });
        o.t.each([&](Entry& e) {
            if (!t.find_hashed(e.key, e.hash())) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }

    // ArrayAccess
    bool offset_exists(php::ValueView key) const {
        Entry* e = t.find(key);
        return e && !e->value.is_null();
    }
    php::Value offset_get(php::ValueView key) const {
        if (Entry* e = t.find(key)) return e->value;
        throw_key_not_found();
    }
    // $map[$key] for the engine: the value itself (nested and by-reference writes, as ext-ds).
    php::Value* offset_slot(php::ValueView key) {
        if (Entry* e = t.find(key)) return &e->value;
        throw_key_not_found();
    }
    void offset_set(php::ValueView key, php::ValueView value) {
        if (key.is_undef()) throw php::out_of_bounds_exception("Array access push syntax is not supported");
        t.put(key, value);
    }
    void offset_unset(php::ValueView key) { (void)t.erase(key); }
    // offsetUnset() called as a method removes as remove($key) does: a missing key throws.
    void offset_unset_method(php::ValueView key) {
        if (!t.erase(key)) throw_key_not_found();
    }

    // Ds\Collection
    void clear() { t.clear(); }
    Map copy() const { return *this; }
    int64_t count() const noexcept { return static_cast<int64_t>(t.size()); }
    bool is_empty() const { return t.size() == 0; }
    // Every key is converted as PHP converts array keys (with its
    // deprecations); one that no array key can be (an array, an object)
    // raises PHP's TypeError once all were tried, as ext-ds does. ext-ds
    // converts the keys after it with its exception pending, when a user error
    // handler is not called (zend_call_function() refuses): their deprecations
    // reach PHP's own handler only, and none where a user handler is set.
    php::Array to_array() const {
        php::Array a = php::Array::with_capacity(t.size());
        std::exception_ptr first_error;
        struct quiet_while {  // neither the user handler nor PHP's own reports
            int saved = EG(error_reporting), saved_user = EG(user_error_handler_error_reporting);
            explicit quiet_while(bool on) {
                if (on) EG(error_reporting) = EG(user_error_handler_error_reporting) = 0;
            }
            ~quiet_while() {
                EG(error_reporting) = saved;
                EG(user_error_handler_error_reporting) = saved_user;
            }
        };
        t.each([&](Entry& e) {
            quiet_while quiet(first_error && Z_TYPE(EG(user_error_handler)) != IS_UNDEF);
            try {
                a.set(e.key.view(), e.value);  // a reference in the storage stays one, as in ext-ds
            } catch (const php::error_already_set&) {
                if (!first_error) first_error = std::current_exception();
            }
        });
        if (first_error) std::rethrow_exception(first_error);
        return a;
    }
    // json_encode() writes a map as an object, even with keys 0, 1, 2...
    php::Object json_object() const {
        php::Object o = php::make_object("stdClass");
        php::Array a = to_array();
        php::iterate(a, [&](php::ValueView k, php::ValueView v) { o.set(php::string_of(k), v); });
        return o;
    }
    php::Array debug_pairs() const {
        php::Array a = php::Array::with_capacity(t.size());
        t.each([&](Entry& e) { a.push_back(Pair{e.key, e.value}); });
        return a;
    }

    // Iteration, serialization.
    // Both in place: iteration reads them without a copy.
    std::pair<const php::Value&, const php::Value&> entry_at(int64_t i) const noexcept {
        const Entry& e = t.at(static_cast<std::size_t>(i));
        return {e.key, e.value};
    }
    Map& self() { return *this; }
    void save(php::serializer& out) const {
        t.each([&](Entry& e) {
            out.write(e.key);
            out.write(e.value);
        });
    }
    void load(php::unserializer& in) {
        while (!in.at_end()) {
            std::optional<php::Value> k = in.read();
            std::optional<php::Value> v = k ? in.read() : std::nullopt;
            if (!v) throw php::error("Failed to unserialize data");
            t.put(*k, *v);
        }
    }
    void gc(php::gc_visitor& v) const {
        for (std::size_t i = 0; i < t.size(); ++i) {
            v.add(t.at(i).key);
            v.add(t.at(i).value);
        }
    }

private:
    // Ds\Pair is registered after Map (ext-ds's class order), so results
    // naming it are made at run time.
    php::Object pair_at(std::size_t i) const {
        const Entry& e = t.at(i);
        return php::to_value(Pair{e.key, e.value}).view().as_object().own();
    }
};

struct Set {
    std::string_view cast_label() const { return "object(Ds\\Set)"; }
    Table t;

    Set() = default;
    Set(const Set& o) {
        t.reserve_like(o.t);
        o.t.each([&](Entry& e) { t.append(e.key, e.value, e.hash()); });
    }
    Set(Set&&) = default;
    Set& operator=(const Set&) = delete;

    void add_one(php::ValueView v) { t.put(v, php::Value().view()); }  // a set's entries hold null
    void add_all(php::ValueView values) {
        each_value(values, [&](php::ValueView v) { add_one(v); });
    }
    Set filtered(const std::function<bool(Entry&)>& keep) const {
        Set out;
        t.each([&](Entry& e) {
            if (keep(e)) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }

    void construct(php::ValueView values) {
        if (!values.is_undef()) add_all(values);
    }
    void add(php::variadic<php::ValueView> values) {
        for (php::ValueView v : values) add_one(v);
    }
    void allocate(int64_t capacity) {
        if (capacity > 0) t.allocate(static_cast<std::size_t>(capacity));
    }
    int64_t capacity() const { return static_cast<int64_t>(t.capacity()); }
    bool contains(php::variadic<php::ValueView> values) const {
        for (php::ValueView v : values) {
            if (!t.find(v)) return false;
        }
        return true;
    }
    Set diff(const Set& o) const {
        return filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) == nullptr; });
    }
    Set filter(std::optional<php::CallableView> predicate) const {
        if (!predicate) return filtered([](Entry& e) { return e.key.view().truthy(); });
        Set out;
        t.each_call<1>(*predicate, key_only, [&](std::size_t, Entry& e, php::Value&& keep) {
            if (keep.view().truthy()) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }
    php::Value first() const {
        if (t.size() == 0) throw_empty();
        return t.at(0).key;
    }
    php::Value get(int64_t index) const {
        if (index < 0 || static_cast<std::size_t>(index) >= t.size()) throw_index(index, t.size());
        return t.at(static_cast<std::size_t>(index)).key;
    }
    Set intersect(const Set& o) const {
        return filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) != nullptr; });
    }
    std::string join(std::string_view glue) const {
        std::string out;
        bool first = true;
        t.each([&](Entry& e) {
            if (!first) out += glue;
            first = false;
            append_string(out, e.key);
        });
        return out;
    }
    php::Value last() const {
        if (t.size() == 0) throw_empty();
        return t.at(t.size() - 1).key;
    }
    Set map(php::CallableView callback) const {
        Set out;
        t.each_call<1>(callback, key_only, [&](std::size_t, Entry&, php::Value&& r) { out.add_one(r); });
        return out;
    }
    Set merge(php::ValueView values) const {
        Set out(*this);
        out.add_all(values);
        return out;
    }
    php::Value reduce(php::CallableView callback, php::ValueView initial) const {
        php::Value carry = initial.is_undef() ? php::Value(nullptr) : initial.own();
        t.each_call<2>(
            callback,
            [&](Entry& e, php::repeat_args<2>& a) {
                a.set(0, carry);
                a.set(1, e.key);
            },
            [&](std::size_t, Entry&, php::Value&& r) { carry = std::move(r); });
        return carry;
    }
    void remove(php::variadic<php::ValueView> values) {
        for (php::ValueView v : values) (void)t.erase(v);
    }
    void reverse() { t.reverse(); }
    Set reversed() const {
        Set out(*this);
        out.reverse();
        return out;
    }
    Set slice(int64_t index, std::optional<int64_t> length) const {
        auto [from, to] = slice_range(t.size(), index, length);
        Set out;
        if (to > from) out.t.set_capacity(to - from);  // exactly its length, as ext-ds
        for (std::size_t i = from; i < to && i < t.size(); ++i) {
            Entry e = t.at(i);
            out.t.append(e.key, e.value, e.hash());
        }
        return out;
    }
    void sort(std::optional<php::CallableView> comparator) {
        t.sort([&](const Entry& a, const Entry& b) { return compare_with(comparator, a.key, b.key); });
    }
    Set sorted(std::optional<php::CallableView> comparator) const {
        Set out(*this);
        out.sort(comparator);
        return out;
    }
    php::Value sum() const {
        php::Value total = int64_t{0};
        t.each([&](Entry& e) { total = php::add(total, php::number_of(e.key)); });
        return total;
    }
    Set union_(const Set& o) const {
        Set out(*this);
        o.t.each([&](Entry& e) { out.t.put_hashed(e.key, e.value, e.hash()); });
        return out;
    }
    Set xor_(const Set& o) const {
        Set out = filtered([&](Entry& e) { return o.t.find_hashed(e.key, e.hash()) == nullptr; });
        o.t.each([&](Entry& e) {
            if (!t.find_hashed(e.key, e.hash())) out.t.append(e.key, e.value, e.hash());
        });
        return out;
    }

    // ArrayAccess: positions to read, `$set[] = $value` to add.
    bool offset_exists(php::ValueView) const { throw_by_key(); }
    php::Value offset_get(php::ValueView offset) const {
        if (!offset.is_int()) throw_index_type(offset);
        return get(offset.as_int());
    }
    // offsetGet() called as a method: the offset is an int parameter (method_offset).
    php::Value offset_get_method(php::ValueView offset) const { return get(method_offset(offset)); }
    // ext-ds reads a Set's position in "is" mode (`$set[$i] ?? $default`) as null once the
    // offset is an int, whether the position exists or not; isset() and empty() throw. For a
    // nested or by-reference write (`$set[0][] = 1`, `$x = &$set[0]`) it gives null too, which
    // the engine writes to with its notice "Indirect modification of overloaded element".
    php::Value offset_read(php::ValueView offset, php::dim_read mode) const {
        if (mode == php::dim_read::plain) return offset_get(offset);
        if (!offset.is_int()) throw_index_type(offset);
        return nullptr;
    }
    // offsetSet(null, $v) adds, as `$set[] = $v` does; `$set[null] = $v` is ext-ds's Error (the
    // write handler: only a missing offset adds).
    void offset_set(php::ValueView offset, php::ValueView value) {
        if (!offset.is_undef() && !offset.is_null()) throw_by_key();
        add_one(value);
    }
    void offset_write(php::ValueView offset, php::ValueView value) {
        if (!offset.is_undef()) throw_by_key();
        add_one(value);
    }
    void offset_unset(php::ValueView) { throw_by_key(); }

    // Ds\Collection
    void clear() { t.clear(); }
    Set copy() const { return *this; }
    int64_t count() const noexcept { return static_cast<int64_t>(t.size()); }
    bool is_empty() const { return t.size() == 0; }
    php::Array to_array() const {
        php::Array a = php::Array::with_capacity(t.size());
        t.each([&](Entry& e) { a.push_back(e.key.view()); });
        return a;
    }

    const php::Value& at(int64_t i) const noexcept { return t.at(static_cast<std::size_t>(i)).key; }
    Set& self() { return *this; }
    void save(php::serializer& out) const {
        t.each([&](Entry& e) { out.write(e.key); });
    }
    void load(php::unserializer& in) {
        while (!in.at_end()) {
            std::optional<php::Value> v = in.read();
            if (!v) throw php::error("Failed to unserialize data");
            add_one(*v);
        }
    }
    void gc(php::gc_visitor& v) const {
        for (std::size_t i = 0; i < t.size(); ++i) v.add(t.at(i).key);
    }
};

php::Object Map::keys() const {
    Set out;
    out.t.reserve_like(t);
    t.each([&](Entry& e) { out.t.append(e.key, php::Value(), e.hash()); });
    return php::to_value(std::move(out)).view().as_object().own();
}

void register_map_and_set(php::module& m) {
    using php::arg;
    using php::returns;
    m.class_<Map>("Ds\\Map")
        .final_()
        .string_cast<&Map::cast_label>()
        .implements("Ds\\Collection")
        .constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity))
        .def<&Map::construct>("__construct", arg("values").untyped().optional(), returns(""))
        .def<&Map::allocate>("allocate", arg("capacity"), returns(""))
        .def<&Map::apply>("apply", arg("callback"), returns(""))
        .def<&Map::capacity>("capacity")
        .def<&Map::diff>("diff", arg("map"), returns("Ds\\Map"))
        .def<&Map::filter>("filter", arg("callback").optional(), returns("Ds\\Map"))
        .def<&Map::first>("first", returns("Ds\\Pair"))
        .def<&Map::get>("get", arg("key").untyped(), arg("default").untyped().optional(), returns(""))
        .def<&Map::has_key>("hasKey", arg("key").untyped())
        .def<&Map::has_value>("hasValue", arg("value").untyped())
        .def<&Map::intersect>("intersect", arg("map"), returns("Ds\\Map"))
        .def<&Map::keys>("keys", returns("Ds\\Set"))
        .def<&Map::ksort>("ksort", arg("comparator").optional(), returns(""))
        .def<&Map::ksorted>("ksorted", arg("comparator").optional(), returns("Ds\\Map"))
        .def<&Map::last>("last", returns("Ds\\Pair"))
        .def<&Map::map>("map", arg("callback"), returns("Ds\\Map"))
        .def<&Map::merge>("merge", arg("values").untyped(), returns("Ds\\Map"))
        .def<&Map::pairs>("pairs", returns("Ds\\Sequence"))
        .def<&Map::put>("put", arg("key").untyped(), arg("value").untyped(), returns(""))
        .def<&Map::put_all>("putAll", arg("values").untyped(), returns(""))
        .def<&Map::reduce>("reduce", arg("callback"), arg("initial").untyped().optional(), returns(""))
        .def<&Map::remove>("remove", arg("key").untyped(), arg("default").untyped().optional(), returns(""))
        .def<&Map::reverse>("reverse", returns(""))
        .def<&Map::reversed>("reversed", returns("Ds\\Map"))
        .def<&Map::skip>("skip", arg("position"), returns("Ds\\Pair"))
        .def<&Map::slice>("slice", arg("index"), arg("length").optional(), returns("Ds\\Map"))
        .def<&Map::sort>("sort", arg("comparator").optional(), returns(""))
        .def<&Map::sorted>("sorted", arg("comparator").optional(), returns("Ds\\Map"))
        .def<&Map::sum>("sum", returns(""))
        .def<&Map::union_>("union", arg("map").untyped(), returns("Ds\\Map"))
        .def<&Map::values>("values", returns("Ds\\Sequence"))
        .def<&Map::xor_>("xor", arg("map"), returns("Ds\\Map"))
        .iterable_handlers<&Map::count, &Map::entry_at>(by_reference_error)
        .def<&Map::self>("getIterator", returns("Traversable"))
        .array_access_handlers<&Map::offset_slot, &Map::offset_set, &Map::offset_exists, &Map::offset_unset>()
        .def<&Map::offset_exists>("offsetExists", arg("offset").untyped())
        .def<&Map::offset_get>("offsetGet", arg("offset"), returns("mixed").tentative())
        .def<&Map::offset_set>("offsetSet", arg("offset"), arg("value"), returns("void").tentative())
        .def<&Map::offset_unset_method>("offsetUnset", arg("offset"), returns("void").tentative())
        .def<&Map::clear>("clear", returns(""))
        .def<&Map::copy>("copy", returns("Ds\\Collection"))
        .countable<&Map::count>()
        .def<&Map::is_empty>("isEmpty")
        .json<&Map::json_object>(returns("mixed").tentative())
        .def<&Map::to_array>("toArray")
        .debug_info<&Map::debug_pairs>()
        .custom_serializable<&Map::save, &Map::load>();
    m.class_<Set>("Ds\\Set")
        .final_()
        .string_cast<&Set::cast_label>()
        .implements("Ds\\Collection")
        .constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity))
        .def<&Set::construct>("__construct", arg("values").untyped().optional(), returns(""))
        .def<&Set::add>("add", arg("values").untyped(), returns(""))
        .def<&Set::allocate>("allocate", arg("capacity"), returns(""))
        .def<&Set::capacity>("capacity")
        .def<&Set::contains>("contains", arg("values").untyped())
        .def<&Set::diff>("diff", arg("set"), returns("Ds\\Set"))
        .def<&Set::filter>("filter", arg("predicate").optional(), returns("Ds\\Set"))
        .def<&Set::first>("first", returns(""))
        .def<&Set::get>("get", arg("index"), returns(""))
        .def<&Set::intersect>("intersect", arg("set"), returns("Ds\\Set"))
        .def<&Set::join>("join", arg("glue").optional(""), returns(""))
        .def<&Set::last>("last", returns(""))
        .def<&Set::map>("map", arg("callback"), returns("Ds\\Set"))
        .def<&Set::merge>("merge", arg("values").untyped(), returns("Ds\\Set"))
        .def<&Set::reduce>("reduce", arg("callback"), arg("initial").untyped().optional(), returns(""))
        .def<&Set::remove>("remove", arg("values").untyped(), returns(""))
        .def<&Set::reverse>("reverse", returns(""))
        .def<&Set::reversed>("reversed", returns("Ds\\Set"))
        .def<&Set::slice>("slice", arg("index"), arg("length").optional(), returns("Ds\\Set"))
        .def<&Set::sort>("sort", arg("comparator").optional(), returns(""))
        .def<&Set::sorted>("sorted", arg("comparator").optional(), returns("Ds\\Set"))
        .def<&Set::sum>("sum", returns(""))
        .def<&Set::union_>("union", arg("set"), returns("Ds\\Set"))
        .def<&Set::xor_>("xor", arg("set"), returns("Ds\\Set"))
        .iterable_handlers<&Set::count, &Set::at>(by_reference_error)
        .def<&Set::self>("getIterator", returns("Traversable"))
        .array_access_handlers<&Set::offset_read, &Set::offset_write, &Set::offset_exists, &Set::offset_unset>()
        .def<&Set::offset_exists>("offsetExists", arg("offset").untyped())
        .def<&Set::offset_get_method>("offsetGet", arg("offset"), returns("mixed").tentative())
        .def<&Set::offset_set>("offsetSet", arg("offset"), arg("value"), returns("void").tentative())
        .def<&Set::offset_unset>("offsetUnset", arg("offset"), returns("void").tentative())
        .def<&Set::clear>("clear", returns(""))
        .def<&Set::copy>("copy", returns("Ds\\Collection"))
        .countable<&Set::count>()
        .def<&Set::is_empty>("isEmpty")
        .json<&Set::to_array>(returns("mixed").tentative())
        .def<&Set::to_array>("toArray")
        .debug_info<&Set::to_array>()
        .custom_serializable<&Set::save, &Set::load>();
}

}  // namespace ds
