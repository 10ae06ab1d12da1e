// phpbind/value.hpp — mixed values: a borrowed view and an owned value.
//
//   php::ValueView  borrowed, request: no refcount traffic, trivially copyable;
//                   the default parameter type for `mixed`.
//   php::Value      owned, request: copy = one addref, move = steal,
//                   destruction = exactly one release.
//
// Both are request values: they may not outlive the request (php::Static<>
// rejects them; a PHPBIND_DEBUG build reports one that does). For data that
// must outlive it, see php::Persistent; for objects and callables kept in
// native structures, php::Retained<T>.
#pragma once

#include <phpbind/detail/edge.hpp>
#include <phpbind/lifetime.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

class Value;

namespace detail {
/// Throws php::value_error: `v` does not fit PHP's int (src/value.cpp).
[[noreturn]] PHPBIND_COLD void integer_out_of_range(long long v);
PHPBIND_COLD bool truthy_guarded(zval* z);
PHPBIND_COLD int compare_guarded(zval* a, zval* b);
}  // namespace detail
class StringView;
class ArrayView;
class ObjectView;
class String;
class Array;
class Object;

/// PHP's name for a value in a TypeError's "..., X given" on the running engine, for casters
/// that raise their own: "true" and "false" from PHP 8.3 on, "bool" before; a class name for
/// an object.
inline const char* value_name(const zval* z) noexcept { return detail::value_name(z); }

/// The PHP type of a value.
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

namespace detail {
/// Tags a zval pointer known not to point at a reference (ValueView's constructor skips its test).
struct dereferenced_t {
    explicit dereferenced_t() = default;
};
/// The tag's value.
inline constexpr dereferenced_t dereferenced{};
}  // namespace detail

/// A borrowed view of a zval. Valid while the zval it points at is; never
/// points at a reference (views dereference on construction).
class ValueView {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    explicit ValueView(zval* z) noexcept : z_(z) { ZVAL_DEREF(z_); }
    /// A view of a zval its caller has dereferenced already (phpbind's array iteration): no test.
    ValueView(zval* z, detail::dereferenced_t) noexcept : z_(z) {}

    /// The zval (borrowed; references already dereferenced). A PHPBIND_DEBUG build checks the view
    /// is still valid.
    zval* raw() const noexcept {
        PHPBIND_VIEW_CHECK("php::ValueView");
        return z_;
    }
    /// The value's PHP type.
    Type type() const noexcept { return static_cast<Type>(Z_TYPE_P(raw())); }
    /// PHP's own name for the type, as in its error messages ("int", "stdClass", ...).
    const char* type_name() const noexcept { return zend_zval_type_name(raw()); }

    /// Type tests (is_null is true for an undefined value too).
    bool is_null() const noexcept { return Z_TYPE_P(raw()) <= IS_NULL; }
    /// Whether the value is undefined: an argument omitted for a parameter declared
    /// `php::arg("x").optional()` without a value.
    bool is_undef() const noexcept { return Z_TYPE_P(raw()) == IS_UNDEF; }
    /// Whether the value is true or false.
    bool is_bool() const noexcept { return Z_TYPE_P(raw()) == IS_TRUE || Z_TYPE_P(raw()) == IS_FALSE; }
    /// Whether the value is an int.
    bool is_int() const noexcept { return Z_TYPE_P(raw()) == IS_LONG; }
    /// Whether the value is a float.
    bool is_float() const noexcept { return Z_TYPE_P(raw()) == IS_DOUBLE; }
    /// Whether the value is a string.
    bool is_string() const noexcept { return Z_TYPE_P(raw()) == IS_STRING; }
    /// Whether the value is an array.
    bool is_array() const noexcept { return Z_TYPE_P(raw()) == IS_ARRAY; }
    /// Whether the value is an object.
    bool is_object() const noexcept { return Z_TYPE_P(raw()) == IS_OBJECT; }

    /// Unchecked accessors: the caller has tested the type.
    bool as_bool() const noexcept { return Z_TYPE_P(raw()) == IS_TRUE; }
    /// The int (unchecked: is_int()).
    zend_long as_int() const noexcept { return Z_LVAL_P(raw()); }
    /// The float (unchecked: is_float()).
    double as_float() const noexcept { return Z_DVAL_P(raw()); }
    /// The string's bytes, borrowed (unchecked: is_string()).
    std::string_view as_string() const noexcept { return {Z_STRVAL_P(raw()), Z_STRLEN_P(raw())}; }
    /// The string as a borrowed php::StringView (unchecked: is_string()).
    StringView as_string_view() const noexcept;
    /// The array as a borrowed php::ArrayView (unchecked: is_array()).
    ArrayView as_array() const noexcept;
    /// The object as a borrowed php::ObjectView (unchecked: is_object()).
    ObjectView as_object() const noexcept;

    /// PHP's loose truthiness (`(bool)$v`). An object's cast handler may run
    /// code, so objects go through the guarded edge.
    bool truthy() const {
        if (EXPECTED(Z_TYPE_P(raw()) != IS_OBJECT)) return zend_is_true(raw());
        return detail::truthy_guarded(raw());
    }
    /// `===`
    bool identical(ValueView o) const noexcept { return zend_is_identical(raw(), o.raw()); }
    /// `==` (may call __toString or a compare handler: guarded).
    bool equals(ValueView o) const { return detail::compare_guarded(raw(), o.raw()) == 0; }
    /// `<=>`: negative, zero or positive (may call __toString or a compare handler: guarded).
    int compare(ValueView o) const { return detail::compare_guarded(raw(), o.raw()); }

