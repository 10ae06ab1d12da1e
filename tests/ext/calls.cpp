// tests/ext/calls.cpp — calling PHP from C++, and errors crossing both ways:
// PHP exceptions, fatal errors (bailouts) and exit(). Checked by
// tests/phpt/calls/*.phpt.
#include "test_ext.hpp"

#include <ext/json/php_json.h>  // (included by phpbind already, with C linkage)

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

// Counts live instances, so tests can prove every C++ destructor ran.
struct counted {
    static inline int64_t alive = 0;
    static inline int64_t destroyed = 0;
    std::string payload = std::string(64, 'x');  // owns heap memory: a skipped destructor leaks
    counted() { ++alive; }
    counted(const counted&) : counted() {}
    ~counted() {
        --alive;
        ++destroyed;
    }
};

php::Array counters() {
    php::Array a;
    a.set("alive", counted::alive).set("destroyed", counted::destroyed);
    return a;
}

// ---- calling by name, typed results, by reference -----------------------------------
php::Value call_by_name(std::string_view fn, php::ValueView a) { return php::call(fn, a); }
int64_t call_strlen(std::string_view s) { return php::call<int64_t>("strlen", s); }
std::string call_typed_wrong() {
    try {
        return std::to_string(php::call<int64_t>("str_repeat", "ab", 2));
    } catch (const php::type_error& e) {
        return e.what();
    }
}
std::string call_missing() {
    try {
        php::call("pb_no_such_function_anywhere");
        return "called";
    } catch (const php::error& e) {
        return e.what();
    }
}
php::Array call_sort(php::Array a) {
    php::call("sort", php::ref(a));
    return a;
}
int64_t call_by_ref_int(php::CallableView f, int64_t start) {
    int64_t v = start;
    f(php::ref(v));
    return v;
}
php::Value call_static_method(std::string_view cls, std::string_view method, php::ValueView arg) {
    return php::call_static(cls, method, arg);
}
php::Object make(std::string_view cls, php::ValueView arg) { return php::make_object(cls, arg); }
int64_t function_handle(int64_t times) {
    php::Function abs_fn("abs");
    int64_t total = 0;
    for (int64_t i = 0; i < times; ++i) total += abs_fn.call<int64_t>(-i);
    return total;
}
php::Value call_eight(php::CallableView f) { return f(1, 2.5, "three", true, nullptr, php::Array(), int64_t{7}, "8"); }

// ---- PHP exceptions crossing C++ ------------------------------------------------------
// Catches what the callback throws, inspects it, and reports.
php::Array catch_exception(php::CallableView f) {
    counted guard;
    php::Array out;
    try {
        f();
        out.set("caught", false);
    } catch (const php::error_already_set& e) {
        out.set("caught", true);
        out.set("class", std::string(e.class_name()));
        out.set("message", e.message());
        out.set("code", e.code());
        out.set("is_runtime", e.matches(spl_ce_RuntimeException));
        out.set("what", std::string(e.what()));
    }
    return out;
}

// Lets it escape: the same PHP object reaches the caller.
php::Value let_escape(php::CallableView f) {
    counted guard;
    std::vector<counted> more(3);
    return f();
}

// Catches, then throws a C++ exception of its own: the PHP caller sees ours.
php::Value translate(php::CallableView f) {
    try {
        return f();
    } catch (const php::error_already_set& e) {
        throw php::runtime_exception("translated: " + e.message());
    }
}

// ---- fatal errors and exit() --------------------------------------------------------------
// `catch (const std::exception&)` must not stop exit() or a fatal error.
php::Value guarded_call(php::CallableView f) {
    counted guard;
    std::string local(100, 'y');
    try {
        return f();
    } catch (const std::exception& e) {
        std::printf("std::exception caught: %s\n", e.what());
        return php::Value("caught");
    }
}

// Nesting: C++ calls PHP, which may call back into C++ (pb_nest) again.
php::Value nest(php::CallableView f, int64_t depth) {
    counted guard;
    return f(depth);
}

