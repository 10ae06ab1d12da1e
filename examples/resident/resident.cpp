// examples/resident — the persistent heap for PHP code: Resident\Heap keeps
// values and object graphs across requests in one process (php-fpm worker,
// the built-in server, a worker loop), handed back without copying.
//
//   $routes = Resident\Heap::fetchOrCompute('routes', fn() => build_routes(), ttl: 300);
//
// An APCu-like API over php::Heap (docs/heap.md): put, get, has, remove,
// fetchOrCompute, keys, stats, clear. The heap is an arena mapped at module
// startup, before php-fpm forks its workers, so every worker sees the same
// keys and hands out the same memory (resident.arena_size; 0: each process
// its own heap). A phpinfo() section with live figures; a typed exception for
// every refusal.
#include <phpbind/phpbind.hpp>
#include <phpbind/heap.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

php::ini<int64_t> arena_size;
php::Static<std::unique_ptr<php::Heap>> heap;

// The base of the extension's exceptions; the heap's own C++ exception types
// are bound to its subclasses below.
struct heap_exception : std::runtime_error {
    using std::runtime_error::runtime_error;
};

php::Heap& the_heap() {
    if (!*heap) throw php::error("Resident\\Heap is not available: the extension did not start");
    return **heap;
}

void check_key(std::string_view key) {
    if (key.empty()) throw php::argument_value_error(1, "must not be empty");
}

struct Heap {
    static void put(std::string_view key, php::ValueView value, int64_t ttl) {
        check_key(key);
        if (ttl < 0) throw php::argument_value_error(3, "must be greater than or equal to 0");
        the_heap().put(key, value, "$value", ttl);
    }
    static php::Value get(std::string_view key, php::ValueView fallback) {
        check_key(key);
        if (auto v = the_heap().get(key)) return std::move(*v);
        return fallback.own();
    }
    static bool has(std::string_view key) {
        check_key(key);
        return the_heap().contains(key);
    }
    static bool remove(std::string_view key) {
        check_key(key);
        return the_heap().remove(key);
    }
    static php::Value fetch_or_compute(std::string_view key, php::CallableView compute, int64_t ttl) {
        check_key(key);
        if (ttl < 0) throw php::argument_value_error(3, "must be greater than or equal to 0");
        if (auto v = the_heap().get(key)) return std::move(*v);
        php::Value computed = compute();
        the_heap().put(key, computed, "$value", ttl);
        // What later requests will get: the stored form (immutable data, rebuilt objects).
        if (auto v = the_heap().get(key)) return std::move(*v);
        return computed;  // expired already (a TTL shorter than the call)
    }
    static std::vector<std::string> keys() { return the_heap().keys(); }
    static std::optional<std::map<std::string, int64_t>> stats(std::optional<std::string_view> key) {
        auto figures = [](const php::heap_stats& s, bool total) {
            std::map<std::string, int64_t> out{{"objects", static_cast<int64_t>(s.objects)},
                                               {"strings", static_cast<int64_t>(s.strings)},
                                               {"arrays", static_cast<int64_t>(s.arrays)},
                                               {"bytes", static_cast<int64_t>(s.bytes)}};
            if (total) {
                out["keys"] = static_cast<int64_t>(s.keys);
                out["retired"] = static_cast<int64_t>(s.retired);
                out["retired_bytes"] = static_cast<int64_t>(s.retired_bytes);
                out["capacity"] = static_cast<int64_t>(s.capacity);
                out["available"] = static_cast<int64_t>(s.available);
            }
            return out;
        };
        if (!key) return figures(the_heap().stats(), true);
        if (auto s = the_heap().stats(*key)) return figures(*s, false);
        return std::nullopt;
    }
    static void clear() { the_heap().destroy(); }
};

}  // namespace

PHPBIND_EXTENSION(resident, m) {
    using php::arg;
    m.version("0.1.0");
    arena_size = m.ini<int64_t>("resident.arena_size", 64 * 1024 * 1024, PHP_INI_SYSTEM)
                     .range(0, INT64_MAX);  // 0: a heap per process, in its own memory
    m.exception<heap_exception>("Resident\\HeapException", php::base<php::runtime_exception>);
    m.exception<php::heap_unstorable>("Resident\\UnstorableValueException", php::base<heap_exception>);
    m.exception<php::heap_class_mismatch>("Resident\\ClassMismatchException", php::base<heap_exception>);
    m.exception<php::heap_full>("Resident\\HeapFullException", php::base<heap_exception>);
    m.class_<Heap>("Resident\\Heap")
        .doc("Values and object graphs kept across requests, handed back without copying.")
        .def_static<&Heap::put>("put", arg("key"), arg("value"), arg("ttl") = 0)
        .def_static<&Heap::get>("get", arg("key"), arg("default") = nullptr)
        .def_static<&Heap::has>("has", arg("key"))
        .def_static<&Heap::remove>("remove", arg("key"))
        .def_static<&Heap::fetch_or_compute>("fetchOrCompute", arg("key"), arg("compute"), arg("ttl") = 0)
        .def_static<&Heap::keys>("keys")
        .def_static<&Heap::stats>("stats", arg("key") = nullptr)
        .def_static<&Heap::clear>("clear");
    // Module startup runs before php-fpm (or any pre-forking server) forks:
    // the arena is mapped once, at one address in every worker.
    m.on_startup([] {
        const auto bytes = static_cast<size_t>(arena_size.get());
        *heap = bytes ? php::Heap::fork_shared(bytes) : std::make_unique<php::Heap>();
    });
    // Outside any request: a process heap frees every value here; each process
    // unmaps the arena, which goes with the last one.
    m.on_shutdown([] { heap->reset(); });
    m.info([](php::info_table& t) {
        if (!*heap) return;
        php::heap_stats s = (*heap)->stats();
        t.row("Memory",
              (*heap)->is_fork_shared() ? "fork-shared arena of " + std::to_string(s.capacity) + " bytes, " +
                      std::to_string(s.available) + " free"
                                        : std::string("this process's own"));
        t.row("Keys", std::to_string(s.keys));
        t.row("Bytes", std::to_string(s.bytes));
        t.row("Objects", std::to_string(s.objects));
        t.row("Strings", std::to_string(s.strings));
        t.row("Arrays", std::to_string(s.arrays));
        t.row("Retired (freed when no request can see them)",
              std::to_string(s.retired) + " values, " + std::to_string(s.retired_bytes) + " bytes");
    });
}
