// tests/ext/classes.cpp — C++ types bound as PHP classes. Checked by
// tests/phpt/classes/*.phpt.
#include "test_ext.hpp"

#include <cmath>
#include <cstdlib>
#include <map>
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
    int64_t inc() { return n = checked_add(n, 1); }
    int64_t add(int64_t by) { return n = checked_add(n, by); }
    int64_t value() const { return n; }
    Counter& step() {  // returns *this: PHP gets $this
        n = checked_add(n, 1);
        return *this;
    }
    Counter twin() const { return *this; }  // by value: a new object
    std::string describe() const { return label + "=" + std::to_string(n); }
    static int64_t live() { return alive; }
};

// Free functions taking and returning bound objects.
int64_t sum_counters(const Counter& a, const Counter& b) { return checked_add(a.n, b.n); }
void bump(Counter& c) { c.n = checked_add(c.n, 1); }
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

enum class TakenSide { a };

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

// Native-backed and declared properties.
struct Point {
    double x = 0, y = 0;
    const int64_t id;  // const: read-only from PHP
    int32_t small = 0;  // range-checked on write
    std::string label_ = "p";
    std::optional<std::string> note;
    static inline int64_t next_id = 1;
    Point(double px, double py) : x(px), y(py), id(next_id++) {}
    Point(const Point& o) = default;
    double length() const { return std::sqrt(x * x + y * y); }
    std::string label() const { return label_; }
    void set_label(std::string l) {
        if (l.empty()) throw php::value_error("Point::$label must not be empty");
        label_ = std::move(l);
    }
    void move_by(double dx, double dy) {
        x += dx;
        y += dy;
    }
};

// Untyped native-backed properties (property_untyped), as a C extension's `public $key = NULL`.
struct Entry {
    php::Value key, value;
    std::string describe() const { return std::string(key.view().type_name()) + "/" + value.view().type_name(); }
    void gc(php::gc_visitor& v) const {
        v.add(key);
        v.add(value);
    }
};

// Bound C++ inheritance: Shape <- Rect <- Square, and Widget whose Shape base
// sits after another base (the upcast adjusts the pointer).
struct Shape {
    static inline int64_t alive = 0;
    std::string kind;
    int64_t sides = 0;
    explicit Shape(std::string k, int64_t n = 0) : kind(std::move(k)), sides(n) { ++alive; }
    Shape(const Shape& o) : kind(o.kind), sides(o.sides) { ++alive; }
    virtual ~Shape() { --alive; }
    virtual double area() const { return 0; }
    std::string describe() const {
        return kind + " with " + std::to_string(sides) + " sides, area " + std::to_string(area());
    }
    static int64_t live() { return alive; }
};
struct Rect : Shape {
    double w, h;
    Rect(double pw, double ph) : Shape("rect", 4), w(pw), h(ph) {}
    double area() const override { return w * h; }
    double width() const { return w; }
};
struct Square : Rect {
    explicit Square(double s) : Rect(s, s) { kind = "square"; }
    double side() const { return w; }
};
struct Tagged {
    std::string tag = "tagged";
    virtual ~Tagged() = default;
};
struct Widget : Tagged, Shape {
    Widget() : Shape("widget", 3) {}
    double area() const override { return 1.5; }
    std::string get_tag() const { return tag; }
};
struct Circle : Shape {  // bound without a constructor of its own
    Circle() : Shape("circle") {}
    double area() const override { return 3.0; }
};

// An abstract C++ base bound as an abstract class, and interfaces.
struct Figure {
    virtual ~Figure() = default;
    virtual double area() const = 0;
    virtual std::string name(std::string_view prefix) const = 0;
};
struct Disc : Figure {
    double r;
    explicit Disc(double radius) : r(radius) {}
    double area() const override { return 3.0 * r * r; }
    std::string name(std::string_view prefix) const override { return std::string(prefix) + "disc"; }
};
double figure_area(const Figure& f) { return f.area(); }

// Constructed through factories: parsing (by value), a registry (shared).
struct Endpoint {
    std::string host;
    int64_t port = 0;
};
Endpoint parse_endpoint(std::string_view url) {
    auto colon = url.rfind(':');
    if (colon == std::string_view::npos || colon == 0) throw php::argument_value_error(1, "must look like host:port");
    Endpoint e{std::string(url.substr(0, colon)), 0};
    for (char c : url.substr(colon + 1)) {
        if (c < '0' || c > '9' || e.port > 65535) throw php::argument_value_error(1, "has an invalid port");
        e.port = e.port * 10 + (c - '0');
    }
    if (e.port < 1 || e.port > 65535) throw php::argument_value_error(1, "has an invalid port");
    return e;
}
struct Session {
    std::string user;
};
std::map<std::string, std::shared_ptr<Session>> sessions;
std::shared_ptr<Session> open_session(const std::string& user) {
    if (user.empty()) return nullptr;
    auto& s = sessions[user];
    if (!s) s = std::make_shared<Session>(Session{user});
    return s;
}
int64_t session_owners(const std::string& user) {
    auto it = sessions.find(user);
    return it == sessions.end() ? 0 : it->second.use_count();
}
void close_sessions() { sessions.clear(); }
struct Unshaped {};  // claims HasArea without area()

