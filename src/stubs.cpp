// src/stubs.cpp — what only phpbind knows about a module's declarations, for
// the stub generator (cmake/phpbind-stubgen.php).
//
// Reflection shows the engine's view of an extension: names, types, defaults,
// by-reference and variadic parameters, classes, constants. It cannot show
// doc comments of internal functions (before PHP 8.4) nor the element types
// phpbind checks (array<string,int>). When PHPBIND_STUB_METADATA names a
// directory, each module records those while it registers, and writes them
// as <dir>/<module>.json once its MINIT is done; otherwise nothing is recorded.
#include <phpbind/module.hpp>
#include "internal.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <map>
#include <unordered_map>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

struct stub_metadata {
    // Copies of the doc texts: a binding may pass a string that does not
    // outlive its registration.
    struct param_meta {
        std::string doc;
        std::string (*phpdoc)();
    };
    struct function_meta {
        std::string doc;
        std::string (*return_phpdoc)();
        std::vector<param_meta> params;
    };
    struct type_meta {
        std::string doc;
        std::map<std::string, function_meta> methods;  // by lower-case name
    };
    std::string dir;
    std::map<std::string, function_meta> functions;  // by lower-case name
    std::map<std::string, type_meta> types;  // by lower-case name
    std::unordered_map<const std::vector<zend_function_entry>*, std::string> scopes;  // method table -> type
};

void delete_stub_metadata(stub_metadata* s) noexcept { delete s; }

stub_metadata* new_stub_metadata_if_asked() {
    const char* dir = std::getenv("PHPBIND_STUB_METADATA");
    if (!dir || !*dir) return nullptr;
    auto* s = new stub_metadata;
    s->dir = dir;
    return s;
}

namespace {

std::string lower(std::string_view v) {
    std::string out(v);
    for (char& c : out) c = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(c)));
    if (!out.empty() && out[0] == '\\') out.erase(0, 1);
    return out;
}

}  // namespace

void record_stub_function(stub_metadata& s, const function_record& r) {
    stub_metadata::function_meta f{r.doc ? r.doc : "", r.return_phpdoc, {}};
    for (size_t i = 0; i < r.n; ++i) f.params.push_back({r.params[i].doc ? r.params[i].doc : "", r.params[i].phpdoc});
    if (!r.methods) {
        s.functions[lower(r.name)] = std::move(f);
        return;
    }
    auto scope = s.scopes.find(r.methods);
    if (scope != s.scopes.end()) s.types[scope->second].methods[lower(r.name)] = std::move(f);
}

void record_stub_type(stub_metadata& s, std::string_view name, const std::vector<zend_function_entry>* methods) {
    s.scopes[methods] = lower(name);
    s.types.try_emplace(lower(name));
}

void record_stub_doc(stub_metadata& s, std::string_view name, const char* doc) {
    s.types[lower(name)].doc = doc ? doc : "";
}

namespace {

void json_string(std::string& out, std::string_view v) {
    out += '"';
    for (unsigned char c : v) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        default:
            if (c < 0x20) {
                char esc[8];
                std::snprintf(esc, sizeof esc, "\\u%04x", c);
                out += esc;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    out += '"';
}

void json_nullable(std::string& out, const std::string& v) {
    if (!v.empty()) json_string(out, v);
    else out += "null";
}

void json_phpdoc(std::string& out, std::string (*f)()) {
    if (f) json_string(out, f());
    else out += "null";
}

void json_functions(std::string& out, const std::map<std::string, stub_metadata::function_meta>& fns) {
    out += '{';
    bool first = true;
    for (const auto& [name, f] : fns) {
        if (!first) out += ',';
        first = false;
        json_string(out, name);
        out += ":{\"doc\":";
        json_nullable(out, f.doc);
        out += ",\"return\":";
        json_phpdoc(out, f.return_phpdoc);
        out += ",\"params\":[";
        for (size_t i = 0; i < f.params.size(); ++i) {
            if (i) out += ',';
            out += "{\"doc\":";
            json_nullable(out, f.params[i].doc);
            out += ",\"type\":";
            json_phpdoc(out, f.params[i].phpdoc);
            out += '}';
        }
        out += "]}";
    }
    out += '}';
}

}  // namespace

namespace {
void write_stub_metadata_or_throw(const stub_metadata& s, const std::string& module_name) {
    std::string out = "{\"module\":";
    json_string(out, module_name);
    out += ",\"functions\":";
    json_functions(out, s.functions);
    out += ",\"classes\":{";
    bool first = true;
    for (const auto& [name, t] : s.types) {
        if (!first) out += ',';
        first = false;
        json_string(out, name);
        out += ":{\"doc\":";
        json_nullable(out, t.doc);
        out += ",\"methods\":";
        json_functions(out, t.methods);
        out += '}';
    }
    out += "}}\n";
    const std::string path = s.dir + "/" + module_name + ".json";
    if (FILE* f = std::fopen(path.c_str(), "w")) {
        std::fwrite(out.data(), 1, out.size(), f);
        std::fclose(f);
    } else {
        zend_error(E_CORE_WARNING, "%s: cannot write the stub metadata to %s", module_name.c_str(), path.c_str());
    }
}
}  // namespace

// Runs inside MINIT, where no C++ exception may reach the engine: a failure
// (memory, a caster's full_type_name() throwing) becomes a startup warning.
void write_stub_metadata(const stub_metadata& s, const std::string& module_name) noexcept {
    try {
        write_stub_metadata_or_throw(s, module_name);
    } catch (const std::exception& e) {
        zend_error(E_CORE_WARNING, "%s: writing the stub metadata failed: %s", module_name.c_str(), e.what());
    }
}

}  // namespace detail

void module::document_type(std::string_view name, const char* doc) {
    if (stub_) detail::record_stub_doc(*stub_, name, doc);
}

void module::declare_type(std::string_view name, const std::vector<zend_function_entry>* methods) {
    if (stub_) detail::record_stub_type(*stub_, name, methods);
}

PHPBIND_NAMESPACE_END
