// src/exceptions.cpp — raising PHP throwables from C++ exceptions.
#include <phpbind/detail/edge.hpp>

#include <cxxabi.h>

#include <cstdlib>

PHPBIND_NAMESPACE_BEGIN

std::string detail::demangle(const std::type_info& t) {
    int status = 0;
    char* name = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
    std::string out = status == 0 && name ? name : t.name();
    std::free(name);
    return out;
}

void throwable::raise() const { detail::raise(php_class(), message_.data(), message_.size(), code_); }

void argument_value_error::raise() const { zend_argument_error(php_class(), num_, "%s", what()); }
void argument_type_error::raise() const { zend_argument_error(php_class(), num_, "%s", what()); }

namespace {
std::string read_string_property(zend_object* ex, zend_string* name) {
    zval rv;
    zval* v = zend_read_property_ex(zend_get_exception_base(ex), ex, name, /*silent=*/1, &rv);
    std::string out;
    if (v && Z_TYPE_P(v) == IS_STRING) out.assign(Z_STRVAL_P(v), Z_STRLEN_P(v));
    return out;
}
}  // namespace

error_already_set::error_already_set(zend_object* ex) noexcept : ex_(ex) {
    try {
        message_ = read_string_property(ex, ZSTR_KNOWN(ZEND_STR_MESSAGE));
        what_ = std::string(class_name()) + ": " + message_;
    } catch (...) {}
    zval rv;
    zval* c = zend_read_property_ex(zend_get_exception_base(ex), ex, ZSTR_KNOWN(ZEND_STR_CODE), 1, &rv);
    if (c && Z_TYPE_P(c) == IS_LONG) code_ = Z_LVAL_P(c);
}

error_already_set::error_already_set(const error_already_set& o) noexcept
    : std::exception(o), ex_(o.ex_), message_(o.message_), what_(o.what_), code_(o.code_) {
    GC_ADDREF(ex_);
}

error_already_set::~error_already_set() { OBJ_RELEASE(ex_); }

void error_already_set::restore() const noexcept {
    GC_ADDREF(ex_);
    zend_throw_exception_internal(ex_);
}

void script_exit::restore() const noexcept {
    GC_ADDREF(unwind_);
    zend_throw_exception_internal(unwind_);
}

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

void raise_current_exception(unsigned entry) noexcept {
    try {
        throw;
    } catch (const fatal_error&) {
        // the edge resumes the bailout
    } catch (const memory_exhausted& e) {
        // Nothing to raise: the condition is recorded (by the engine, or by phpbind's refusal,
        // which the edge turns into the engine's fatal error), and the fatal error follows once
        // the handler returns. (Thrown by hand with nothing recorded: an Error.)
        if (!oom_pending()) raise(zend_ce_error, e.what(), strlen(e.what()), 0);
    } catch (const script_exit& e) {
        // Handed back to the engine by the edge that owns it; an edge
        // entered while it was already on its way leaves it to that one.
        if (!(entry & unwind_state::exit)) {
            unwinding.pending &= ~unwind_state::exit;
            e.restore();
        }
    } catch (const error_already_set& e) {
        e.restore();
    } catch (const throwable& e) {
        // A type bound with module::exception<E> may derive from any of
        // these; its own class wins over the generic mapping.
        if (!translate_bound_exception(/*throwable_only=*/true)) e.raise();
    } catch (const std::exception& e) {
        if (!translate_bound_exception(false)) {
            const char* what = e.what();
            raise(zend_ce_exception, what, strlen(what), 0);
        }
    } catch (...) {
        if (!translate_bound_exception(false)) {
            static constexpr char msg[] = "Unknown C++ exception";
            raise(zend_ce_exception, msg, sizeof(msg) - 1, 0);
        }
    }
}

void throw_pending_exception() {
    // Take our own reference, then let the engine clear its state: this also
    // restores the opline of a user frame the exception was rethrown into.
    zend_object* ex = EG(exception);
    GC_ADDREF(ex);
    zend_clear_exception();
    throw_exception_object(ex);
}

void throw_exception_object(zend_object* ex) {
    if (zend_is_unwind_exit(ex) || zend_is_graceful_exit(ex)) {
        unwinding.pending |= unwind_state::exit;  // until its edge hands it back (see detail/edge.hpp)
        throw script_exit(ex);
    }
    throw error_already_set(ex);
}

void throw_fatal_error() { throw fatal_error(); }

void throw_memory_exhausted() { throw memory_exhausted(); }

}  // namespace detail

PHPBIND_NAMESPACE_END
