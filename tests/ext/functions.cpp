// tests/ext/functions.cpp — free functions: every parameter and return kind.
// Checked by tests/phpt/functions/*.phpt.
#include "test_ext.hpp"

#include <cmath>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace {

int64_t add(int64_t a, int64_t b) { return checked_add(a, b); }
int64_t u8(uint8_t x) { return x; }
int64_t i8(int8_t x) { return x; }
int64_t u16(uint16_t x) { return x; }
int64_t i32(int32_t x) { return x; }
int64_t u32(uint32_t x) { return x; }
uint64_t u64(uint64_t x) { return x; }
uint64_t u64_max() { return UINT64_MAX; }
int64_t i64_min() { return INT64_MIN; }
bool negate(bool b) { return !b; }
double scale(double x, double factor) { return x * factor; }
float half(float x) { return x / 2; }
std::string reverse(std::string s) { return std::string(s.rbegin(), s.rend()); }
int64_t view_len(std::string_view s) { return static_cast<int64_t>(s.size()); }
std::string_view view_first_word(std::string_view s) { return s.substr(0, s.find(' ')); }
std::optional<int64_t> opt_int(std::optional<int64_t> x) {
    if (!x) return std::nullopt;
    return checked_mul(*x, 2);
}
std::string opt_str(std::optional<std::string_view> s) { return s ? "got:" + std::string(*s) : "null"; }
std::string type_of(php::ValueView v) { return v.type_name(); }
php::Value identity(php::Value v) { return v; }
php::Value make_value(int64_t kind) {
    switch (kind) {
    case 0: return nullptr;
    case 1: return true;
    case 2: return 42;
    case 3: return 2.5;
    case 4: return "text";
    default: throw php::argument_value_error(1, "must be between 0 and 4");
    }
}
void nothing() {}
std::string join_ints(std::string_view sep, php::variadic<int64_t> nums) {
    std::string out;
    for (int64_t n : nums) {
        if (!out.empty()) out += sep;
        out += std::to_string(n);
    }
    return out;
}
int64_t total_len(php::variadic<std::string_view> parts) {
    int64_t n = 0;
    for (auto p : parts) n += static_cast<int64_t>(p.size());
    return n;
}
std::string types_of(php::variadic<php::ValueView> values) {
    std::string out;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i) out += ",";
        out += values[i].type_name();
    }
    return out;
}
void ref_inc(php::ref<int64_t> x) { *x = checked_add(*x, 1); }
void ref_append(php::ref<std::string> s, std::string_view suffix) { s->append(suffix); }
void ref_set_mixed(php::ref<php::Value> v, int64_t kind) { *v = make_value(kind); }
std::string defaults(int64_t a, double b, std::string_view c, bool d, std::optional<int64_t> e, php::ValueView f,
                     std::optional<std::string> g) {
    return std::to_string(a) + "|" + std::to_string(b) + "|" + std::string(c) + "|" + (d ? "true" : "false") + "|" +
        (e ? std::to_string(*e) : "null") + "|" + f.type_name() + "|" + (g ? *g : "null");
}
std::string ns_hello() { return "namespaced"; }

// Twins of standard functions with the same signatures, so tests can compare
// phpbind's argument handling with the engine's own, case by case.
std::string str_repeat_twin(std::string_view string, int64_t times) {
    if (times < 0) throw php::argument_value_error(2, "must be greater than or equal to 0");
    std::string out;
    out.reserve(string.size() * static_cast<size_t>(times));
    for (int64_t i = 0; i < times; ++i) out += string;
    return out;
}
std::string ucfirst_twin(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}
double sqrt_twin(double num) { return std::sqrt(num); }
// PHP's int (zend_long): 64 bits, or 32 on a 32-bit engine (wasm32).
zend_long intdiv_twin(zend_long num1, zend_long num2) {
    if (num2 == 0) throw php::division_by_zero_error("Division by zero");
    if (num2 == -1 && num1 == ZEND_LONG_MIN)
        throw php::arithmetic_error("Division of PHP_INT_MIN by -1 is not an integer");
    return num1 / num2;
}
// Binding a stateful callable type several times: each binding keeps its own state.
auto make_counter(int64_t start) {
    auto n = std::make_shared<int64_t>(start);
    return [n]() -> int64_t { return ++*n; };
}

int64_t halve(int64_t x) { return x / 2; }

}  // namespace

// Declared as a C stub would declare them (tests/phpt/functions/declared.phpt).
std::string declared_describe(php::ValueView values, std::optional<php::CallableView> callback, std::string_view glue) {
    std::string out = "values: ";
    out += values.is_undef() ? "omitted" : values.type_name();
    out += ", callback: ";
    out += callback ? "given" : "none";
    out += ", glue: '" + std::string(glue) + "'";
    return out;
}
int64_t declared_count(php::variadic<php::ValueView> values) { return static_cast<int64_t>(values.size()); }
php::Value declared_first(php::variadic<php::Value> values) {
    if (values.empty()) throw php::underflow_exception("Unexpected empty state");
    return values[0];
}
// Declared `?Countable`: what it returns must be one (a debug engine checks each return).
std::optional<php::Object> declared_same(std::optional<php::Object> o) {
    if (o && !o->instance_of("Countable")) throw php::argument_type_error(1, "must be Countable");
    return o;
}
php::Value declared_mixed(php::ValueView v) { return v.own(); }
void declared_void() {}
int64_t declared_int(int64_t x) { return x; }
std::string declared_string() { return "s"; }

