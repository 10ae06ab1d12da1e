// tests/ext/values.cpp — semantic wrappers (String, Array, Object, Callable)
// and casters for standard types. Checked by tests/phpt/values/*.phpt.
#include "test_ext.hpp"

#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <ranges>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

// A user type with a caster of its own: a point crosses as ['x' => float, 'y' => float].
struct Point {
    double x = 0, y = 0;
};

template <>
struct php::caster<Point> {
    static constexpr uint32_t type_mask = MAY_BE_ARRAY;
    static constexpr const char* type_name = "array";
    using parsed = zend_array*;
    static bool try_load(zval* z, zend_array*& out) noexcept {
        if (Z_TYPE_P(z) != IS_ARRAY) return false;
        php::ArrayView a(Z_ARR_P(z));
        auto x = a.find("x"), y = a.find("y");
        if (!x || !y || !(x->is_float() || x->is_int()) || !(y->is_float() || y->is_int())) return false;
        out = Z_ARR_P(z);
        return true;
    }
    static bool load(zval* arg, uint32_t num, zend_array*& out, bool) {
        if (try_load(arg, out)) return true;
        zend_argument_type_error(num, "must be a point array{x: float, y: float}, %s given", php::value_name(arg));
        return false;
    }
    static double coord(php::ValueView v) { return v.is_int() ? static_cast<double>(v.as_int()) : v.as_float(); }
    static Point get(zend_array* a) {
        php::ArrayView v(a);
        return Point{coord(*v.find("x")), coord(*v.find("y"))};
    }
    static void to_zval(const Point& p, zval* out) {
        php::Array a;
        a.set("x", p.x).set("y", p.y);
        a.release_into(out);
    }
};

// A caster built on the string caster that refuses what it does not want in
// its own load: a path with no NUL bytes. The quick read of exact strings
// must not bypass it (the base's try_load would accept "a\0b").
struct Path {
    std::string p;
};
template <>
struct php::caster<Path> : php::string_caster_base {
    static bool load(zval* arg, uint32_t num, zend_string*& out, bool nullable) {
        if (!string_caster_base::load(arg, num, out, nullable)) return false;
        if (std::memchr(ZSTR_VAL(out), 0, ZSTR_LEN(out))) {
            zend_argument_value_error(num, "must not contain any null bytes");
            return false;
        }
        return true;
    }
    static Path get(zend_string* s) { return Path{std::string(ZSTR_VAL(s), ZSTR_LEN(s))}; }
};

// A caster that declares the quick read but whose try_load refuses what its
// write_parsed writes (odd numbers): a broken promise, reported as an Error
// instead of coercing the same argument forever.
struct Even {
    int64_t v;
};
template <>
struct php::caster<Even> : php::caster<int64_t> {
    using quick_try_load = caster;
    static bool try_load(zval* z, zend_long& out) noexcept { return caster<int64_t>::try_load(z, out) && out % 2 == 0; }
    static Even get(zend_long v) noexcept { return Even{v}; }
};

