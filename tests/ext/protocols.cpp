// tests/ext/protocols.cpp — native protocols of bound classes: iteration,
// Stringable, JsonSerializable, magic methods, operators and casts,
// serialization. Checked by tests/phpt/classes/protocol_*.phpt.
#include "test_ext.hpp"

#include <cmath>
#include <compare>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

// A list of ints: positional iteration (live), Stringable, JsonSerializable.
struct Deck {
    std::vector<int64_t> items;
    Deck() = default;
    explicit Deck(std::vector<int64_t> v) : items(std::move(v)) {}
    int64_t size() const { return static_cast<int64_t>(items.size()); }
    int64_t at(int64_t i) const { return items.at(static_cast<size_t>(i)); }
    void push(int64_t v) { items.push_back(v); }
    void pop() {
        if (!items.empty()) items.pop_back();
    }
    std::string str() const {
        std::string s = "Deck(";
        for (size_t i = 0; i < items.size(); ++i) s += (i ? "," : "") + std::to_string(items[i]);
        return s + ")";
    }
    // What var_dump() and print_r() show (classes/protocol_debug_info.phpt).
    std::vector<int64_t> dump() const {
        for (int64_t v : items) {
            if (v < 0) throw php::unexpected_value_exception("Deck: cannot show " + std::to_string(v));
        }
        return items;
    }
    php::Array to_json() const {
        php::Array a;
        a.set("kind", "deck");
        a.set("items", items);
        return a;
    }
};

// A string => int map: iteration over a copy of the entries (key => value).
struct Registry {
    std::map<std::string, int64_t> entries;
    const std::map<std::string, int64_t>& all() const { return entries; }
    void set(std::string k, int64_t v) { entries[std::move(k)] = v; }
    void remove(std::string_view k) { entries.erase(std::string(k)); }
    void clear() { entries.clear(); }
    std::map<std::string, int64_t> to_json() const { return entries; }
};

// A 2D vector: arithmetic, comparison by length, casts, serialization
// through a member restore (default-construct, then restore).
struct Vec2 {
    double x = 0, y = 0;
    Vec2() = default;
    Vec2(double a, double b) : x(a), y(b) {}
    friend Vec2 operator+(const Vec2& a, const Vec2& b) { return {a.x + b.x, a.y + b.y}; }
    friend Vec2 operator-(const Vec2& a, const Vec2& b) { return {a.x - b.x, a.y - b.y}; }
    friend Vec2 operator*(const Vec2& a, double k) { return {a.x * k, a.y * k}; }
    friend Vec2 operator*(double k, const Vec2& a) { return {a.x * k, a.y * k}; }
    friend Vec2 operator/(const Vec2& a, double k) {
        if (k == 0) throw php::division_by_zero_error("Vec2 division by zero");
        return {a.x / k, a.y / k};
    }
    double length() const { return std::sqrt(x * x + y * y); }
    friend std::partial_ordering operator<=>(const Vec2& a, const Vec2& b) { return a.length() <=> b.length(); }
    bool nonzero() const { return x != 0 || y != 0; }
    std::string str() const {
        char buf[64];
        std::snprintf(buf, sizeof buf, "(%g, %g)", x, y);
        return buf;
    }
    double get_x() const { return x; }
    double get_y() const { return y; }
    std::map<std::string, double> save() const { return {{"x", x}, {"y", y}}; }
    void restore(const std::map<std::string, double>& d) {
        auto ix = d.find("x"), iy = d.find("y");
        if (ix == d.end() || iy == d.end()) throw php::unexpected_value_exception("Vec2 data needs keys x and y");
        x = ix->second;
        y = iy->second;
    }
};