void register_functions(php::module& m) {
    using php::arg;
    // php::deprecated: the engine's deprecation at each call, Reflection, the 8.4 attribute.
    m.def<&halve>("pb_dep_old", arg("x"), php::deprecated("use pb_add() instead", "2.0"));
    m.def<&halve>("pb_dep_plain", php::deprecated(), arg("x"));
    m.def<&add>("pb_add", arg("a"), arg("b") = 1);
    m.def<&add>("pb_add_alias", arg("a"), arg("b") = 1);
    m.def<&u8>("pb_u8", arg("x"));
    m.def<&i8>("pb_i8", arg("x"));
    m.def<&u16>("pb_u16", arg("x"));
    m.def<&i32>("pb_i32", arg("x"));
    m.def<&u32>("pb_u32", arg("x"));
    m.def<&u64>("pb_u64", arg("x"));
    m.def<&u64_max>("pb_u64_max");
    m.def<&i64_min>("pb_i64_min");
    m.def<&negate>("pb_negate", arg("b"));
    // Documented for the stub (tests/tools/check-stubs.sh); the function's
    // doc stands between the parameters' annotations on purpose.
    m.def<&scale>("pb_scale", arg("x").doc("the value to scale"),
                  php::doc("Multiplies x by factor.\nThe result is a float, even for whole numbers."),
                  arg("factor").doc("the multiplier") = 0.5);
    m.def<&half>("pb_half", arg("x"));
    m.def<&reverse>("pb_reverse", arg("s"));
    m.def<&view_len>("pb_view_len", arg("s"));
    m.def<&view_first_word>("pb_first_word", arg("s"));
    m.def<&opt_int>("pb_opt_int", arg("x"));
    m.def<&opt_str>("pb_opt_str", arg("s") = std::nullopt);
    m.def<&type_of>("pb_type_of", arg("value"));
    m.def<&identity>("pb_identity", arg("value"));
    m.def<&make_value>("pb_make_value", arg("kind"));
    m.def<&nothing>("pb_nothing");
    m.def<&join_ints>("pb_join_ints", arg("separator"), arg("numbers"));
    m.def<&total_len>("pb_total_len", arg("parts"));
    m.def<&types_of>("pb_types_of", arg("values"));
    m.def<&ref_inc>("pb_ref_inc", arg("x"));
    m.def<&ref_append>("pb_ref_append", arg("s"), arg("suffix"));
    m.def<&ref_set_mixed>("pb_ref_set_mixed", arg("target"), arg("kind"));
    m.def<&defaults>("pb_defaults", arg("a") = -5, arg("b") = 1.5, arg("c") = "it's \\ \"q\"", arg("d") = true,
                     arg("e") = nullptr, arg("f") = "x", arg("g") = "tab\there");
    m.def<&str_repeat_twin>("pb_str_repeat", arg("string"), arg("times"));
    m.def<&ucfirst_twin>("pb_ucfirst", arg("string"));
    m.def<&sqrt_twin>("pb_sqrt", arg("num"));
    m.def<&intdiv_twin>("pb_intdiv", arg("num1"), arg("num2"));
    m.def<&ns_hello>("PhpBind\\Test\\hello");
    m.def<&u64>("pb_unnamed");

    // Lambdas: captureless, capturing, and one callable type bound twice.
    m.def("pb_lambda_square", [](int64_t x) { return checked_mul(x, x); }, arg("x"));
    std::string prefix = "pre:";
    m.def("pb_lambda_prefix", [prefix](std::string_view s) { return prefix + std::string(s); }, arg("s"));
    m.def("pb_counter_a", make_counter(0));
    m.def("pb_counter_b", make_counter(100));
    std::function<int64_t(int64_t)> twice = [](int64_t x) { return checked_mul(2, x); };
    std::function<int64_t(int64_t)> thrice = [](int64_t x) { return checked_mul(3, x); };
    m.def("pb_fn_twice", twice, arg("x"));
    m.def("pb_fn_thrice", thrice, arg("x"));

    m.def<&declared_describe>("pb_declared_describe", arg("values").untyped().optional(), arg("callback").optional(),
                              arg("glue").optional("-"), php::returns("string"));
    m.def<&declared_count>("pb_declared_count", arg("values").untyped());
    m.def<&declared_first>("pb_declared_first", php::returns(""), arg("values").untyped());
    m.def<&declared_same>("pb_declared_same", arg("o"), php::returns("?Countable"));
    m.def<&declared_mixed>("pb_declared_tentative", arg("value"), php::returns("mixed").tentative());
    m.def<&declared_void>("pb_declared_void_tentative", php::returns("void").tentative());
    m.def<&declared_int>("pb_declared_union", arg("x"), php::returns("int|string|null"));
    if (std::getenv("PHPBIND_TEST_BAD_DECLARATIONS")) {  // tests/phpt/functions/declared_errors.phpt
        m.def<&declared_int>("pb_bad_untyped", arg("x").untyped());
        m.def<&declared_string>("pb_bad_narrower", php::returns("int"));
        m.def<&declared_mixed>("pb_bad_class", arg("v"), php::returns("Countable"));
        m.def<&declared_int>("pb_bad_nullable", arg("x"), php::returns("?mixed"));
        m.def<&declared_int>("pb_bad_two_classes", arg("x"), php::returns("int|Countable|Traversable"));
        m.def<&declared_int>("pb_bad_syntax", arg("x"), php::returns("int|"));
    }

    m.constant("PB_INT", 42);
    m.constant("PB_FLOAT", 1.25);
    m.constant("PB_STR", "constant string");
    m.constant("PB_BOOL", true);
    m.constant("PB_NULL", nullptr);
    m.constant("PhpBind\\Test\\NS_CONST", "in a namespace");
}