namespace {

// ---- Array ---------------------------------------------------------------------
php::Array build_array() {
    php::Array a;
    a.push_back(1).push_back("two").set("key", 3.5).set(10, true).set("5", "numeric string key");
    a.push_back(nullptr);  // next index after 10
    return a;
}

std::string describe(php::ArrayView a) {
    std::string out = "size=" + std::to_string(a.size()) + (a.is_list() ? " list" : " map") + ":";
    for (auto [key, value] : a) {
        out += " " + (key.is_string() ? "'" + key.to_string() + "'" : key.to_string()) + "=>" + value.type_name();
    }
    return out;
}

// Copy-on-write: writing to our copy must not change the caller's array.
php::Array cow_write(php::ArrayView a) {
    php::Array copy = a.own();
    copy.set("added", 1);
    copy.erase(0);
    return copy;
}

std::string lookups(php::ArrayView a) {
    std::string out;
    out += a.contains("name") ? "has name;" : "no name;";
    out += a.contains(0) ? "has 0;" : "no 0;";
    if (auto v = a.find("name")) out += "name=" + std::string(v->is_string() ? v->as_string() : "?") + ";";
    try {
        a.at("missing");
    } catch (const php::out_of_bounds_exception& e) {
        out += std::string("at: ") + e.what() + ";";
    }
    return out;
}

int64_t sum_ints(php::ArrayView a) {
    int64_t s = 0;
    for (auto [k, v] : a)
        if (v.is_int()) s = checked_add(s, v.as_int());
    return s;
}

php::Array erase_and_clear(php::Array a, std::string_view key) {
    bool erased = a.erase(key);
    php::Array out;
    out.set("erased", erased).set("size_after", static_cast<int64_t>(a.size()));
    a.clear();
    out.set("size_cleared", static_cast<int64_t>(a.size()));
    return out;
}

// ---- String --------------------------------------------------------------------
php::String str_append(php::String s, std::string_view suffix) {
    php::String copy = s;  // shares the payload
    copy += suffix;  // separates; `s` is unchanged
    return s.str() == copy.str() ? php::String("not separated") : copy;
}
bool str_equal(php::StringView a, php::StringView b) { return a == b; }
int64_t str_hash_equal(php::StringView a, php::StringView b) { return a.hash() == b.hash(); }

// ---- Object --------------------------------------------------------------------
php::Array inspect_object(php::ObjectView o) {
    php::Array out;
    out.set("class", std::string(o.class_name()));
    out.set("is_countable", o.instance_of("Countable"));
    out.set("is_unknown", o.instance_of("No\\Such\\ClassName"));
    out.set("name", o.get("name"));
    o.set("touched", true);
    return out;
}

php::Value object_method(php::Object o, std::string_view method, int64_t arg) { return o.call(method, arg); }

// ---- Callables -----------------------------------------------------------------
php::Value invoke(php::CallableView f, php::ValueView arg) { return f(arg); }
php::Value invoke_owned(php::Callable f, int64_t a, int64_t b) {
    php::Callable copy = f;
    return copy(a, b);
}
std::string callable_from_value(php::ValueView v) {
    try {
        php::CallableView c(v);
        return "callable";
    } catch (const php::type_error& e) {
        return e.what();
    }
}

// ---- Casters -------------------------------------------------------------------
std::vector<int64_t> vec_double(std::vector<int64_t> v) {
    for (auto& x : v) x = checked_mul(x, 2);
    return v;
}
std::vector<std::string> vec_strings(const std::vector<std::string>& v) {
    std::vector<std::string> out;
    for (const auto& s : v) out.push_back("<" + s + ">");
    return out;
}
std::vector<double> vec_floats(std::vector<double> v) { return v; }
// Vectors of numbers are read and written with unrolled loops (one type test
// per element, a slow path for references, coercions and range errors).
std::vector<int32_t> vec_i32(std::vector<int32_t> v) { return v; }
std::vector<uint8_t> vec_u8(std::vector<uint8_t> v) { return v; }
std::vector<float> vec_f32(std::vector<float> v) { return v; }
std::map<std::string, int64_t> map_count(const std::vector<std::string>& words) {
    std::map<std::string, int64_t> m;
    for (const auto& w : words) ++m[w];
    return m;
}
std::map<int64_t, std::string> map_invert(const std::map<std::string, int64_t>& m) {
    std::map<int64_t, std::string> out;
    for (const auto& [k, v] : m) out[v] = k;
    return out;
}
int64_t umap_total(const std::unordered_map<std::string, int64_t>& m) {
    int64_t t = 0;
    for (const auto& [k, v] : m) t = checked_add(t, v);
    return t;
}
std::map<uint8_t, bool> map_small_keys(std::map<uint8_t, bool> m) { return m; }
std::pair<std::string, int64_t> pair_swap(std::pair<int64_t, std::string> p) { return {p.second, p.first}; }
std::tuple<int64_t, double, std::string> tuple_echo(std::tuple<int64_t, double, std::string> t) { return t; }
std::variant<int64_t, std::string> variant_next(std::variant<int64_t, std::string> v) {
    if (auto* i = std::get_if<int64_t>(&v)) return checked_add(*i, 1);
    return std::get<std::string>(v) + "+";
}
std::string variant_kind(std::variant<double, bool> v) {
    return std::holds_alternative<double>(v) ? "float:" + std::to_string(std::get<double>(v))
                                             : std::string("bool:") + (std::get<bool>(v) ? "true" : "false");
}
// Union twins: each returns what it was given, so a test compares the
// value's type and content with a userland function of the same union.
template <class... T>
std::variant<T...> union_echo(std::variant<T...> v) {
    return v;
}
std::vector<int64_t> map_with(std::function<int64_t(int64_t)> f, std::vector<int64_t> v) {
    for (auto& x : v) x = f(x);
    return v;
}
std::optional<std::vector<int64_t>> opt_vec(std::optional<std::vector<int64_t>> v) { return v; }
// A sized range view is returned as a list, filled without an intermediate container.
auto squares(int64_t n) {
    if (n < 0) throw php::argument_value_error(1, "must be greater than or equal to 0");
    return index_view(n, [](int64_t i) { return i * i; });
}
auto words_view() {
    static const std::string words[] = {"alpha", "beta", "gamma"};
    return std::views::all(words);
}
Point point_mid(Point a, Point b) { return Point{(a.x + b.x) / 2, (a.y + b.y) / 2}; }
int64_t path_len(Path p) { return static_cast<int64_t>(p.p.size()); }
int64_t path_len2(Path p, int64_t times) { return checked_mul(static_cast<int64_t>(p.p.size()), times); }
int64_t even_half(Even e) { return e.v / 2; }
// Sizes the engine cannot hold: each must be refused before anything is
// allocated (nothing here allocates the n elements or bytes it claims).
int64_t max_array_size() { return static_cast<int64_t>(php::max_array_size); }
php::Array array_with_capacity(int64_t n) { return php::Array::with_capacity(static_cast<size_t>(n)); }
// Views claiming more bytes than a PHP string can hold; never read.
std::string_view string_too_long() { return std::string_view("x", ZSTR_MAX_LEN + 1); }
php::String string_ctor_too_long() { return php::String(std::string_view("x", ZSTR_MAX_LEN + 1)); }
php::String string_append_too_long() {
    php::String s("ab");
    s.append(std::string_view("x", ZSTR_MAX_LEN - 1));
    return s;
}
// Nested containers: a wrong element is named by its key path.
template <class C>
int64_t count_of(const C& c) {
    return static_cast<int64_t>(c.size());
}
int64_t vec_vec(const std::vector<std::vector<int64_t>>& v) {
    int64_t n = 0;
    for (const auto& inner : v) n += count_of(inner);
    return n;
}
int64_t vec3(const std::vector<std::vector<std::vector<std::string>>>& v) { return count_of(v); }
int64_t map_vec(const std::map<std::string, std::vector<int64_t>>& m) { return count_of(m); }
int64_t vec_map(const std::vector<std::map<std::string, double>>& v) { return count_of(v); }
int64_t map_map(const std::map<int64_t, std::map<uint8_t, bool>>& m) { return count_of(m); }
int64_t vec_pair(const std::vector<std::pair<int64_t, std::string>>& v) { return count_of(v); }
int64_t tuple_vec(const std::tuple<std::string, std::vector<int64_t>>& t) { return count_of(std::get<1>(t)); }
int64_t vec_opt_vec(const std::vector<std::optional<std::vector<int64_t>>>& v) { return count_of(v); }
int64_t vec_variant(const std::vector<std::variant<int64_t, std::vector<int64_t>>>& v) { return count_of(v); }
std::vector<Point> points(int64_t n) {
    std::vector<Point> out;
    for (int64_t i = 0; i < n; ++i) out.push_back(Point{static_cast<double>(i), static_cast<double>(i * i)});
    return out;
}

// A recursive builder returning mixed, as a decoder writes one: php::Array, php::Object and
// php::String become php::Value, moved (the reference handed over) or copied (one more).
php::Value value_tree(int64_t depth, php::ValueView leaf) {
    if (depth <= 0) {
        if (leaf.is_null()) return php::String("leaf");  // a String moved in
        return php::Value(leaf);
    }
    php::Array level;
    php::Value child = value_tree(depth - 1, leaf);
    level.push_back(child);
    php::Object box = php::make_object("ArrayObject", level);
    php::Value boxed = box;  // copied: box keeps its reference
    level.push_back(boxed);
    level.set("box_is_same", boxed.view().identical(box));
    php::String label("depth ");
    label.append(std::to_string(depth));
    level.set("label", php::Value(label));  // copied
    return level;  // an Array moved in
}

}  // namespace