// Whole cents: % and integer casts; only ==/< (no <=>); serialization through
// a static factory (no default constructor).
struct Cents {
    static inline int64_t alive = 0;
    int64_t v;
    std::string note = "a note long enough to own heap memory";
    explicit Cents(int64_t c) : v(c) { ++alive; }
    Cents(const Cents& o) : v(o.v), note(o.note) { ++alive; }
    ~Cents() { --alive; }
    friend Cents operator+(const Cents& a, const Cents& b) { return Cents(checked_add(a.v, b.v)); }
    friend Cents operator+(const Cents& a, int64_t n) { return Cents(checked_add(a.v, n)); }
    friend Cents operator+(int64_t n, const Cents& a) { return Cents(checked_add(a.v, n)); }
    friend Cents operator-(const Cents& a, int64_t n) {
        int64_t r;
        if (__builtin_sub_overflow(a.v, n, &r)) throw php::arithmetic_error("Integer overflow");
        return Cents(r);
    }
    friend Cents operator%(const Cents& a, int64_t m) {
        if (m == 0) throw php::division_by_zero_error("Modulo by zero");
        if (m == -1) return Cents(0);  // INT64_MIN % -1 traps; the remainder is 0 for every value
        return Cents(a.v % m);
    }
    friend bool operator==(const Cents& a, const Cents& b) { return a.v == b.v; }
    friend bool operator<(const Cents& a, const Cents& b) { return a.v < b.v; }
    int64_t value() const { return v; }
    std::vector<int64_t> save() const { return {v}; }
    static Cents load(php::ArrayView data) {
        if (data.size() != 1 || !data.contains(zend_long{0}) || !data.at(zend_long{0}).is_int())
            throw php::unexpected_value_exception("Cents data must be [int]");
        return Cents(data.at(zend_long{0}).as_int());
    }
    static int64_t live() { return alive; }
};

// Only equality: objects are equal or uncomparable.
struct Tag {
    std::string name;
    Tag() = default;
    explicit Tag(std::string n) : name(std::move(n)) {}
    friend bool operator==(const Tag& a, const Tag& b) { return a.name == b.name; }
};

// Iteration whose element read fails: at(1) throws.
struct Flaky {
    int64_t size() const { return 3; }
    std::string at(int64_t i) const {
        if (i == 1) throw php::runtime_exception("element 1 is unreadable");
        return "e" + std::to_string(i);
    }
};

// A stack walked by consuming it (iterable_handlers<&Pile::take>()), whose
// getIterator() returns the stack itself; taking "boom" throws.
struct Pile {
    std::vector<php::Value> items;
    void push(php::ValueView v) { items.push_back(v.own()); }
    int64_t size() const { return static_cast<int64_t>(items.size()); }
    std::optional<php::Value> take() {
        if (items.empty()) return std::nullopt;
        if (items.back().view().is_string() && items.back().view().as_string() == "boom") {
            items.pop_back();
            throw php::runtime_exception("Pile: boom");
        }
        php::Value v = std::move(items.back());
        items.pop_back();
        return v;
    }
    Pile& self() { return *this; }
    void gc(php::gc_visitor& v) const {
        for (const auto& item : items) v.add(item);
    }
};

// Counts down from n, consumed by the loop (iterable<&Countdown::next>()).
struct Countdown {
    int64_t n = 0;
    // At most ten million: iterator_to_array() of more exhausts the memory of the fuzzer's php.
    explicit Countdown(int64_t from) : n(from) {
        if (from > 10'000'000) throw php::argument_value_error(1, "must be at most 10000000");
    }
    std::optional<int64_t> next() {
        if (n <= 0) return std::nullopt;
        return n--;
    }
    int64_t left() const { return n; }
};

// Entries of any key type, walked live by position: at(i) returns a pair, so
// the loop gives key => value (classes/protocol_iterate_keyed.phpt).
struct Ledger {
    std::vector<std::pair<php::Value, php::Value>> entries;
    void add(php::ValueView k, php::ValueView v) { entries.emplace_back(k.own(), v.own()); }
    void drop_first() {
        if (!entries.empty()) entries.erase(entries.begin());
    }
    int64_t size() const { return static_cast<int64_t>(entries.size()); }
    std::pair<php::Value, php::Value> at(int64_t i) const { return entries[static_cast<size_t>(i)]; }
    void gc(php::gc_visitor& v) const {
        for (const auto& [k, val] : entries) {
            v.add(k);
            v.add(val);
        }
    }
};

