// src/function.cpp — arg info for bound functions.
//
// The engine keeps arg info as long as the module: when a function's arg
// info carries types, zend_register_functions() copies the array shallowly
// and keeps reading `name` and `default_value` (ReflectionParameter, named
// arguments that skip an optional parameter). So both strings and the array
// are owned by the module object, freed with it (docs/memory-model.md).
#include <phpbind/module.hpp>
#include "internal.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {

std::string lowercase(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(c)));
    return out;
}

std::optional<std::string> optional_string(const char* s) { return s ? std::optional<std::string>(s) : std::nullopt; }

// The function or method registered for `handler` under the lowercase name `lc`: a module
// function in the function table, a method in a class this module registered.
zend_function* find_registered(zif_handler handler, const std::string& lc, bool method, int module_number) {
    auto mine = [&](zend_function* f) {
        return f && f->type == ZEND_INTERNAL_FUNCTION && f->internal_function.handler == handler ? f : nullptr;
    };
    if (!method)
        return mine(static_cast<zend_function*>(zend_hash_str_find_ptr(CG(function_table), lc.data(), lc.size())));
    void* ptr;
    ZEND_HASH_MAP_FOREACH_PTR(CG(class_table), ptr) {
        auto* ce = static_cast<zend_class_entry*>(ptr);
        if (ce->type != ZEND_INTERNAL_CLASS || !ce->info.internal.module ||
            ce->info.internal.module->module_number != module_number)
            continue;
        // The declaring class's own entry: a subclass's copy shares its attributes (freed with
        // the declaring class alone, destroy_zend_class()).
        zend_function* f =
            mine(static_cast<zend_function*>(zend_hash_str_find_ptr(&ce->function_table, lc.data(), lc.size())));
        if (f && f->common.scope == ce) return f;
    }
    ZEND_HASH_FOREACH_END();
    return nullptr;
}

// A PHP constant expression for a default value, as a stub would spell it;
// the engine evaluates it for named arguments and Reflection.
std::string php_literal(const zval* z) {
    switch (Z_TYPE_P(z)) {
    case IS_NULL: return "null";
    case IS_FALSE: return "false";
    case IS_TRUE: return "true";
    case IS_LONG: {
        if (Z_LVAL_P(z) == ZEND_LONG_MIN) return "PHP_INT_MIN";
        return std::to_string(Z_LVAL_P(z));
    }
    case IS_DOUBLE: {
        double d = Z_DVAL_P(z);
        if (std::isnan(d)) return "NAN";
        if (std::isinf(d)) return d > 0 ? "INF" : "-INF";
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", d);
        // Prefer the shortest spelling that reads back exactly.
        for (int prec = 1; prec < 17; ++prec) {
            char shorter[64];
            std::snprintf(shorter, sizeof shorter, "%.*g", prec, d);
            if (std::strtod(shorter, nullptr) == d) {
                std::snprintf(buf, sizeof buf, "%s", shorter);
                break;
            }
        }
        std::string s(buf);
        if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
        return s;
    }
    case IS_STRING: {
        std::string_view v(Z_STRVAL_P(z), Z_STRLEN_P(z));
        bool plain = true;
        for (unsigned char c : v) plain = plain && c >= 0x20 && c < 0x7f;
        std::string out;
        if (plain) {
            out += '\'';
            for (char c : v) {
                if (c == '\'' || c == '\\') out += '\\';
                out += c;
            }
            out += '\'';
        } else {
            out += '"';
            for (unsigned char c : v) {
                char esc[8];
                if (c == '"' || c == '\\' || c == '$') {
                    out += '\\';
                    out += static_cast<char>(c);
                } else if (c >= 0x20 && c < 0x7f) {
                    out += static_cast<char>(c);
                } else {
                    std::snprintf(esc, sizeof esc, "\\x%02x", c);
                    out += esc;
                }
            }
            out += '"';
        }
        return out;
    }
    default: return "null";
    }
}

