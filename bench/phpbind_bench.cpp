// bench/phpbind_bench.cpp — the benchmarked functions, bound with phpbind.
//
// Written the way the documentation teaches: plain C++ functions with C++
// types and phpbind's value types, bound with m.def<&fn> and named with
// php::arg, no engine API. Each function has exactly the PHP signature of its
// counterpart in baseline.c; store_detached() and fetch_detached() have no C
// counterpart (they show what detached data costs to hand to PHP). The class
// Counter is a plain C++ struct bound with m.class_<Counter>, its member n a
// native-backed property.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <functional>
#include <numeric>
#include <ranges>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>
#include <version>

namespace {

// add(int $a, int $b): int
int64_t add(int64_t a, int64_t b) { return a + b; }

// strlen2(string $s): int
int64_t strlen2(std::string_view s) { return static_cast<int64_t>(s.size()); }

// sum(array $a): int — the sum of the int elements; anything else is skipped.
int64_t sum(php::ArrayView a) {
    int64_t total = 0;
    for (auto [key, v] : a) {
        if (v.is_int()) total += v.as_int();
    }
    return total;
}

// sum_vec(array $a): int — the same sum, the array converted to a vector first
// (so a non-int element is a TypeError here).
int64_t sum_vec(std::vector<int64_t> a) { return std::accumulate(a.begin(), a.end(), int64_t{0}); }

// make_list(int $n): array — [0, 1, ..., n-1], built the way C++ code builds
// a vector of known size: sized once, then filled.
std::vector<int64_t> make_list(int64_t n) {
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
    std::vector<int64_t> out(static_cast<size_t>(n));
    std::iota(out.begin(), out.end(), int64_t{0});
    return out;
}

// make_list_push(int $n): array — the same list grown with push_back (after
// reserve): the difference from make_list is the cost of push_back itself.
std::vector<int64_t> make_list_push(int64_t n) {
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
    std::vector<int64_t> out;
    out.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) out.push_back(i);
    return out;
}

// make_list_view(int $n): array — the same list, returned as a range view:
// phpbind fills the PHP array from it directly, with no intermediate vector. (Not where the
// standard library has no range adaptors: Emscripten 3.1.6's libc++, bench/wasm.)
#if defined(__cpp_lib_ranges)
auto make_list_view(int64_t n) {
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
    return std::views::iota(int64_t{0}, n);
}
#endif

// make_rows(int $n): array — n rows ['id' => $i, 'name' => one of four names, 'score' => 3 * $i],
// built as a decoder builds nested results: a php::Array per row, filled key by key, appended
// to the list.
php::Array make_rows(int64_t n) {
    static constexpr std::string_view names[] = {"alpha", "beta", "gamma", "delta"};
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
    php::Array rows = php::Array::with_capacity(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        php::Array row = php::Array::with_capacity(3);
        row.set("id", i);
        row.set("name", names[i & 3]);
        row.set("score", 3 * i);
        rows.push_back(std::move(row));
    }
    return rows;
}

// sum_rows(array $rows): int — over the rows that are arrays, the sum of each int 'id' and the
// length of each string 'name': reading nested results back.
int64_t sum_rows(php::ArrayView rows) {
    int64_t total = 0;
    for (auto [key, row] : rows) {
        if (!row.is_array()) continue;
        php::ArrayView r = row.as_array();
        if (auto id = r.find("id"); id && id->is_int()) total += id->as_int();
        if (auto name = r.find("name"); name && name->is_string())
            total += static_cast<int64_t>(name->as_string().size());
    }
    return total;
}

// call_back(callable $f, int $x): mixed — returns $f($x)
php::Value call_back(php::CallableView f, int64_t x) { return f(x); }

// final class Counter { public int $n = 0; public function inc(): int } —
// inc() increments the count and returns the new value; $c->n reads the count.
struct Counter {
    int64_t n = 0;
    int64_t inc() { return ++n; }
};

// Detached data, kept for the life of the process and shared by every request.
struct string_hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
php::Static<std::unordered_map<std::string, php::Persistent, string_hash, std::equal_to<>>> detached_store;

// store_detached(string $key, array $data): void — detaches (deep-copies) $data once.
void store_detached(std::string_view key, php::Array data) {
    php::Persistent p = php::Persistent::detach(php::ValueView(data.raw()), "$data");
    detached_store->insert_or_assign(std::string(key), std::move(p));
}

// fetch_detached(string $key): mixed — the detached array, handed to PHP without
// copying it (null for an unknown key).
php::Persistent fetch_detached(std::string_view key) {
    auto it = detached_store->find(key);
    return it != detached_store->end() ? it->second : php::Persistent();
}

// class Bag implements Countable, ArrayAccess — 64 ints, through native handlers.
struct Bag {
    int64_t items[64];
    Bag() {
        for (int64_t i = 0; i < 64; ++i) items[i] = i;
    }
    int64_t size() const { return 64; }
    bool has(int64_t i) const { return i >= 0 && i < 64; }
    int64_t get(int64_t i) const {
        if (!has(i)) throw php::error("Bag offset out of range");
        return items[i];
    }
    void set(int64_t i, int64_t v) {
        if (!has(i)) throw php::error("Bag offset out of range");
        items[i] = v;
    }
    void unset(int64_t i) { set(i, 0); }
};

}  // namespace

PHPBIND_EXTENSION(phpbind_bench, m) {
    using php::arg;
    m.version("1.0.0");
    m.def<&add>("add", arg("a"), arg("b"));
    m.def<&strlen2>("strlen2", arg("s"));
    m.def<&sum>("sum", arg("a"));
    m.def<&sum_vec>("sum_vec", arg("a"));
    m.class_<Bag>("Bag").final_().countable<&Bag::size>().array_access<&Bag::get, &Bag::set, &Bag::has, &Bag::unset>();
    m.def<&make_list>("make_list", arg("n"));
    m.def<&make_list_push>("make_list_push", arg("n"));
#if defined(__cpp_lib_ranges)
    m.def<&make_list_view>("make_list_view", arg("n"));
#endif
    m.def<&make_rows>("make_rows", arg("n"));
    m.def<&sum_rows>("sum_rows", arg("rows"));
    m.def<&call_back>("call_back", arg("f"), arg("x"));
    m.class_<Counter>("Counter").final_().def<&Counter::inc>("inc").property<&Counter::n>("n");
    m.def<&store_detached>("store_detached", arg("key"), arg("data"));
    m.def<&fetch_detached>("fetch_detached", arg("key"));
}