double shape_area(const Shape& s) { return s.area(); }
std::string shape_kind(const Shape* s) { return s ? s->kind : "none"; }
double rect_width(const Rect& r) { return r.width(); }
void grow_rect(Rect& r) {
    r.w *= 2;
    r.h *= 2;
}

// Smart pointers: a returned unique_ptr hands its object to PHP; a returned
// shared_ptr shares it with C++ (a pool that outlives requests).
struct Resource {
    static inline int64_t alive = 0;
    std::string name;
    int64_t uses = 0;
    explicit Resource(std::string n) : name(std::move(n)) { ++alive; }
    Resource(const Resource& o) : name(o.name + " (copy)"), uses(o.uses) { ++alive; }
    ~Resource() { --alive; }
    int64_t use() { return ++uses; }
    static int64_t live() { return alive; }
};
std::map<std::string, std::shared_ptr<Resource>> pool;

std::unique_ptr<Resource> open_resource(std::string name) {
    if (name.empty()) return nullptr;
    return std::make_unique<Resource>(std::move(name));
}
std::shared_ptr<Resource> pool_get(const std::string& name) {
    auto& r = pool[name];
    if (!r) r = std::make_shared<Resource>(name);
    return r;
}
int64_t pool_uses(const std::string& name) {
    auto it = pool.find(name);
    return it == pool.end() ? -1 : it->second->uses;
}
bool pool_drop(const std::string& name) { return pool.erase(name) > 0; }
int64_t pool_put(std::shared_ptr<Resource> r) {
    if (!r) return 0;
    pool[r->name] = r;
    return r.use_count() - 1;  // owners besides this parameter
}
std::shared_ptr<Shape> shared_square(double side) { return std::make_shared<Square>(side); }
double shared_area(std::shared_ptr<Shape> s) { return s ? s->area() : -1; }

// Classes the module declares, checked without a lookup by name
// (classes/class_ref.phpt).
php::class_ref has_area;
php::class_ref entry_class;
bool is_has_area(php::ValueView v) { return v.is_object() && v.as_object().instance_of(has_area); }
bool is_entry(php::ValueView v) { return v.is_object() && v.as_object().instance_of(entry_class); }

}  // namespace

// An int64_t data member, read in place where PHP's int holds it: on a
// 32-bit engine (wasm32) only while its value fits, else ArithmeticError.
struct Wide {
    int64_t v = 0;
    void set_pow2(int64_t bits, bool negative) {
        if (bits < 0 || bits > 62) throw php::argument_value_error(1, "must be between 0 and 62");
        v = negative ? -(int64_t{1} << bits) : (int64_t{1} << bits);
    }
};