void register_values(php::module& m) {
    using php::arg;
    m.def<&build_array>("pb_build_array");
    m.def<&describe>("pb_describe", arg("array"));
    m.def<&cow_write>("pb_cow_write", arg("array"));
    m.def<&lookups>("pb_lookups", arg("array"));
    m.def<&sum_ints>("pb_sum_ints", arg("array"));
    m.def<&erase_and_clear>("pb_erase_and_clear", arg("array"), arg("key"));
    m.def<&str_append>("pb_str_append", arg("s"), arg("suffix"));
    m.def<&str_equal>("pb_str_equal", arg("a"), arg("b"));
    m.def<&str_hash_equal>("pb_str_hash_equal", arg("a"), arg("b"));
    m.def<&inspect_object>("pb_inspect_object", arg("object"));
    m.def<&object_method>("pb_object_method", arg("object"), arg("method"), arg("arg"));
    m.def<&invoke>("pb_invoke", arg("callback"), arg("arg"));
    m.def<&invoke_owned>("pb_invoke_owned", arg("callback"), arg("a"), arg("b"));
    m.def<&callable_from_value>("pb_callable_from_value", arg("value"));
    m.def<&vec_double>("pb_vec_double", arg("values"));
    m.def<&vec_strings>("pb_vec_strings", arg("values"));
    m.def<&vec_floats>("pb_vec_floats", arg("values"));
    m.def<&vec_i32>("pb_vec_i32", arg("values"));
    m.def<&vec_u8>("pb_vec_u8", arg("values"));
    m.def<&vec_f32>("pb_vec_f32", arg("values"));
    m.def<&map_count>("pb_map_count", arg("words"));
    m.def<&map_invert>("pb_map_invert", arg("map"));
    m.def<&umap_total>("pb_umap_total", arg("map"));
    m.def<&map_small_keys>("pb_map_small_keys", arg("map"));
    m.def<&pair_swap>("pb_pair_swap", arg("pair"));
    m.def<&tuple_echo>("pb_tuple_echo", arg("tuple"));
    m.def<&variant_next>("pb_variant_next", arg("value"));
    m.def<&variant_kind>("pb_variant_kind", arg("value"));
    m.def<&union_echo<int64_t, std::string>>("pb_union_int_string", arg("value"));
    m.def<&union_echo<int64_t, double>>("pb_union_int_float", arg("value"));
    m.def<&union_echo<double, std::string>>("pb_union_float_string", arg("value"));
    m.def<&union_echo<int64_t, bool>>("pb_union_int_bool", arg("value"));
    m.def<&union_echo<std::string, bool>>("pb_union_string_bool", arg("value"));
    m.def<&union_echo<double, bool>>("pb_union_float_bool", arg("value"));
    m.def<&union_echo<bool, double, int64_t>>("pb_union_bool_float_int", arg("value"));
    m.def<&union_echo<std::string, double, int64_t>>("pb_union_string_float_int", arg("value"));
    m.def<&union_echo<int64_t, std::vector<int64_t>>>("pb_union_int_array", arg("value"));
    m.def<&map_with>("pb_map_with", arg("callback"), arg("values"));
    m.def<&opt_vec>("pb_opt_vec", arg("values") = std::nullopt);
    m.def<&squares>("pb_squares", arg("n"));
    m.def<&words_view>("pb_words_view");
    m.def<&point_mid>("pb_point_mid", arg("a"), arg("b"));
    m.def<&path_len>("pb_path_len", arg("path"));
    m.def<&path_len2>("pb_path_len2", arg("path"), arg("times"));
    m.def<&even_half>("pb_even_half", arg("n"));
    m.def<&points>("pb_points", arg("n"));
    m.def<&vec_vec>("pb_vec_vec", arg("v"));
    m.def<&vec3>("pb_vec3", arg("v"));
    m.def<&map_vec>("pb_map_vec", arg("m"));
    m.def<&vec_map>("pb_vec_map", arg("v"));
    m.def<&map_map>("pb_map_map", arg("m"));
    m.def<&vec_pair>("pb_vec_pair", arg("v"));
    m.def<&tuple_vec>("pb_tuple_vec", arg("t"));
    m.def<&vec_opt_vec>("pb_vec_opt_vec", arg("v"));
    m.def<&vec_variant>("pb_vec_variant", arg("v"));
    m.def<&max_array_size>("pb_max_array_size");
    m.def<&array_with_capacity>("pb_array_with_capacity", arg("n"));
    m.def<&string_too_long>("pb_string_too_long");
    m.def<&string_ctor_too_long>("pb_string_ctor_too_long");
    m.def<&string_append_too_long>("pb_string_append_too_long");
    m.def<&value_tree>("pb_value_tree", arg("depth"), arg("leaf") = nullptr);
}