// A declared type as written (php::returns): builtin names, `?T`, `T|U` and at most one class.
// Returns an error text, or "" with mask and class name filled.
std::string parse_declared_type(std::string_view t, uint32_t& mask, std::string& class_name) {
    mask = 0;
    class_name.clear();
    if (t.empty()) return "";
    const bool nullable = t.front() == '?';
    if (nullable) t.remove_prefix(1);
    static constexpr std::pair<std::string_view, uint32_t> builtins[] = {
        {"mixed", MAY_BE_ANY},         {"void", MAY_BE_VOID},     {"never", MAY_BE_NEVER}, {"null", MAY_BE_NULL},
        {"bool", MAY_BE_BOOL},         {"false", MAY_BE_FALSE},   {"true", MAY_BE_TRUE},   {"int", MAY_BE_LONG},
        {"float", MAY_BE_DOUBLE},      {"string", MAY_BE_STRING}, {"array", MAY_BE_ARRAY}, {"object", MAY_BE_OBJECT},
        {"callable", MAY_BE_CALLABLE}, {"static", MAY_BE_STATIC},
    };
    while (true) {
        const size_t bar = t.find('|');
        std::string_view part = t.substr(0, bar);
        std::string lc(part);
        for (char& c : lc) c = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(c)));
        bool found = false;
        for (const auto& [name, bits] : builtins) {
            if (lc == name) {
                mask |= bits;
                found = true;
            }
        }
        if (!found) {
            if (part.empty() || part.find_first_of(" ?&()") != std::string_view::npos) {
                // (Appended, not "'" + std::string: GCC 12 warns wrongly of overlapping copies
                // in operator+(const char*, std::string&&) at -O3, -Werror=restrict.)
                std::string what = "'";
                what.append(part).append("' is not a type");
                return what;
            }
            if (!class_name.empty()) return "more than one class in a union is not supported";
            class_name = part.starts_with('\\') ? part.substr(1) : part;
        }
        if (bar == std::string_view::npos) break;
        t.remove_prefix(bar + 1);
    }
    if (nullable) {
        if (mask & (MAY_BE_NULL | MAY_BE_VOID | MAY_BE_NEVER) || mask == MAY_BE_ANY)
            return "'?' on a type that cannot take it";
        mask |= MAY_BE_NULL;
    }
    return "";
}

}  // namespace

void typed_ref_type_error(uint32_t num, uint32_t mask, const char* class_name, zval* value) {
    // The type as the arg info spells it (zend_type_to_string), as ZPP's errors do.
    zend_string* s = class_name ? nullptr : zend_type_to_string(zend_type{nullptr, mask});
    std::string spelled = class_name ? ((mask & MAY_BE_NULL) ? "?" : "") + std::string(class_name)
                                     : std::string(ZSTR_VAL(s), ZSTR_LEN(s));
    if (s) zend_string_release(s);
    zend_argument_type_error(num, "must be of type %s, %s given", spelled.c_str(), detail::value_name(value));
}

void deprecate_function(module& m, const function_record& r, const char* fname) {
    detail::module_access::at_startup(m,
                                      [handler = r.handler, lc = lowercase(fname), method = r.methods != nullptr,
                                       message = optional_string(r.deprecation->message),
                                       since = optional_string(r.deprecation->since)](int module_number) {
                                          // A method's class registered before this runs: class_<T> queues its registration first.
                                          if (zend_function* f = find_registered(handler, lc, method, module_number))
                                              add_deprecated_attribute(f, message ? message->c_str() : nullptr,
                                                                       since ? since->c_str() : nullptr);
                                      });
}