// ---- one callable called again and again (CallableView::repeat) ----------------------------
// Calls f($value, $index) for each value; `mode` picks what the steps do:
// "map" collects every result, "until" stops at the first false result,
// "drop" leaves every result to repeat() to release, "call-result" calls
// each result (a callable) from the `take` step, "next-throws" and
// "take-throws" throw a C++ exception from a step at index 2, "catch-std"
// stops what repeat() throws at `catch (const std::exception&)` (which must
// not stop exit() or a fatal error). Every C++ object counts itself: after a
// failure, pb_counters() shows that each destructor ran.
php::Array repeat_calls(php::CallableView f, php::ArrayView values, std::string_view mode) {
    counted guard;
    std::vector<php::Value> in;
    std::vector<php::Value> indexes;
    for (auto [k, v] : values) {
        in.push_back(v.own());
        indexes.push_back(php::Value(static_cast<int64_t>(indexes.size())));
    }
    std::vector<php::Value> out;
    std::vector<counted> held;  // grows with each call: all of it must be released however the loop ends
    std::size_t i = 0;
    auto next = [&](php::repeat_args<2>& a) {
        if (i >= in.size()) return false;
        if (mode == "next-throws" && i == 2) throw php::value_error("next() refused index 2");
        held.emplace_back();
        a.set(0, in[i]);
        a.set(1, indexes[i]);
        ++i;
        return true;
    };
    auto take = [&](php::Value&& r) {
        if (mode == "take-throws" && i == 3) throw php::runtime_exception("take() refused index 2");
        if (mode == "until" && r.view().is_bool() && !r.view().truthy()) return false;
        if (mode == "call-result") out.push_back(php::CallableView(r.view())());  // PHP run by a step
        else if (mode != "drop") out.push_back(std::move(r));
        return true;
    };
    try {
        f.repeat<2>(next, take);
    } catch (const std::exception& e) {
        if (mode != "catch-std") throw;
        std::printf("std::exception caught: %s\n", e.what());
    }
    php::Array result;
    for (auto& v : out) result.push_back(v);
    result.set("calls", static_cast<int64_t>(i));
    return result;
}

// ---- call results read with the weak rules (php::weak<T>) ------------------------------
// tests/phpt/calls/weak_results.phpt holds each to a userland closure
// declaring the same return type, in a file without strict_types.
php::Value weak_result(std::string_view type, php::CallableView f) {
    if (type == "string") return f.call<php::weak<std::string>>();
    if (type == "int") return f.call<php::weak<int64_t>>();
    if (type == "float") return f.call<php::weak<double>>();
    if (type == "bool") return f.call<php::weak<bool>>();
    if (type == "?int") {
        std::optional<int64_t> r = f.call<php::weak<std::optional<int64_t>>>();
        return r ? php::Value(*r) : php::Value(nullptr);
    }
    // A narrow integer, weak and strict.
    if (type == "u8") return f.call<php::weak<uint8_t>>();
    if (type == "strict u8") return f.call<uint8_t>();
    throw php::argument_value_error(1, "must be one of string, int, float, bool, ?int, u8, strict u8");
}

// ---- the engine's own API leaves an exception pending: php::throw_if_pending() ------------
// php_json_decode_ex() with JSON_THROW_ON_ERROR reports bad input by
// leaving a JsonException pending, as many of the engine's C functions do.
php::Value json_decode_raw(std::string_view json) {
    zval out;
    ZVAL_UNDEF(&out);
    php_json_decode_ex(&out, json.data(), json.size(), PHP_JSON_OBJECT_AS_ARRAY | PHP_JSON_THROW_ON_ERROR, 512);
    php::Value result = php::Value::adopt(&out);
    zend_object* pending = EG(exception);
    try {
        php::throw_if_pending();
    } catch (const php::error_already_set& e) {
        // The very object the engine raised, handed back to PHP when rethrown.
        if (e.object() == pending && e.class_name() == "JsonException" && e.code() == 4) throw;  // JSON_ERROR_SYNTAX
        throw php::runtime_exception("not the pending exception: " + e.message());
    }
    if (pending) throw php::runtime_exception("throw_if_pending() did not throw");
    return result;
}

}  // namespace