// Walked in place: at(i) returns a reference to a stored value and both
// members are noexcept, so the engine reads elements where they are
// (classes/protocol_iterate_direct.phpt). Shelf holds values, Index pairs.
struct Shelf {
    std::vector<php::Value> items;
    void add(php::ValueView v) { items.push_back(v.own()); }
    void clear() {
        std::vector<php::Value> gone = std::move(items);
        items.clear();  // empty before `gone` releases what it held
    }
    void drop_first() {
        if (items.empty()) return;
        php::Value gone = std::move(items.front());
        items.erase(items.begin());
    }
    int64_t size() const noexcept { return static_cast<int64_t>(items.size()); }
    const php::Value& at(int64_t i) const noexcept { return items[static_cast<size_t>(i)]; }
    void gc(php::gc_visitor& v) const {
        for (const auto& item : items) v.add(item);
    }
};
// A class derived in C++ from an iterable one: its objects take the steps
// through the edge (the C++ object is found by upcast).
struct LabeledShelf : Shelf {
    std::string label;
    explicit LabeledShelf(std::string l) : label(std::move(l)) {}
};
struct Index {
    std::vector<std::pair<php::Value, php::Value>> entries;
    void add(php::ValueView k, php::ValueView v) { entries.emplace_back(k.own(), v.own()); }
    int64_t size() const noexcept { return static_cast<int64_t>(entries.size()); }
    std::pair<const php::Value&, const php::Value&> at(int64_t i) const noexcept {
        const auto& e = entries[static_cast<size_t>(i)];
        return {e.first, e.second};
    }
    void gc(php::gc_visitor& v) const {
        for (const auto& [k, val] : entries) {
            v.add(k);
            v.add(val);
        }
    }
};

// Conversions and comparison that throw: the PHP exception, nothing else.
struct Fussy {
    int64_t as_int() const { throw php::value_error("Fussy has no int value"); }
    bool truthy() const { throw php::logic_exception("Fussy has no truth value"); }
    std::string str() const { throw php::runtime_exception("Fussy has no text"); }
    friend std::strong_ordering operator<=>(const Fussy&, const Fussy&) {
        throw php::logic_exception("Fussy objects do not compare");
    }
};

// Dynamic properties and calls through the magic methods.
struct Bag {
    std::map<std::string, php::Value> props;
    php::Value get(std::string_view name) const {
        auto it = props.find(std::string(name));
        if (it == props.end()) throw php::error("Undefined dynamic property: " + std::string(name));
        return it->second;
    }
    void set(std::string_view name, php::ValueView v) { props[std::string(name)] = v.own(); }
    bool has(std::string_view name) const { return props.count(std::string(name)) > 0; }
    void unset(std::string_view name) { props.erase(std::string(name)); }
    std::string call(std::string_view name, php::ArrayView args) const {
        return std::string(name) + "/" + std::to_string(args.size());
    }
    static std::string call_static(std::string_view name, php::ArrayView args) {
        return "static " + std::string(name) + "/" + std::to_string(args.size());
    }
    int64_t invoke(int64_t a, int64_t b) const { return checked_add(checked_mul(a, 10), b); }
    void gc(php::gc_visitor& v) const {
        for (const auto& [k, val] : props) v.add(val);
    }
};

// Values in the custom serialization format (classes/protocol_custom_serialize.phpt).
struct Tape {
    std::vector<php::Value> items;
    Tape() = default;
    explicit Tape(php::ArrayView values) {
        for (auto [k, v] : values) items.push_back(v.own());
    }
    int64_t size() const { return static_cast<int64_t>(items.size()); }
    php::Value get(int64_t i) const { return items.at(static_cast<size_t>(i)); }
    void save(php::serializer& out) const {
        for (const auto& v : items) {
            if (v.view().is_string() && v.view().as_string() == "unsavable")
                throw php::runtime_exception("Tape: cannot save this");
            out.write(v);
        }
    }
    void load(php::unserializer& in) {
        while (!in.at_end()) {
            std::optional<php::Value> v = in.read();
            if (!v) throw php::error("Tape: malformed data at '" + std::string(in.rest().substr(0, 8)) + "'");
            if (v->view().is_string() && v->view().as_string() == "unloadable")
                throw php::unexpected_value_exception("Tape: refused");
            items.push_back(std::move(*v));
        }
    }
    void gc(php::gc_visitor& v) const {
        for (const auto& item : items) v.add(item);
    }
};

