// src/enum.cpp — registering bound enums, checking their definition, and their error paths.
#include <phpbind/enum.hpp>
#include "internal.hpp"

#include <algorithm>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {

// A PHP label: [a-zA-Z_\x80-\xff][a-zA-Z0-9_\x80-\xff]*
bool is_label(std::string_view s) {
    if (s.empty()) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return zend_tolower_ascii(static_cast<unsigned char>(x)) ==
                   zend_tolower_ascii(static_cast<unsigned char>(y));
           });
}

}  // namespace

bool valid_class_name(std::string_view name) {
    size_t start = 0;
    while (true) {
        const size_t sep = name.find('\\', start);
        if (!is_label(name.substr(start, sep == std::string_view::npos ? std::string_view::npos : sep - start)))
            return false;
        if (sep == std::string_view::npos) return true;
        start = sep + 1;
    }
}

void add_enum_case(module& m, enum_spec& spec, enum_case c) {
    auto fail = [&](const std::string& why) { m.add_error("enum " + spec.name + ": " + why); };
    const std::string& n = c.name;
    // `Foo::class` is the class name, never a constant: PHP rejects such a case.
    if (!is_label(n) || iequals(n, "class")) return fail("case name '" + n + "' is not a valid PHP case name");
    if (spec.backing == IS_UNDEF && c.given != IS_UNDEF) {
        return fail("case " + n +
                    " has a value, but the enum is pure; bind it with php::backed_int or "
                    "php::backed_string");
    }
    if (spec.backing == IS_LONG && c.given != IS_LONG) {
        return fail("case " + n + " needs an int value: the enum is int-backed");
    }
    if (spec.backing == IS_STRING && c.given != IS_STRING) {
        return fail("case " + n + " needs a string value: the enum is string-backed");
    }
    if (c.out_of_range) return fail("case " + n + ": its value is out of PHP's int range");
    for (const enum_case& o : spec.cases) {
        if (o.name == n) return fail("case " + n + " is bound twice");
        // One case per C++ enumerator, so that a C++ value names one case.
        if (o.key == c.key) {
            return fail("case " + n + ": C++ value " + c.key_text + " is already bound to case " + o.name);
        }
        // The engine's own wording (zend_enum_build_backed_enum_table).
        if ((spec.backing == IS_LONG && o.int_value == c.int_value) ||
            (spec.backing == IS_STRING && o.str_value == c.str_value)) {
            return fail("Duplicate value in enum " + spec.name + " for cases " + o.name + " and " + n);
        }
    }
    spec.cases.push_back(std::move(c));
}

void register_enum(enum_spec& spec, enum_runtime& rt) {
    refuse_taken_class_name("enum", spec.name);
    // The engine copies the method table while registering (do_register_internal_class).
    std::vector<zend_function_entry> table(spec.methods);
    table.push_back(zend_function_entry{});
    zend_class_entry* ce = zend_register_internal_enum(spec.name.c_str(), spec.backing, table.data());
    // Final, as an enum declared in PHP is (ReflectionClass::isFinal(), "cannot extend final class").
    ce->ce_flags |= ZEND_ACC_FINAL;

    rt.names.clear();
    rt.keys.clear();
    rt.by_key.clear();
    rt.by_name.clear();
    for (const enum_case& c : spec.cases) {
        // zend_enum_add_case() keeps the name without a reference (in the
        // backed-value table and the case's constant expression): it must be
        // interned. A persistent interned string belongs to the engine's
        // interned string table, which frees it after MSHUTDOWN.
        zend_string* name = zend_string_init_interned(c.name.data(), c.name.size(), 1);
        zval value;
        zval* v = nullptr;
        if (spec.backing == IS_LONG) {
            ZVAL_LONG(&value, c.int_value);
            v = &value;
        } else if (spec.backing == IS_STRING) {
            // The engine takes the value with ZVAL_COPY_VALUE and never
            // releases it; an interned string needs no release either.
            ZVAL_INTERNED_STR(&value, zend_string_init_interned(c.str_value.data(), c.str_value.size(), 1));
            v = &value;
        }
        zend_enum_add_case(ce, name, v);
        const auto index = static_cast<uint32_t>(rt.names.size());
        rt.names.push_back(name);
        rt.keys.push_back(c.key);
        rt.by_key.emplace_back(c.key, index);
        rt.by_name.emplace_back(name, index);
    }
    std::sort(rt.by_key.begin(), rt.by_key.end());
    std::sort(rt.by_name.begin(), rt.by_name.end(),
              [](const auto& a, const auto& b) { return address_below(a.first, b.first); });
    rt.first_key = rt.by_key.empty() ? 0 : rt.by_key.front().first;
    rt.dense = !rt.by_key.empty();
    for (size_t i = 0; rt.dense && i < rt.by_key.size(); ++i) rt.dense = rt.by_key[i].first - rt.first_key == i;
    rt.objects.assign(rt.names.size(), nullptr);
    rt.cache_epoch = ~uint64_t{0};
    rt.ce = ce;
}

void enum_forget_objects(enum_runtime& rt) noexcept {
#ifndef ZTS
    std::fill(rt.objects.begin(), rt.objects.end(), nullptr);
    rt.cache_epoch = ~uint64_t{0};
#else
    (void)rt;  // no cache (enum_case_object)
#endif
}

zend_object* enum_case_object_slow(enum_runtime& rt, uint32_t i) {
    // Case objects are created lazily, once per request, when the case
    // constant is first evaluated: zend_enum_get_case() evaluates it.
    zend_object* o = zend_enum_get_case(rt.ce, rt.names[i]);
#ifndef ZTS
    const request_state& s = state();
    if (s.in_request) {
        if (rt.cache_epoch != s.epoch) {
            std::fill(rt.objects.begin(), rt.objects.end(), nullptr);
            rt.cache_epoch = s.epoch;
        }
        rt.objects[i] = o;
    }
#endif
    return o;
}

int32_t enum_case_index_slow(const enum_runtime& rt, zend_object* obj) noexcept {
    zval* name = OBJ_PROP_NUM(obj, 0);
    if (Z_TYPE_P(name) != IS_STRING) return -1;
    for (size_t i = 0; i < rt.names.size(); ++i) {
        if (zend_string_equals(rt.names[i], Z_STR_P(name))) return static_cast<int32_t>(i);
    }
    return -1;
}

void enum_wrong_arg(uint32_t num, const char* name, bool nullable, zval* arg) {
    if (!name) name = "enum";
    if (nullable) zend_wrong_parameter_class_or_null_error(num, name, arg);
    else zend_wrong_parameter_class_error(num, name, arg);
}

void throw_enum_unbound(const std::type_info& t) {
    throw error("C++ enum type " + demangle(t) + " is not bound to a PHP enum: bind it with enum_<E> first");
}

void throw_enum_no_case(const enum_runtime& rt, const std::type_info& t, const std::string& value) {
    if (!rt.ce) throw_enum_unbound(t);
    throw error("C++ value " + value + " of " + demangle(t) + " has no case in enum " + ZSTR_VAL(rt.ce->name));
}

namespace {
std::string bad_object_message(zend_object* obj) {
    return std::string("Case object of enum ") + ZSTR_VAL(obj->ce->name) + " has no C++ enumerator";
}
}  // namespace

void throw_enum_bad_object(zend_object* obj) { throw error(bad_object_message(obj)); }

void enum_bad_object_error(zend_object* obj) { zend_throw_error(nullptr, "%s", bad_object_message(obj).c_str()); }

}  // namespace detail
PHPBIND_NAMESPACE_END
