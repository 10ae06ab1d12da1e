// tests/ext/classes.cpp — C++ types bound as PHP classes. Checked by
// tests/phpt/classes/*.phpt.
#include "test_ext.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Counter {
    static inline int64_t alive = 0;
    int64_t n = 0;
    std::string label = "counter";  // owns heap memory once long: a missed destructor leaks
    Counter() { ++alive; }
    explicit Counter(int64_t start, std::string l = "counter") : n(start), label(std::move(l)) { ++alive; }
    Counter(const Counter& o) : n(o.n), label(o.label + " (copy)") { ++alive; }
    ~Counter() { --alive; }
    int64_t inc() { return ++n; }
    int64_t add(int64_t by) { return n += by; }
    int64_t value() const { return n; }
    Counter& step() {  // returns *this: PHP gets $this
        ++n;
        return *this;
    }
    Counter twin() const { return *this; }  // by value: a new object
    std::string describe() const { return label + "=" + std::to_string(n); }
    static int64_t live() { return alive; }
};

// Free functions taking and returning bound objects.
int64_t sum_counters(const Counter& a, const Counter& b) { return a.n + b.n; }
void bump(Counter& c) { ++c.n; }
std::string maybe(const Counter* c) { return c ? c->describe() : "none"; }
Counter make_counter(int64_t n) { return Counter(n, "made"); }

struct Handle {  // not copyable: the class is uncloneable
    std::unique_ptr<int> p = std::make_unique<int>(7);
    Handle() = default;
    Handle(const Handle&) = delete;
    int64_t get() const { return *p; }
};

struct NeedsArgs {  // no default constructor: only __construct builds it
    std::string s;
    explicit NeedsArgs(std::string v) : s(std::move(v)) {}
    std::string get() const { return s; }
};

// A fixed-size bag of ints: Countable and ArrayAccess through native handlers.
struct Bag {
    std::vector<int64_t> items = std::vector<int64_t>(8, 0);
    int64_t size() const { return static_cast<int64_t>(items.size()); }
    int64_t get(int64_t i) const {
        check(i);
        return items[static_cast<size_t>(i)];
    }
    void set(int64_t i, int64_t v) {
        check(i);
        items[static_cast<size_t>(i)] = v;
    }
    bool has(int64_t i) const { return i >= 0 && i < size(); }
    void unset(int64_t i) { set(i, 0); }
    void check(int64_t i) const {
        if (!has(i)) throw php::out_of_range_exception("Bag offset " + std::to_string(i) + " is out of range");
    }
};

// Holds a PHP callable: a cycle through it ($node -> callable -> closure ->
// $node) is found by the cycle collector because gc() reports it.
struct Node {
    static inline int64_t alive = 0;
    std::optional<php::Callable> on_visit;
    Node() { ++alive; }
    Node(const Node& o) : on_visit(o.on_visit) { ++alive; }
    ~Node() { --alive; }
    void set_callback(php::Callable c) { on_visit = std::move(c); }
    php::Value visit(php::ValueView arg) { return on_visit ? (*on_visit)(arg) : php::Value(); }
    void gc(php::gc_visitor& v) const { v.add(on_visit); }
    static int64_t live() { return alive; }
};

} // namespace

void register_classes(php::module& m) {
    using php::arg;
    m.class_<Counter>("PhpBind\\Counter")
        .constructor<int64_t, std::string>(arg("start") = 0, arg("label") = "counter")
        .def<&Counter::inc>("inc")
        .def<&Counter::add>("add", arg("by"))
        .def<&Counter::value>("value")
        .def<&Counter::step>("step")
        .def<&Counter::twin>("twin")
        .def<&Counter::describe>("describe")
        .def_static<&Counter::live>("live")
        .constant("START", 0)
        .constant("LABEL", "counter")
        .constant("RATIO", 1.5);
    m.class_<Handle>("PhpBind\\Handle").final_().def<&Handle::get>("get");
    m.class_<NeedsArgs>("PhpBind\\NeedsArgs").constructor<std::string>(arg("s")).def<&NeedsArgs::get>("get");
    m.class_<Bag>("PhpBind\\Bag").countable<&Bag::size>().array_access<&Bag::get, &Bag::set, &Bag::has, &Bag::unset>();
    m.class_<Node>("PhpBind\\Node")
        .def<&Node::set_callback>("setCallback", arg("callback"))
        .def<&Node::visit>("visit", arg("arg"))
        .def_static<&Node::live>("live");
    m.def<&sum_counters>("pb_sum_counters", arg("a"), arg("b"));
    m.def<&bump>("pb_bump", arg("c"));
    m.def<&maybe>("pb_maybe", arg("c"));
    m.def<&make_counter>("pb_make_counter", arg("n"));
}