bool register_function(module& m, const function_record& r) {
    const std::string fn(r.name);
    const param_info* params = r.params;
    const size_t n = r.n;
    zval* new_defaults = r.defaults;
    zval* data_defaults = r.state->defaults;
    // Required parameters are those before the first default (or the variadic).
    uint32_t req = static_cast<uint32_t>(n);
    for (size_t i = 0; i < n; ++i) {
        if (params[i].has_default || params[i].is_variadic) {
            req = static_cast<uint32_t>(i);
            break;
        }
    }
    for (size_t i = req; i < n; ++i) {
        if (!params[i].has_default && !params[i].is_variadic) {
            m.add_error("function " + fn + "(): parameter #" + std::to_string(i + 1) +
                        " has no default value but follows an optional parameter");
            return false;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (params[i].untyped && (params[i].type_mask & MAY_BE_ANY) != MAY_BE_ANY) {
            m.add_error("function " + fn + "(): parameter #" + std::to_string(i + 1) +
                        " is declared untyped but its C++ type does not take every value (take a php::ValueView "
                        "or php::Value)");
            return false;
        }
    }
    // The return type: the C++ result's, or the one declared as written.
    uint32_t return_mask = r.return_mask;
    std::string return_class = r.return_class ? r.return_class : "";
    if (r.declared_return) {
        uint32_t declared = 0;
        std::string declared_class;
        std::string bad = parse_declared_type(r.declared_return->type, declared, declared_class);
        if (bad.empty() && (declared != 0 || !declared_class.empty())) {
            // Every value the C++ result can be must satisfy the declaration (the engine's debug
            // builds check each return against it): a class admits objects, trusted to be
            // instances (a debug engine verifies it).
            uint32_t produced = r.return_mask & ~(MAY_BE_STATIC);
            if (r.return_class) produced |= MAY_BE_OBJECT;
            if ((produced & MAY_BE_VOID) && !(declared & MAY_BE_VOID))
                produced = (produced & ~MAY_BE_VOID) | MAY_BE_NULL;
            const uint32_t admitted = declared | (declared_class.empty() ? 0 : MAY_BE_OBJECT) |
                ((declared & MAY_BE_STATIC) ? MAY_BE_OBJECT : 0);
            if (bad.empty() && (produced & ~admitted) != 0) {
                std::string cpp;
                if (r.return_mask & MAY_BE_ANY & ~MAY_BE_OBJECT || !r.return_class) {
                    zend_string* t = zend_type_to_string(zend_type{nullptr, r.return_mask & ~MAY_BE_STATIC});
                    cpp.assign(ZSTR_VAL(t), ZSTR_LEN(t));
                    zend_string_release(t);
                }
                if (r.return_class) cpp = r.return_class + (cpp.empty() ? "" : "|" + cpp);
                bad = "it does not admit every value of the C++ result's type (" + cpp + ")";
            }
        }
        if (!bad.empty()) {
            m.add_error("function " + fn + "(): declared return type '" + r.declared_return->type + "': " + bad);
            return false;
        }
        return_mask = declared;
        return_class = declared_class;
#ifdef _ZEND_IS_TENTATIVE_BIT
        if (r.declared_return->is_tentative) return_mask |= _ZEND_IS_TENTATIVE_BIT;
#endif
    }
    if (r.state->bound) {
        // The same callable bound again: the defaults are the handler's, so
        // they must agree (the required count follows from them).
        bool same = true;
        for (size_t i = 0; same && i < n; ++i) {
            same = Z_TYPE(data_defaults[i]) == Z_TYPE(new_defaults[i]) &&
                (Z_TYPE(new_defaults[i]) == IS_UNDEF || zend_is_identical(&data_defaults[i], &new_defaults[i]));
        }
        if (!same) {
            m.add_error("function " + fn +
                        "(): this C++ function is already bound with other default values; wrap it in a "
                        "lambda to bind it again");
            return false;
        }
    } else {
        r.state->bound = true;
        for (size_t i = 0; i < n; ++i) ZVAL_COPY_VALUE(&data_defaults[i], &new_defaults[i]);
    }

    auto info = std::make_unique<zend_internal_arg_info[]>(n + 1);
    // Slot 0 describes the function: required count and return type.
    info[0].name = reinterpret_cast<const char*>(static_cast<uintptr_t>(req));
    // A class name travels as a C string; the engine interns it when it
    // registers the function (zend_register_functions).
    info[0].type = !return_class.empty() ? zend_type{const_cast<char*>(detail::module_access::keep(m, return_class)),
                                                     return_mask | PHPBIND_ARGINFO_CLASS_NAME_BIT}
                                         : zend_type{nullptr, return_mask};
    info[0].default_value = nullptr;
    for (size_t i = 0; i < n; ++i) {
        const param_info& p = params[i];
        std::string pname = p.name ? std::string(p.name) : "arg" + std::to_string(i);
        info[i + 1].name = detail::module_access::keep(m, pname);
        const uint32_t mask =
            (p.untyped ? 0 : p.type_mask) | _ZEND_ARG_INFO_FLAGS(p.by_ref ? 1u : 0u, p.is_variadic, 0);
        info[i + 1].type = p.class_name && !p.untyped
            ? zend_type{const_cast<char*>(detail::module_access::keep(m, p.class_name)),
                        mask | PHPBIND_ARGINFO_CLASS_NAME_BIT}
            : zend_type{nullptr, mask};
        info[i + 1].default_value =
            p.has_default && !p.hide_default ? detail::module_access::keep(m, php_literal(&new_defaults[i])) : nullptr;
    }
    if (stub_metadata* s = detail::module_access::stub_metadata(m)) record_stub_function(*s, r);
    zend_function_entry fe{};
    fe.fname = detail::module_access::keep(m, fn);
    fe.handler = r.handler;
    fe.arg_info = info.get();
    fe.num_args = static_cast<uint32_t>(n);
    fe.flags = r.flags;
    if (r.deprecation) {
        fe.flags |= ZEND_ACC_DEPRECATED;
        r.deprecate(m, r, fe.fname);
    }
    if (r.methods) {
        r.methods->push_back(fe);
        detail::module_access::keep_arginfo(m, std::move(info));
    } else {
        detail::module_access::add_function(m, fe, std::move(info));
    }
    return true;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
