// tests/ext/heap.cpp — php::Heap, the persistent heap: named data and object
// graphs kept across requests. Checked by tests/phpt/heap/*.phpt.
#include "test_ext.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace {

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
    m.def<&heap_put>("pb_heap_put", arg("key"), arg("value"), arg("ttl") = 0);
    m.def<&heap_get>("pb_heap_get", arg("key"));
    m.def<&heap_remove>("pb_heap_remove", arg("key"));
    m.def<&heap_has>("pb_heap_has", arg("key"));
    m.def<&heap_keys>("pb_heap_keys");
    m.def<&heap_stats>("pb_heap_stats", arg("key") = nullptr);
    m.def<&heap_destroy>("pb_heap_destroy");
}