// The same with a static factory and raw bytes around the values.
struct Framed {
    std::string label;
    php::Value value;
    void save(php::serializer& out) const {
        out.write_raw(label + "|");
        out.write(value);
    }
    static Framed load(php::unserializer& in) {
        std::string_view rest = in.rest();
        const size_t bar = rest.find('|');
        if (bar == std::string_view::npos) throw php::unexpected_value_exception("Framed: no label");
        Framed f{std::string(rest.substr(0, bar)), nullptr};
        in.skip(bar + 1);
        std::optional<php::Value> v = in.read();
        if (!v || !in.at_end()) throw php::unexpected_value_exception("Framed: bad value");
        f.value = std::move(*v);
        return f;
    }
    void gc(php::gc_visitor& v) const { v.add(value); }
};
Framed make_framed(std::string label, php::Value v) { return Framed{std::move(label), std::move(v)}; }

// The dimension handlers alone, with its own interface methods (classes/protocol_dimension_handlers.phpt).
struct Slots {
    std::vector<std::pair<std::string, php::Value>> log;
    static std::string describe(php::ValueView k) {
        if (k.is_undef()) return "append";
        return std::string(k.type_name()) + ":" + php::string_of(k);
    }
    php::Value get(php::ValueView k) const {
        if (k.is_string() && k.as_string() == "missing") throw php::out_of_bounds_exception("no such slot");
        return "get " + describe(k);
    }
    void set(php::ValueView k, php::ValueView v) { log.emplace_back("set " + describe(k), v.own()); }
    bool has(php::ValueView k) const { return k.is_int(); }
    void unset(php::ValueView k) { log.emplace_back("unset " + describe(k), nullptr); }
    std::vector<std::string> entries() const {
        std::vector<std::string> out;
        for (const auto& [what, v] : log) out.push_back(what + (v.is_null() ? "" : " = " + php::string_of(v)));
        return out;
    }
    int64_t size() const { return static_cast<int64_t>(log.size()); }
    php::Value at(int64_t i) const { return php::Value(log.at(static_cast<size_t>(i)).first); }
    void gc(php::gc_visitor& v) const {
        for (const auto& [what, val] : log) v.add(val);
    }
};

// ArrayAccess whose Get is told why the engine reads (php::dim_read): a missing (negative)
// offset is null in "is" mode, an OutOfRangeException otherwise. `seen` lists every read.
struct ModeLog {
    std::vector<std::string> seen;
    std::optional<std::string> get(int64_t i, php::dim_read mode) {
        static constexpr const char* names[] = {"plain", "is", "write", "unset"};
        seen.push_back(std::string(names[static_cast<int>(mode)]) + ":" + std::to_string(i));
        if (i >= 0) return "v" + std::to_string(i);
        if (mode == php::dim_read::is) return std::nullopt;
        throw php::out_of_range_exception("ModeLog offset " + std::to_string(i) + " is out of range");
    }
    void set(int64_t, std::string_view) {}
    bool has(int64_t i) const { return i >= 0; }
    void unset(int64_t) {}
    std::vector<std::string> log() {
        std::vector<std::string> out;
        out.swap(seen);
        return out;
    }
};

// ArrayAccess over its own storage (a Get returning php::Value*): nested and by-reference
// writes go through to the elements. Offsets 0..size-1; `$s[] = $v` appends; a missing offset
// is null in "is" mode, an OutOfRangeException otherwise; unset removes the last element only.
struct Cupboard {
    std::vector<php::Value> items;
    php::Value* slot(int64_t i, php::dim_read mode) {
        if (i >= 0 && static_cast<size_t>(i) < items.size()) return &items[static_cast<size_t>(i)];
        if (mode == php::dim_read::is) return nullptr;
        throw php::out_of_range_exception("Cupboard offset " + std::to_string(i) + " is out of range");
    }
    void set(php::ValueView i, php::ValueView v) {
        if (i.is_undef()) {
            items.push_back(v.own());
            return;
        }
        if (!i.is_int()) throw php::type_error("Cupboard offset must be of type int");
        slot(i.as_int(), php::dim_read::plain)->assign(v);
    }
    bool has(int64_t i) const { return i >= 0 && static_cast<size_t>(i) < items.size(); }
    void unset(int64_t i) {
        if (items.empty() || i != static_cast<int64_t>(items.size()) - 1) {
            throw php::logic_exception("Cupboard: only the last element can be unset");
        }
        items.pop_back();
    }
    std::vector<php::Value> all() const { return items; }
    void gc(php::gc_visitor& v) const {
        for (const php::Value& e : items) v.add(e);
    }
};

