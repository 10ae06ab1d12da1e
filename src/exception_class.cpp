// src/exception_class.cpp — bound exception classes: registering them at
// MINIT, and the registry that maps a C++ exception to its class.
#include <phpbind/exception_class.hpp>
#include "internal.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {

// The bound exception types of every module in this binary (phpbind is linked
// statically with hidden visibility, so each extension has its own). Written
// only at MINIT and MSHUTDOWN, which the engine runs on one thread; read at
// the edge of bound functions. Kept in an order where a type always comes
// before the bound types it derives from, so the first match is the most
// derived one.
std::vector<exception_translator> g_translators;

// Whether C++ type `a` derives from (or is) `b`: a thrown `const A*` is
// caught as `const B*` exactly when A* converts to B*, i.e. B is A or an
// unambiguous public base of A ([except.handle]) — the same rule that decides
// whether `catch (const B&)` catches an A.
bool derives(const exception_translator& a, const exception_translator& b) noexcept {
    try {
        a.throw_pointer();
    } catch (...) {
        return b.catches_pointer();
    }
    return false;
}

void add_translator(const exception_translator& t) {
    // After every bound type derived from t, before every type t derives
    // from (those come after the derived ones already); otherwise as early
    // as possible, so among unrelated types the latest binding is tried first.
    size_t pos = 0;
    for (size_t i = 0; i < g_translators.size(); ++i) {
        if (derives(g_translators[i], t)) pos = i + 1;
    }
    g_translators.insert(g_translators.begin() + static_cast<std::ptrdiff_t>(pos), t);
}

void remove_translator(const void* owner, const std::type_info& type) noexcept {
    std::erase_if(g_translators, [&](const exception_translator& t) { return t.owner == owner && *t.type == type; });
}

void remove_translators(const void* owner) noexcept {
    std::erase_if(g_translators, [&](const exception_translator& t) { return t.owner == owner; });
}

// The modules of this binary that bound an exception class (their definitions
// run once per process).
std::vector<const void*> g_binding_modules;

std::string class_name_of(const zend_class_entry* ce) { return std::string(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name)); }

// Registers the class and its translator; throws (failing MINIT with a
// warning naming the module) when the binding cannot work.
void register_exception_class(const std::string& name, exception_translator t,
                              const detail::unique_function<zend_class_entry*(std::string&)>& get_parent) {
    for (const auto& other : g_translators) {
        if (*other.type == *t.type) {
            throw std::runtime_error("exception class " + name + ": C++ type " + demangle(*t.type) +
                                     " is already bound to " + class_name_of(other.ce));
        }
    }
    std::string error;
    zend_class_entry* parent = nullptr;
    try {
        parent = get_parent(error);
    } catch (const std::exception& e) {
        error = std::string("the parent getter threw: ") + e.what();
    } catch (...) {
        error = "the parent getter threw";  // must not unwind into the engine's MINIT loop
    }
    if (!parent) throw std::runtime_error("exception class " + name + ": " + error);
    // zend_do_inheritance() reports these with a compile error, a bailout in
    // the middle of MINIT: refuse them first.
    if (parent->ce_flags & (ZEND_ACC_INTERFACE | ZEND_ACC_TRAIT | ZEND_ACC_ENUM)) {
        throw std::runtime_error("exception class " + name + " cannot extend " + class_name_of(parent) +
                                 ": it is not a class");
    }
    if (parent->ce_flags & ZEND_ACC_FINAL) {
        throw std::runtime_error("exception class " + name + " cannot extend final class " + class_name_of(parent));
    }
    if (!instanceof_function(parent, zend_ce_throwable)) {
        throw std::runtime_error("exception class " + name + " cannot extend " + class_name_of(parent) +
                                 ": it does not implement Throwable");
    }
    if (name.empty()) throw std::runtime_error("exception class: the class name is empty");
    refuse_taken_class_name("exception class", name);

    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, name.c_str(), name.size(), nullptr);
    t.ce = zend_register_internal_class_ex(&ce, parent);
    add_translator(t);
}

}  // namespace

detail::unique_function<zend_class_entry*(std::string&)> exception_parent(const base_named& parent) {
    return [name = parent.name](std::string& error) -> zend_class_entry* {
        // The class table, without autoloading (there is none at MINIT); its keys are lowercase.
        // (Not zend_hash_str_find_ptr_lc: PHP 8.2's zend_hash.h declares it outside extern "C".)
        std::string lc(name.size(), '\0');
        zend_str_tolower_copy(lc.data(), name.data(), name.size());
        auto* ce = static_cast<zend_class_entry*>(zend_hash_str_find_ptr(CG(class_table), lc.data(), lc.size()));
        if (!ce) {
            error = "parent class " + name +
                " is not declared when this module starts (a class of another extension needs that "
                "extension started first: a module dependency)";
        }
        return ce;
    };
}

zend_class_entry* bound_exception_class(const std::type_info& t) noexcept {
    for (const auto& e : g_translators) {
        if (*e.type == t) return e.ce;
    }
    return nullptr;
}

bool translate_bound_exception(bool throwable_only) noexcept {
    for (const auto& t : g_translators) {
        if (throwable_only && !t.is_throwable) continue;
        if (t.translate(t.ce)) return true;
    }
    return false;
}

void bind_exception_class(module& m, std::string_view name, exception_translator t,
                          detail::unique_function<zend_class_entry*(std::string& error)> get_parent) {
    if (std::find(g_binding_modules.begin(), g_binding_modules.end(), &m) == g_binding_modules.end()) {
        g_binding_modules.push_back(&m);
        // Runs first at each MINIT of the module: drops what an earlier engine
        // of this process left when this module's MINIT failed after binding
        // (MSHUTDOWN then never runs, so its entries were not removed).
        detail::module_access::at_startup(m,
                                          [owner = static_cast<const void*>(&m)](int) { remove_translators(owner); });
    }
    detail::module_access::at_startup(m, [name = std::string(name), t, get_parent = std::move(get_parent)](int) {
        register_exception_class(name, t, get_parent);
    });
    // The engine frees the class after every module's MSHUTDOWN; the
    // translator goes first, so nothing can raise the class afterwards (an
    // engine started again in this process registers it anew).
    m.on_shutdown([owner = t.owner, type = t.type] { remove_translator(owner, *type); });
}

}  // namespace detail
PHPBIND_NAMESPACE_END
