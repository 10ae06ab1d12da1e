// src/stl.cpp — the out-of-line parts of the standard-library casters.
#include <phpbind/stl.hpp>
#include "internal.hpp"

#include <deque>

#include <string>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

void element_fault::enter(const ArrayKey& key) {
    if (!key.is_string()) {
        keys.push_back(std::to_string(key.as_int()));
        return;
    }
    // Built by appending: GCC 12 at -O3 misreads "'" + std::string(...) as an
    // overlapping copy (-Wrestrict).
    std::string quoted;
    std::string_view text = key.as_string();
    quoted.reserve(text.size() + 2);
    quoted.push_back('\'');
    quoted.append(text);
    quoted.push_back('\'');
    keys.push_back(std::move(quoted));
}

std::string fault_message(const char* container, const element_fault& f) {
    std::string msg = std::string("must be of type ") + container + ", ";
    // One key as it was always printed ("at key 3"); a path of keys as the
    // subscripts that reach the element ("at key [0]['name']").
    std::string where;
    if (f.keys.size() == 1) {
        where = f.keys[0];
    } else {
        for (const std::string& k : f.keys) where += "[" + k + "]";
    }
    if (f.bad_key) return msg + "key " + where + " is not allowed";
    msg += f.given + " given";
    if (!f.keys.empty()) msg += " at key " + where;
    return msg;
}

void raise_fault(uint32_t num, const char* container, const element_fault& f) {
    zend_argument_type_error(num, "%s", fault_message(container, f).c_str());
}

std::string list_shape_given(zend_array* ht, size_t expected) {
    uint32_t n = zend_hash_num_elements(ht);
    if (n != expected) return "array of " + std::to_string(n) + (n == 1 ? " element" : " elements");
    return "array that is not a list";
}

void abandon_packed_fill(zend_array* ht, uint32_t filled) noexcept {
    ht->nNumUsed = filled;
    ht->nNumOfElements = filled;
    ht->nNextFreeElement = filled;
    zend_array_destroy(ht);
}

void abandon_packed_fill_oom(zend_array* ht, uint32_t filled) {
    abandon_packed_fill(ht, filled);
    throw_memory_exhausted();
}

void abandon_table(zend_array* ht) {
    zend_array_destroy(ht);  // uninitialised: only the HashTable itself
    throw_memory_exhausted();
}

namespace {
// The names built by union_type_name(), one per variant type, kept until the
// extension is unloaded (free_type_names). A list allocated on first use:
// names are built during static initialisation, in no particular order.
std::deque<std::string>* type_names = nullptr;
}  // namespace

const char* union_type_name(std::initializer_list<const char*> names, uint32_t) {
    if (!type_names) type_names = new std::deque<std::string>();
    std::string& s = type_names->emplace_back();
    for (const char* n : names) {
        if (!s.empty()) s += '|';
        s += n;
    }
    return s.c_str();
}

void free_type_names() noexcept {
    delete type_names;
    type_names = nullptr;
}

void union_type_error(uint32_t num, uint32_t mask, zval* arg) {
    // The engine's own spelling of the union, as Reflection shows it.
    zend_string* t = zend_type_to_string(zend_type{nullptr, mask});
    zend_argument_type_error(num, "must be of type %s, %s given", ZSTR_VAL(t), detail::value_name(arg));
    zend_string_release(t);
}

// The engine's own coercion for a union's scalar types, in place: weak mode
// tries int, float, string, bool (zend_verify_weak_scalar_type_hint, which
// raises the same deprecations, and calls __toString); strict mode only
// widens int to float. is_internal_arg is false: an internal argument is
// only verified there in debug builds, and null is refused as for userland.
bool coerce_scalar_union(zval* arg, uint32_t mask) {
    if (Z_TYPE_P(arg) == IS_NULL) return false;
    return zend_verify_scalar_type_hint(mask, arg, ZEND_ARG_USES_STRICT_TYPES(), false);
}

}  // namespace detail
PHPBIND_NAMESPACE_END