// A string conversion through the cast handler alone (class_::string_cast): no __toString.
// A countable class whose constructor takes its size: the object of a PHP subclass whose
// constructor does not call parent::__construct() has no C++ object to count.
struct Sized {
    int64_t n;
    explicit Sized(int64_t size) : n(size) {}
    int64_t size() const { return n; }
};

struct Shown {
    int64_t n = 0;
    std::string show() const {
        if (n < 0) throw php::domain_exception("Shown: nothing to show for " + std::to_string(n));
        return "shown(" + std::to_string(n) + ")";
    }
    // count($shown) through the count handler alone (class_::count_handler): n, or its exception.
    int64_t count() const {
        if (n < 0) throw php::domain_exception("Shown: no count for " + std::to_string(n));
        return n;
    }
};

// Native-backed properties and unset (class_::on_unset): `key` is set to null, `count` back to
// 0; `note` has no unset hook; `id` is read-only.
struct Unsettable {
    php::Value key;
    int64_t count = 0;
    std::string note;
    int64_t id = 7;
    void clear_key() { key = nullptr; }
    void gc(php::gc_visitor& v) const { v.add(key); }
    void reset_count() {
        if (count < 0) throw php::logic_exception("Unsettable: cannot unset a negative count");
        count = 0;
    }
};

}  // namespace