void register_classes(php::module& m) {
    using php::arg;
    m.class_<Counter>("PhpBind\\Counter")
        .doc("A counter with a label.")
        .constructor<int64_t, std::string>(arg("start") = 0, arg("label") = "counter")
        .def<&Counter::inc>("inc")
        .def<&Counter::add>("add", arg("by"), php::doc("Adds `by` to the value and returns the new value."))
        .def<&Counter::value>("value")
        .def<&Counter::value>("current", php::deprecated("use value() instead"))
        .def<&Counter::step>("step")
        .def<&Counter::twin>("twin")
        .def<&Counter::describe>("describe")
        .def_static<&Counter::live>("live")
        .constant("START", 0)
        .constant("LABEL", "counter")
        .constant("RATIO", 1.5);
    m.class_<Wide>("PhpBind\\Wide")
        .def<&Wide::set_pow2>("setPow2", arg("bits"), arg("negative") = false)
        .property<&Wide::v>("v");
    m.class_<Handle>("PhpBind\\Handle").final_().def<&Handle::get>("get");
    m.class_<NeedsArgs>("PhpBind\\NeedsArgs").constructor<std::string>(arg("s")).def<&NeedsArgs::get>("get");
    m.class_<Bag>("PhpBind\\Bag").countable<&Bag::size>().array_access<&Bag::get, &Bag::set, &Bag::has, &Bag::unset>();
    m.class_<Node>("PhpBind\\Node")
        .def<&Node::set_callback>("setCallback", arg("callback"))
        .def<&Node::visit>("visit", arg("arg"))
        .def_static<&Node::live>("live");
    m.class_<Point>("PhpBind\\Point")
        .constructor<double, double>(arg("x") = 0.0, arg("y") = 0.0)
        .property<&Point::x>("x")
        .property<&Point::y>("y")
        .property<&Point::id>("id")  // const member: read-only
        .property<&Point::small>("small")
        .property<&Point::length>("length")  // getter only: read-only
        .property<&Point::label, &Point::set_label>("label")
        .property<&Point::note>("note")
        .declare<int64_t>("hits", 0)
        .declare<std::string>("tag", "none", php::protected_)
        .declare<std::optional<std::string>>("comment", nullptr)
        .declare<int64_t>("later")
        .def<&Point::move_by>("moveBy", arg("dx"), arg("dy"));

    // php::to_value(): a bound class's value becomes a new object; a container an array.
    m.def("pb_to_values", [](php::ValueView key) {
        Entry e;
        e.key = key.own();
        e.value = php::to_value(std::vector<int64_t>{1, 2});
        return std::vector<php::Value>{php::to_value(e), php::to_value(e), php::to_value(int64_t{7})};
    });
    // php::native_of<T>(): the C++ object behind a value, or null.
    m.def("pb_entry_key_of", [](php::ValueView v) -> php::Value {
        const Entry* e = php::native_of<Entry>(v);
        return e ? e->key : php::Value("not an entry");
    });
    m.class_<Entry>("PhpBind\\Entry")
        .ref(entry_class)
        .property_untyped<&Entry::key>("key")
        .property_untyped<&Entry::value>("value")
        .def<&Entry::describe>("describe");

    m.interface_("PhpBind\\HasArea").method<double()>("area").ref(has_area);
    m.def<&is_has_area>("pb_is_has_area", arg("value"));
    m.def<&is_entry>("pb_is_entry", arg("value"));
    m.interface_("PhpBind\\Figurative")
        .extends("PhpBind\\HasArea")
        .extends("Countable")
        .method<std::string(std::string_view)>("name", arg("prefix") = "");
    m.class_<Figure>("PhpBind\\Figure")
        .abstract_()
        .implements("PhpBind\\HasArea")
        .def<&Figure::area>("area")
        .def<&Figure::name>("name", arg("prefix") = "");
    m.class_<Disc, Figure>("PhpBind\\Disc").constructor<double>(arg("r"));
    m.def<&figure_area>("pb_figure_area", arg("figure"));
    m.class_<Endpoint>("PhpBind\\Endpoint")
        .factory<&parse_endpoint>(arg("url"))
        .property_readonly<&Endpoint::host>("host")
        .property_readonly<&Endpoint::port>("port");
    m.class_<Session>("PhpBind\\Session").factory<&open_session>(arg("user")).property<&Session::user>("user");
    m.def<&session_owners>("pb_session_owners", arg("user"));
    m.def<&close_sessions>("pb_close_sessions");
    if (std::getenv("PHPBIND_TEST_BAD_INTERFACE")) {  // tests/phpt/classes/interface_errors.phpt
        m.class_<Unshaped>("PhpBind\\Unshaped").implements("PhpBind\\HasArea");
    }
    // tests/phpt/classes/taken_names.phpt: a name the engine or this module has taken already.
    if (const char* taken = std::getenv("PHPBIND_TEST_TAKEN_NAME")) {
        const std::string which = taken;
        if (which == "class") m.class_<Unshaped>("PhpBind\\entry");
        else if (which == "core_class") m.class_<Unshaped>("ArrayObject");
        else if (which == "interface") m.interface_("phpbind\\hasarea");
        else if (which == "enum") m.enum_<TakenSide>("Countable").value("A", TakenSide::a);
    }

    m.class_<Shape>("PhpBind\\Shape")
        .constructor<std::string, int64_t>(arg("kind"), arg("sides") = 0)
        .def<&Shape::area>("area")
        .def<&Shape::describe>("describe")
        .def_static<&Shape::live>("live")
        .property<&Shape::kind>("kind")
        .property<&Shape::sides>("sides");
    m.class_<Rect, Shape>("PhpBind\\Rect")
        .implements("PhpBind\\HasArea")
        .constructor<double, double>(arg("w"), arg("h"))
        .def<&Rect::width>("width");
    m.class_<Square, Rect>("PhpBind\\Square").constructor<double>(arg("side")).def<&Square::side>("side");
    m.class_<Widget, Shape>("PhpBind\\Widget").constructor<>().def<&Widget::get_tag>("tag");
    m.class_<Circle, Shape>("PhpBind\\Circle");
    m.def<&shape_area>("pb_shape_area", arg("shape"));
    m.def<&shape_kind>("pb_shape_kind", arg("shape"));
    m.def<&rect_width>("pb_rect_width", arg("rect"));
    m.def<&grow_rect>("pb_grow_rect", arg("rect"));

    m.class_<Resource>("PhpBind\\Resource")
        .constructor<std::string>(arg("name"))
        .def<&Resource::use>("use")
        .property<&Resource::name>("name")
        .property_readonly<&Resource::uses>("uses")
        .def_static<&Resource::live>("live");
    m.def<&open_resource>("pb_open_resource", arg("name"));
    m.def<&pool_get>("pb_pool_get", arg("name"));
    m.def<&pool_uses>("pb_pool_uses", arg("name"));
    m.def<&pool_drop>("pb_pool_drop", arg("name"));
    m.def<&pool_put>("pb_pool_put", arg("resource"));
    m.def<&shared_square>("pb_shared_square", arg("side"));
    m.def<&shared_area>("pb_shared_area", arg("shape"));

    m.def<&sum_counters>("pb_sum_counters", arg("a"), arg("b"));
    m.def<&bump>("pb_bump", arg("c"));
    m.def<&maybe>("pb_maybe", arg("c"));
    m.def<&make_counter>("pb_make_counter", arg("n"));
}