// php::iterate, php::string_of, php::number_of, php::add, ValueView::compare
// (tests/phpt/calls/iterate_and_convert.phpt).
php::Array iterate_pairs(php::ValueView iterable, int64_t stop_at) {
    php::Array out;
    int64_t n = 0;
    const bool walked = php::iterate(iterable, [&](php::ValueView k, php::ValueView v) {
        if (n++ == stop_at) throw php::runtime_exception("stopped at element " + std::to_string(stop_at));
        php::Array pair;
        pair.push_back(k);
        pair.push_back(v);
        out.push_back(std::move(pair));
    });
    if (!walked) throw php::invalid_argument_exception(std::string("not iterable: ") + iterable.type_name());
    return out;
}
// Array::set(ValueView key, ValueView value): PHP's key rules
// (tests/phpt/calls/array_set_offset.phpt). pairs: a list of [key, value].
php::Array set_offsets(php::ArrayView pairs) {
    php::Array out;
    for (auto [i, pair] : pairs) {
        if (!pair.is_array() || !pair.as_array().contains(zend_long{0}) || !pair.as_array().contains(zend_long{1})) {
            throw php::value_error("pb_set_offsets(): each element must be a [key, value] pair");
        }
        out.set(pair.as_array().at(zend_long{0}), pair.as_array().at(zend_long{1}));
    }
    return out;
}
std::string string_of_value(php::ValueView v) { return php::string_of(v); }
php::Value number_of_value(php::ValueView v) { return php::number_of(v); }
php::Value add_values(php::ValueView a, php::ValueView b) { return php::add(a, b); }
int64_t compare_values(php::ValueView a, php::ValueView b) { return a.compare(b); }

// ---- methods named at compile time -------------------------------------------------
// php::method<"Describe">: the same lookup as o.call("Describe") (case-insensitive,
// __call with the name as written, visibility from the calling scope, the same
// errors), without string work per call.
php::Value call_describe(php::ObjectView o, php::ValueView arg) { return o.call(php::method<"Describe">, arg); }
php::Value call_describe_by_string(php::ObjectView o, php::ValueView arg) { return o.call("Describe", arg); }
int64_t call_describe_times(php::Object o, int64_t times) {
    int64_t total = 0;
    for (int64_t i = 0; i < times; ++i) total += o.call<int64_t>(php::method<"count">);
    return total;
}
php::Value call_hidden(php::ObjectView o) { return o.call(php::method<"hidden">); }

void register_calls(php::module& m) {
    m.def<&call_describe>("pb_call_describe", php::arg("object"), php::arg("arg"));
    m.def<&call_describe_by_string>("pb_call_describe_by_string", php::arg("object"), php::arg("arg"));
    m.def<&call_describe_times>("pb_call_count_times", php::arg("object"), php::arg("times"));
    m.def<&call_hidden>("pb_call_hidden", php::arg("object"));
    m.def<&iterate_pairs>("pb_iterate_pairs", php::arg("iterable"), php::arg("stop_at") = -1);
    m.def<&set_offsets>("pb_set_offsets", php::arg("pairs"));
    m.def<&string_of_value>("pb_string_of", php::arg("value"));
    m.def<&number_of_value>("pb_number_of", php::arg("value"));
    m.def<&add_values>("pb_add_values", php::arg("a"), php::arg("b"));
    m.def<&compare_values>("pb_compare_values", php::arg("a"), php::arg("b"));
    m.def<&weak_result>("pb_weak_result", php::arg("type"), php::arg("f"));
    m.def<&json_decode_raw>("pb_json_decode_raw", php::arg("json"));
    using php::arg;
    m.def<&counters>("pb_counters");
    m.def<&call_by_name>("pb_call_by_name", arg("function"), arg("arg"));
    m.def<&call_strlen>("pb_call_strlen", arg("s"));
    m.def<&call_typed_wrong>("pb_call_typed_wrong");
    m.def<&call_missing>("pb_call_missing");
    m.def<&call_sort>("pb_call_sort", arg("array"));
    m.def<&call_by_ref_int>("pb_call_by_ref_int", arg("callback"), arg("start"));
    m.def<&call_static_method>("pb_call_static", arg("class"), arg("method"), arg("arg"));
    m.def<&make>("pb_make_object", arg("class"), arg("arg"));
    m.def<&function_handle>("pb_function_handle", arg("times"));
    m.def<&call_eight>("pb_call_eight", arg("callback"));
    m.def<&catch_exception>("pb_catch_exception", arg("callback"));
    m.def<&let_escape>("pb_let_escape", arg("callback"));
    m.def<&translate>("pb_translate", arg("callback"));
    m.def<&guarded_call>("pb_guarded_call", arg("callback"));
    m.def<&nest>("pb_nest", arg("callback"), arg("depth"));
    m.def<&repeat_calls>("pb_repeat", arg("callback"), arg("values"), arg("mode") = "map");
}