void register_protocols(php::module& m) {
    using php::arg;
    namespace op = php::op;
    m.class_<Deck>("PhpBind\\Deck")
        .constructor<std::vector<int64_t>>(arg("items"))
        .def<&Deck::push>("push", arg("v"))
        .def<&Deck::pop>("pop")
        .iterable<&Deck::size, &Deck::at>()
        .to_string<&Deck::str>()
        .debug_info<&Deck::dump>()
        .json<&Deck::to_json>();
    m.class_<Registry>("PhpBind\\Registry")
        .def<&Registry::set>("set", arg("key"), arg("value"))
        .def<&Registry::remove>("remove", arg("key"))
        .def<&Registry::clear>("clear")
        .iterable<&Registry::all>()
        .json<&Registry::to_json>();
    m.class_<Slots>("PhpBind\\Slots")
        .array_access_handlers<&Slots::get, &Slots::set, &Slots::has, &Slots::unset>()
        .def<&Slots::get>("offsetGet", arg("offset"), php::returns("mixed").tentative())
        .def<&Slots::set>("offsetSet", arg("offset"), arg("value"), php::returns("void").tentative())
        .def<&Slots::has>("offsetExists", arg("offset").untyped())
        .def<&Slots::unset>("offsetUnset", arg("offset"), php::returns("void").tentative())
        .def<&Slots::entries>("entries")
        .countable<&Slots::size>(php::doc("How many operations were logged."))
        .iterable<&Slots::size, &Slots::at>(php::returns("Traversable"))
        .json<&Slots::entries>(php::returns("mixed").tentative());
    m.class_<ModeLog>("PhpBind\\ModeLog")
        .array_access<&ModeLog::get, &ModeLog::set, &ModeLog::has, &ModeLog::unset>()
        .def<&ModeLog::log>("log");
    m.class_<Cupboard>("PhpBind\\Cupboard")
        .array_access<&Cupboard::slot, &Cupboard::set, &Cupboard::has, &Cupboard::unset>()
        .def<&Cupboard::all>("all");
    m.class_<Sized>("PhpBind\\Sized").constructor<int64_t>(arg("n")).countable<&Sized::size>();
    m.class_<Shown>("PhpBind\\Shown")
        .property<&Shown::n>("n")
        .string_cast<&Shown::show>()
        .count_handler<&Shown::count>();
    m.class_<Unsettable>("PhpBind\\Unsettable")
        .property_untyped<&Unsettable::key>("key")
        .property<&Unsettable::count>("count")
        .property<&Unsettable::note>("note")
        .property_readonly<&Unsettable::id>("id")
        .on_unset<&Unsettable::clear_key>("key")
        .on_unset<&Unsettable::reset_count>("count");
    m.class_<Tape>("PhpBind\\Tape")
        .constructor<php::ArrayView>(arg("values"))
        .def<&Tape::size>("size")
        .def<&Tape::get>("get", arg("index"))
        .custom_serializable<&Tape::save, &Tape::load>();
    m.class_<Framed>("PhpBind\\Framed")
        .factory<&make_framed>(arg("label"), arg("value"))
        .property_readonly<&Framed::label>("label")
        .property_readonly<&Framed::value>("value")
        .custom_serializable<&Framed::save, &Framed::load>();
    m.class_<Vec2>("PhpBind\\Vec2")
        .constructor<double, double>(arg("x") = 0.0, arg("y") = 0.0)
        .def<&Vec2::get_x>("x")
        .def<&Vec2::get_y>("y")
        .operators<op::add, op::sub, op::compare>()
        .op<op::mul, double>()
        .op<op::div, double>()
        .to_string<&Vec2::str>()
        .to_float<&Vec2::length>()
        .to_bool<&Vec2::nonzero>()
        .serializable<&Vec2::save, &Vec2::restore>();
    m.class_<Cents>("PhpBind\\Cents")
        .constructor<int64_t>(arg("v"))
        .def<&Cents::value>("value")
        .def_static<&Cents::live>("live")
        .op<op::add>()
        .op<op::add, int64_t>()  // also 1 + $c, and $c++
        .op<op::sub, int64_t>()  // $c--
        .op<op::mod, int64_t>()
        .op<op::compare>()
        .to_int<&Cents::value>()
        .serializable<&Cents::save, &Cents::load>();
    m.class_<Pile>("PhpBind\\Pile")
        .def<&Pile::push>("push", arg("value"))
        .def<&Pile::size>("size")
        .iterable_handlers<&Pile::take>("A pile is not walked by reference")
        .def<&Pile::self>("getIterator", php::returns("Traversable"));
    m.class_<Ledger>("PhpBind\\Ledger")
        .def<&Ledger::add>("add", arg("key"), arg("value"))
        .def<&Ledger::drop_first>("dropFirst")
        .iterable<&Ledger::size, &Ledger::at>();
    m.class_<Shelf>("PhpBind\\Shelf")
        .constructor<>()
        .def<&Shelf::add>("add", arg("value"))
        .def<&Shelf::clear>("clear")
        .def<&Shelf::drop_first>("dropFirst")
        .iterable<&Shelf::size, &Shelf::at>();
    m.class_<LabeledShelf, Shelf>("PhpBind\\LabeledShelf").constructor<std::string>(arg("label"));
    m.class_<Index>("PhpBind\\Index")
        .def<&Index::add>("add", arg("key"), arg("value"))
        .iterable<&Index::size, &Index::at>();
    m.class_<Countdown>("PhpBind\\Countdown")
        .constructor<int64_t>(arg("from"))
        .def<&Countdown::left>("left")
        .iterable<&Countdown::next>();
    m.class_<Flaky>("PhpBind\\Flaky").iterable<&Flaky::size, &Flaky::at>();
    m.class_<Fussy>("PhpBind\\Fussy")
        .to_int<&Fussy::as_int>()
        .to_bool<&Fussy::truthy>()
        .to_string<&Fussy::str>()
        .op<op::compare>();
    m.class_<Tag>("PhpBind\\Tag").constructor<std::string>(arg("name")).op<op::compare>();
    m.class_<Bag>("PhpBind\\MagicBag")
        .def<&Bag::get>("__get", arg("name"))
        .def<&Bag::set>("__set", arg("name"), arg("value"))
        .def<&Bag::has>("__isset", arg("name"))
        .def<&Bag::unset>("__unset", arg("name"))
        .def<&Bag::call>("__call", arg("name"), arg("arguments"))
        .def_static<&Bag::call_static>("__callStatic", arg("name"), arg("arguments"))
        .def<&Bag::invoke>("__invoke", arg("a"), arg("b"));
}
