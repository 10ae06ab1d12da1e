// src/value.cpp — the compiled half of value.hpp, string.hpp, array.hpp and object.hpp: what
// reads and writes values through the engine (properties, conversions, comparisons, array writes).
#include <phpbind/array.hpp>
#include <phpbind/call.hpp>
#include <phpbind/detail/edge.hpp>
#include <phpbind/object.hpp>
#include <phpbind/string.hpp>
#include <phpbind/value.hpp>

#include <string>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

Value read_property(zend_object* obj, std::string_view name) {
    zend_string* n = zend_string_init(name.data(), name.size(), 0);
    zval rv;
    ZVAL_UNDEF(&rv);
    zval* v = nullptr;
    Value out;
    try {
        // May run __get, or a native read handler.
        into_php([&] {
            v = obj->handlers->read_property(obj, n, BP_VAR_R, nullptr, &rv);
            if (!EG(exception)) ZVAL_COPY_DEREF(out.raw(), v);
        });
    } catch (...) {
        zend_string_release(n);
        if (v == &rv) release_zval(&rv);
        throw;
    }
    zend_string_release(n);
    if (v == &rv) release_zval(&rv);
    return out;
}

void write_property(zend_object* obj, std::string_view name, zval* value) {
    zend_string* n = zend_string_init(name.data(), name.size(), 0);
    try {
        into_php([&] { obj->handlers->write_property(obj, n, value, nullptr); });  // may run __set
    } catch (...) {
        zend_string_release(n);
        throw;
    }
    zend_string_release(n);
}

zval* symtable_lookup(HashTable* ht, std::string_view key) {
    zend_ulong idx;
    if (ZEND_HANDLE_NUMERIC_STR(key.data(), key.size(), idx)) return zend_hash_index_lookup(ht, idx);
    if (zval* z = zend_hash_str_find(ht, key.data(), key.size())) return z;
    zval null;
    ZVAL_NULL(&null);
    return zend_hash_str_add_new(ht, key.data(), key.size(), &null);
}

void integer_out_of_range(long long v) {
    throw value_error(std::to_string(v) + " is out of range for PHP's int (" + std::to_string(ZEND_LONG_MIN) + " to " +
                      std::to_string(ZEND_LONG_MAX) + " on this engine)");
}

bool truthy_guarded(zval* z) {
    bool r = false;
    into_php([&] { r = zend_is_true(z); });
    return r;
}

int compare_guarded(zval* a, zval* b) {
    int r = 0;
    into_php([&] { r = zend_compare(a, b); });
    return r;
}

void throw_missing_key(const std::string& key) { throw out_of_bounds_exception("Undefined array key " + key); }

}  // namespace detail

void Value::assign(ValueView v) {
    zval* slot = &z_;
    // zend_assign_to_variable(): through the reference (a typed one checks the value), the old
    // value released after the new one is in place.
    detail::into_php([&] {
        zend_execute_data* ex = EG(current_execute_data);
        const bool strict = ex && ex->func && ZEND_CALL_USES_STRICT_TYPES(ex);
        zend_assign_to_variable(slot, v.raw(), IS_CV, strict);
    });
}

bool ObjectView::instance_of(std::string_view class_name) const {
    zend_string* n = zend_string_init(class_name.data(), class_name.size(), 0);
    zend_class_entry* ce = zend_lookup_class_ex(n, nullptr, ZEND_FETCH_CLASS_NO_AUTOLOAD);
    zend_string_release(n);
    return ce && instanceof_function(raw()->ce, ce);
}

std::string string_of(ValueView v) {
    zval* z = v.raw();
    if (EXPECTED(Z_TYPE_P(z) == IS_STRING)) return std::string(Z_STRVAL_P(z), Z_STRLEN_P(z));
    zend_string* str = nullptr;
    detail::into_php([&] { str = zval_try_get_string(z); });  // __toString, the array warning
    if (!str) detail::throw_pending_exception();
    std::string out(ZSTR_VAL(str), ZSTR_LEN(str));
    zend_string_release(str);
    return out;
}

Value number_of(ValueView v) {
    zval n;
    ZVAL_COPY(&n, v.raw());
    Value hold = Value::adopt(&n);
    zval* z = hold.view().raw();
    detail::into_php([&] { convert_scalar_to_number(z); });  // an object's cast handler, the warning
    return hold;
}

int64_t int_of(ValueView v) {
    zend_long r = 0;
    detail::into_php([&] { r = zval_get_long(v.raw()); });  // an object's warning
    return r;
}

Value add(ValueView a, ValueView b) {
    zval r;
    ZVAL_UNDEF(&r);
    detail::into_php([&] { add_function(&r, a.raw(), b.raw()); });  // a TypeError stays pending: thrown
    return Value::adopt(&r);
}

Array& Array::set(ValueView key, ValueView value) {
    detail::check_memory();
    HashTable* ht = mut();
    zval* k = key.raw();
    zval* v = value.raw();
    ZVAL_DEREF(k);
    ZVAL_DEREF(v);  // the array holds the value, not a reference
    // Adds its own reference to v; an illegal key leaves a TypeError pending: thrown.
    detail::into_php([&] { (void)array_set_zval_key(ht, k, v); });
    return *this;
}

Array& Array::set(ValueView key, const Value& value) {
    if (!Z_ISREF_P(value.raw())) return set(key, value.view());
    detail::check_memory();
    HashTable* ht = mut();
    zval* k = key.raw();
    zval* v = const_cast<zval*>(value.raw());
    detail::into_php([&] { (void)array_set_zval_key(ht, k, v); });
    return *this;
}

void Array::next_key_taken() { throw error("Cannot add element to the array as the next element is already occupied"); }

PHPBIND_NAMESPACE_END
