// tests/ext/heap.cpp — php::Heap, the persistent heap: named data and object
// graphs kept across requests. Checked by tests/phpt/heap/*.phpt.
#include "test_ext.hpp"
#include <phpbind/heap.hpp>

#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Bound classes the heap copies: with a copy constructor, with heap_clone(),
// and ones it refuses (not copyable; holding request memory).
struct Sample {
    static inline int64_t live = 0;  // C++ objects alive
    static inline bool fail_copies = false;  // the next copies throw
    std::string label;
    std::vector<double> values;
    Sample(std::string l, std::vector<double> v) : label(std::move(l)), values(std::move(v)) { ++live; }
    Sample(const Sample& o) : label(o.label), values(o.values) {
        if (fail_copies) throw std::runtime_error("Sample: copying failed");
        ++live;
    }
    ~Sample() { --live; }
    double sum() const {
        double t = 0;
        for (double v : values) t += v;
        return t;
    }
    void add(double v) { values.push_back(v); }
    static int64_t alive() { return live; }
    static void fail(bool on) { fail_copies = on; }
};
struct Unique {
    std::unique_ptr<int64_t> n = std::make_unique<int64_t>(7);
    std::unique_ptr<Unique> heap_clone() const {
        auto u = std::make_unique<Unique>();
        *u->n = *n;
        return u;
    }
    int64_t get() const { return *n; }
    void set(int64_t v) { *n = v; }
};
struct Uncopyable {
    std::unique_ptr<int64_t> n;
};
struct HoldsValue {
    php::Value v;
};

php::Static<php::Heap> g_heap;

void heap_put(std::string_view key, php::ValueView value, int64_t ttl) { g_heap->put(key, value, "$root", ttl); }
std::optional<php::Value> heap_get(std::string_view key) { return g_heap->get(key); }
bool heap_remove(std::string_view key) { return g_heap->remove(key); }
bool heap_has(std::string_view key) { return g_heap->contains(key); }
std::vector<std::string> heap_keys() { return g_heap->keys(); }
void heap_destroy() { g_heap->destroy(); }

std::map<std::string, int64_t> stats_array(const php::heap_stats& s) {
    return {{"keys", static_cast<int64_t>(s.keys)},
            {"objects", static_cast<int64_t>(s.objects)},
            {"strings", static_cast<int64_t>(s.strings)},
            {"arrays", static_cast<int64_t>(s.arrays)},
            {"bytes", static_cast<int64_t>(s.bytes)},
            {"retired", static_cast<int64_t>(s.retired)},
            {"retired_bytes", static_cast<int64_t>(s.retired_bytes)}};
}
std::optional<std::map<std::string, int64_t>> heap_stats(std::optional<std::string_view> key) {
    if (!key) return stats_array(g_heap->stats());
    if (auto s = g_heap->stats(*key)) return stats_array(*s);
    return std::nullopt;
}

}  // namespace

void register_heap(php::module& m) {
    using php::arg;
    m.class_<Sample>("PhpBind\\Heap\\Sample")
        .constructor<std::string, std::vector<double>>(arg("label"), arg("values"))
        .property<&Sample::label>("label")
        .def<&Sample::sum>("sum")
        .def<&Sample::add>("add", arg("value"))
        .def_static<&Sample::alive>("alive")
        .def_static<&Sample::fail>("failCopies", arg("on"));
    m.class_<Unique>("PhpBind\\Heap\\Unique")
        .constructor<>()
        .def<&Unique::get>("get")
        .def<&Unique::set>("set", arg("n"));
    m.class_<Uncopyable>("PhpBind\\Heap\\Uncopyable").constructor<>();
    m.class_<HoldsValue>("PhpBind\\Heap\\HoldsValue").constructor<>();
    m.def<&heap_put>("pb_heap_put", arg("key"), arg("value"), arg("ttl") = 0);
    m.def<&heap_get>("pb_heap_get", arg("key"));
    m.def<&heap_remove>("pb_heap_remove", arg("key"));
    m.def<&heap_has>("pb_heap_has", arg("key"));
    m.def<&heap_keys>("pb_heap_keys");
    m.def<&heap_stats>("pb_heap_stats", arg("key") = nullptr);
    m.def<&heap_destroy>("pb_heap_destroy");
}
