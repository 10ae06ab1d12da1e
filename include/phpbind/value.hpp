// phpbind/value.hpp — the mixed value types: a borrowed view and an owned value.
//
//   php::ValueView  borrowed, request-scoped: no refcount traffic, trivially
//                   copyable; the default parameter type for `mixed`.
//   php::Value      owned, request-scoped: copy = one addref, move = steal,
//                   destruction = exactly one release.
//
// Neither may be stored in anything that outlives the request.
#pragma once

#include <phpbind/engine.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

class Value;

/// The PHP type of a value, as `gettype()`-like names report it.
enum class Type : uint8_t {
    undef = IS_UNDEF,
    null = IS_NULL,
    false_ = IS_FALSE,
    true_ = IS_TRUE,
    int_ = IS_LONG,
    float_ = IS_DOUBLE,
    string = IS_STRING,
    array = IS_ARRAY,
    object = IS_OBJECT,
    resource = IS_RESOURCE,
    reference = IS_REFERENCE,
};

/// A borrowed view of a zval. Valid as long as the zval it points at; never
/// points at a reference (views dereference on construction).
class ValueView {
public:
    explicit ValueView(zval* z) noexcept : z_(z) { ZVAL_DEREF(z_); }

    zval* raw() const noexcept { return z_; }
    Type type() const noexcept { return static_cast<Type>(Z_TYPE_P(z_)); }
    /// PHP's own name for the type, as used in error messages ("int", "string", ...).
    const char* type_name() const noexcept { return zend_zval_type_name(z_); }

    bool is_null() const noexcept { return Z_TYPE_P(z_) <= IS_NULL; }
    bool is_bool() const noexcept { return Z_TYPE_P(z_) == IS_TRUE || Z_TYPE_P(z_) == IS_FALSE; }
    bool is_int() const noexcept { return Z_TYPE_P(z_) == IS_LONG; }
    bool is_float() const noexcept { return Z_TYPE_P(z_) == IS_DOUBLE; }
    bool is_string() const noexcept { return Z_TYPE_P(z_) == IS_STRING; }
    bool is_array() const noexcept { return Z_TYPE_P(z_) == IS_ARRAY; }
    bool is_object() const noexcept { return Z_TYPE_P(z_) == IS_OBJECT; }

    /// Unchecked accessors: the caller has tested the type.
    bool as_bool() const noexcept { return Z_TYPE_P(z_) == IS_TRUE; }
    zend_long as_int() const noexcept { return Z_LVAL_P(z_); }
    double as_float() const noexcept { return Z_DVAL_P(z_); }
    std::string_view as_string() const noexcept { return {Z_STRVAL_P(z_), Z_STRLEN_P(z_)}; }

    /// PHP's loose truthiness (`(bool)$v`).
    bool truthy() const noexcept { return zend_is_true(z_); }

    /// Takes a reference of one's own: an owned copy sharing the payload.
    Value own() const noexcept;

private:
    zval* z_;
};

/// An owned zval. Holds exactly one reference on a refcounted payload.
class Value {
public:
    Value() noexcept { ZVAL_NULL(&z_); }
    Value(std::nullptr_t) noexcept { ZVAL_NULL(&z_); }
    Value(bool b) noexcept { ZVAL_BOOL(&z_, b); }
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && sizeof(I) <= sizeof(zend_long) &&
                 !(std::is_unsigned_v<I> && sizeof(I) == sizeof(zend_long)))
    Value(I i) noexcept { ZVAL_LONG(&z_, static_cast<zend_long>(i)); }
    Value(double d) noexcept { ZVAL_DOUBLE(&z_, d); }
    Value(std::string_view s) { ZVAL_STRINGL_FAST(&z_, s.data(), s.size()); }
    Value(const char* s) : Value(std::string_view(s)) {}
    Value(const std::string& s) : Value(std::string_view(s)) {}
    explicit Value(ValueView v) noexcept { ZVAL_COPY(&z_, v.raw()); }

    Value(const Value& o) noexcept { ZVAL_COPY(&z_, &o.z_); }
    Value(Value&& o) noexcept {
        ZVAL_COPY_VALUE(&z_, &o.z_);
        ZVAL_NULL(&o.z_);
    }
    Value& operator=(const Value& o) noexcept {
        if (this != &o) {
            zval old;
            ZVAL_COPY_VALUE(&old, &z_);
            ZVAL_COPY(&z_, &o.z_);
            zval_ptr_dtor(&old);
        }
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        if (this != &o) {
            zval old;
            ZVAL_COPY_VALUE(&old, &z_);
            ZVAL_COPY_VALUE(&z_, &o.z_);
            ZVAL_NULL(&o.z_);
            zval_ptr_dtor(&old);
        }
        return *this;
    }
    ~Value() { zval_ptr_dtor(&z_); }

    /// Adopts a zval whose reference the caller hands over.
    static Value adopt(zval* z) noexcept {
        Value v;
        ZVAL_COPY_VALUE(&v.z_, z);
        return v;
    }
    /// Hands the reference over to `dst` (uninitialised); this becomes null.
    void release_into(zval* dst) noexcept {
        ZVAL_COPY_VALUE(dst, &z_);
        ZVAL_NULL(&z_);
    }

    ValueView view() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    operator ValueView() const noexcept { return view(); }
    zval* raw() noexcept { return &z_; }
    const zval* raw() const noexcept { return &z_; }

    Type type() const noexcept { return view().type(); }
    const char* type_name() const noexcept { return view().type_name(); }
    bool is_null() const noexcept { return view().is_null(); }

private:
    zval z_;
};

inline Value ValueView::own() const noexcept { return Value(*this); }

PHPBIND_NAMESPACE_END