    /// Takes a reference of one's own: an owned value sharing the payload.
    Value own() const noexcept;

private:
    zval* z_;
    PHPBIND_VIEW_STAMP
};

/// An owned zval: holds exactly one reference on a refcounted payload.
class Value {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    Value() noexcept { ZVAL_NULL(&z_); }
    Value(std::nullptr_t) noexcept { ZVAL_NULL(&z_); }
    Value(bool b) noexcept { ZVAL_BOOL(&z_, b); }
    template <class I>
        requires(std::is_integral_v<I> && !std::is_same_v<I, bool> && sizeof(I) <= sizeof(zend_long) &&
                 !(std::is_unsigned_v<I> && sizeof(I) == sizeof(zend_long)))
    Value(I i) noexcept {
        ZVAL_LONG(&z_, static_cast<zend_long>(i));
    }
    /// An integer wider than the engine's int (a 64-bit one on a 32-bit engine: wasm32): throws
    /// php::value_error when PHP's int cannot hold it.
    template <class I>
        requires(std::is_integral_v<I> && std::is_signed_v<I> && sizeof(I) > sizeof(zend_long))
    Value(I i) {
        if (i < ZEND_LONG_MIN || i > ZEND_LONG_MAX) detail::integer_out_of_range(static_cast<long long>(i));
        ZVAL_LONG(&z_, static_cast<zend_long>(i));
    }
    Value(double d) noexcept { ZVAL_DOUBLE(&z_, d); }
    Value(std::string_view s) { ZVAL_STRINGL_FAST(&z_, s.data(), s.size()); }
    Value(const char* s) : Value(std::string_view(s)) {}
    Value(const std::string& s) : Value(std::string_view(s)) {}
    explicit Value(ValueView v) noexcept { ZVAL_COPY(&z_, v.raw()); }
    /// An owned php::Array, php::Object or php::String as a mixed value (what a function
    /// returning `mixed` or a recursive builder returns): moved in, its reference is taken
    /// over (the source is left as release_into() leaves it); copied, one reference more.
    template <class O>
        requires(std::is_same_v<O, Array> || std::is_same_v<O, Object> || std::is_same_v<O, String>)
    Value(O&& o) noexcept {
        o.release_into(&z_);
    }
    template <class O>
        requires(std::is_same_v<O, Array> || std::is_same_v<O, Object> || std::is_same_v<O, String>)
    Value(const O& o) noexcept {
        o.copy_into(&z_);
    }

    Value(const Value& o) noexcept { ZVAL_COPY(&z_, &o.z_); }
    Value(Value&& o) noexcept {
        ZVAL_COPY_VALUE(&z_, &o.z_);
        ZVAL_NULL(&o.z_);
    }
    Value& operator=(const Value& o) noexcept {
        zval old;
        ZVAL_COPY_VALUE(&old, &z_);
        ZVAL_COPY(&z_, &o.z_);
        detail::release_zval(&old);
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        if (this != &o) {
            zval old;
            ZVAL_COPY_VALUE(&old, &z_);
            ZVAL_COPY_VALUE(&z_, &o.z_);
            ZVAL_NULL(&o.z_);
            detail::release_zval(&old);
        }
        return *this;
    }
    ~Value() { detail::release_zval(&z_); }

    /// Adopts a zval whose reference the caller hands over (and no longer releases).
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
    /// Writes a new reference to the value into `dst` (uninitialised).
    void copy_into(zval* dst) const noexcept { ZVAL_COPY(dst, &z_); }
    /// `$slot = $v`, as PHP assigns: when this Value holds a PHP reference (storage that a
    /// by-reference dimension or property gave out: `$x = &$obj[0]`), the referenced value is
    /// replaced and every holder of the reference sees it; otherwise the same as `= v.own()`.
    /// The old value's destructor may run PHP code; a typed reference refusing the value
    /// throws its TypeError.
    void assign(ValueView v);

    /// A borrowed view of the value (valid while this Value lives).
    ValueView view() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    operator ValueView() const noexcept { return view(); }
    /// The zval (this Value keeps owning it).
    zval* raw() noexcept { return &z_; }
    const zval* raw() const noexcept { return &z_; }

    /// The value's PHP type.
    Type type() const noexcept { return view().type(); }
    /// PHP's own name for the type, as in its error messages ("int", "stdClass", ...).
    const char* type_name() const noexcept { return view().type_name(); }
    /// Whether the value is null.
    bool is_null() const noexcept { return view().is_null(); }

    /// 32 bits of the Value's zval that no value uses (its `u2`), for a container of
    /// Values to keep per-element data in (a hash, a chain link) at no extra size, as
    /// the engine's hash tables keep their chains. They belong to the Value object, not
    /// to what it holds: assigning another value keeps them; a Value made from another
    /// (copy or move) does not take them; until set_spare() they are unspecified. A
    /// container moving its elements carries them over itself.
    uint32_t spare() const noexcept { return Z_EXTRA(z_); }
    /// Sets the spare bits (see spare()).
    void set_spare(uint32_t v) noexcept { Z_EXTRA(z_) = v; }

private:
    zval z_;
    PHPBIND_OWNED_STAMP("php::Value", &z_)
};

inline Value ValueView::own() const noexcept { return Value(*this); }

PHPBIND_NAMESPACE_END
