// src/exceptions.cpp — raising PHP throwables from C++ exceptions.
#include <phpbind/exceptions.hpp>

PHPBIND_NAMESPACE_BEGIN

void throwable::raise() const {
    detail::raise(php_class(), message_.data(), message_.size(), code_);
}

void argument_value_error::raise() const { zend_argument_error(php_class(), num_, "%s", what()); }
void argument_type_error::raise() const { zend_argument_error(php_class(), num_, "%s", what()); }

namespace detail {

void raise(zend_class_entry* cls, const char* data, size_t len, zend_long code) noexcept {
    // zend_throw_exception() takes a C string; build the object ourselves so a
    // message with NUL bytes survives intact. The properties are declared on
    // Exception or Error, whichever the class derives from.
    zval ex;
    object_init_ex(&ex, cls);
    zend_object* obj = Z_OBJ(ex);
    zend_class_entry* base = zend_get_exception_base(obj);
    zval tmp;
    ZVAL_STRINGL(&tmp, data, len);
    zend_update_property_ex(base, obj, ZSTR_KNOWN(ZEND_STR_MESSAGE), &tmp);
    zval_ptr_dtor(&tmp);
    if (code != 0) {
        ZVAL_LONG(&tmp, code);
        zend_update_property_ex(base, obj, ZSTR_KNOWN(ZEND_STR_CODE), &tmp);
    }
    zend_throw_exception_object(&ex);
}

void raise_current_exception() noexcept {
    try {
        throw;
    } catch (const throwable& e) {
        e.raise();
    } catch (const std::exception& e) {
        const char* what = e.what();
        raise(zend_ce_exception, what, strlen(what), 0);
    } catch (...) {
        static constexpr char msg[] = "Unknown C++ exception";
        raise(zend_ce_exception, msg, sizeof(msg) - 1, 0);
    }
}

} // namespace detail

PHPBIND_NAMESPACE_END
