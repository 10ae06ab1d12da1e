// src/caster.cpp — the out-of-line (cold) halves of the built-in casters.
//
// Each slow path defers to the engine's own zend_parse_arg_*_slow(), which
// applies weak-mode coercion, strict_types, and the "Passing null to
// parameter" deprecation exactly as ZPP does; on failure it raises the error
// ZEND_PARSE_PARAMETERS_END would raise, via zend_wrong_parameter_type_error()
// (which itself stays quiet when an exception is already pending).
#include <phpbind/caster.hpp>

#include <vector>

#include <cstring>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {
// Z_EXPECTED_X_OR_NULL directly follows Z_EXPECTED_X in zend_expected_type.
zend_expected_type expected(zend_expected_type base, bool nullable) {
    return static_cast<zend_expected_type>(base + (nullable ? 1 : 0));
}
}  // namespace

void wrong_type(uint32_t num, zend_expected_type base, bool nullable, zval* arg) {
    zend_wrong_parameter_type_error(num, expected(base, nullable), arg);
}

bool load_long_slow(zval* arg, uint32_t num, zend_long& out, bool nullable) {
    if (zend_parse_arg_long_slow(arg, &out, num)) return true;
    zend_wrong_parameter_type_error(num, expected(Z_EXPECTED_LONG, nullable), arg);
    return false;
}

bool load_double_slow(zval* arg, uint32_t num, double& out, bool nullable) {
    if (zend_parse_arg_double_slow(arg, &out, num)) return true;
    zend_wrong_parameter_type_error(num, expected(Z_EXPECTED_DOUBLE, nullable), arg);
    return false;
}

bool load_bool_slow(zval* arg, uint32_t num, bool& out, bool nullable) {
    if (zend_parse_arg_bool_slow(arg, &out, num)) return true;
    zend_wrong_parameter_type_error(num, expected(Z_EXPECTED_BOOL, nullable), arg);
    return false;
}

bool load_string_slow(zval* arg, uint32_t num, zend_string*& out, bool nullable) {
    if (zend_parse_arg_str_slow(arg, &out, num)) return true;
    zend_wrong_parameter_type_error(num, expected(Z_EXPECTED_STRING, nullable), arg);
    return false;
}

void integer_range_error(uint32_t num, long long min, unsigned long long max) {
    if (max == static_cast<unsigned long long>(ZEND_LONG_MAX)) {
        zend_argument_value_error(num, "must be greater than or equal to %lld", min);
    } else {
        zend_argument_value_error(num, "must be between %lld and %llu", min, max);
    }
}

namespace {
[[noreturn]] void return_overflow(const std::string& digits) {
    // Called inside the running handler: name the function as PHP's own errors do.
    throw arithmetic_error(std::string(get_active_function_name()) + "(): Return value " + digits +
                           " is out of range for type int");
}
}  // namespace

void integer_return_overflow(unsigned long long value) { return_overflow(std::to_string(value)); }
void integer_return_overflow(long long value) { return_overflow(std::to_string(value)); }

void array_too_large(size_t n) {
    throw value_error("An array of " + std::to_string(n) + " elements exceeds the maximum array size (" +
                      std::to_string(max_array_size) + " elements)");
}

void huge_string_to_zval(std::string_view v, zval* out) {
    check_string_size(v.size());
    zend_string* s = string_alloc(v.size());
    if (!s) throw_memory_exhausted();
    memcpy(ZSTR_VAL(s), v.data(), v.size());
    ZSTR_VAL(s)[v.size()] = '\0';
    ZVAL_NEW_STR(out, s);
}

void string_too_long(size_t n) {
    throw value_error("A string of " + std::to_string(n) + " bytes exceeds the maximum string size (" +
                      std::to_string(max_string_size) + " bytes)");
}

void string_append_too_long(size_t len, size_t add) {
    throw value_error("Appending " + std::to_string(add) + " bytes to a string of " + std::to_string(len) +
                      " bytes exceeds the maximum string size (" + std::to_string(max_string_size) + " bytes)");
}

zend_string* immortal_string(std::string_view s) {
    check_string_size(s.size());
    zend_string* str = zend_string_init(s.data(), s.size(), /*persistent=*/1);
    zend_string_hash_val(str);
    // Interned strings are never refcounted nor freed by the engine; a
    // persistent one may be read from every request (opcache marks its
    // shared-memory strings the same way).
    GC_TYPE_INFO(str) = GC_STRING | ((IS_STR_INTERNED | IS_STR_PERSISTENT) << GC_FLAGS_SHIFT);
    return str;
}

namespace {
// Per extension (phpbind is linked into each one with hidden visibility).
// Allocated on first use and freed by free_registration_strings() only, so
// no static destructor can run before the extension's unload frees it.
std::vector<zend_string*>* registration_strings = nullptr;
}  // namespace

zend_string* registration_string(std::string_view s) {
    zend_string* str = immortal_string(s);
    if (!registration_strings) registration_strings = new std::vector<zend_string*>();
    registration_strings->push_back(str);
    return str;
}

void free_registration_strings() noexcept {
    if (!registration_strings) return;
    for (zend_string* s : *registration_strings) pefree(s, 1);
    delete registration_strings;
    registration_strings = nullptr;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
