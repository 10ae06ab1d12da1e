// phpbind/caster.hpp — how a C++ type crosses the boundary, and which PHP type it declares.
//
// `php::caster<T>` is the extension point. A caster describes, for one C++ type:
//
//   type_mask / type_name   the PHP type it declares in arg info ("int", "?string", ...)
//   parsed                  a trivially destructible form read from the argument zval
//   load(arg, num, out, nullable)
//                           reads argument #num exactly as ZPP would (weak or strict
//                           mode, same coercions, same deprecations); on failure it
//                           raises PHP's own error and returns false
//   try_load(z, out)        reads a value strictly (exact PHP type; int to float
//                           allowed), raising nothing: used for call results and
//                           array elements
//   quick_try_load          (optional: `using quick_try_load = caster;`) try_load
//                           is a type test calling nothing, accepting what
//   write_parsed(p, out)    (with it) writes: the exact value p stands for
//   get(parsed&)            builds the C++ value; never calls into the engine
//   to_zval(value, out)     writes a return value into an uninitialised zval
//   persistent_zval(v, out) writes an immutable zval that lives as long as the module (defaults)
//
// Reading happens in two phases — every argument is loaded before any C++ object
// with a destructor is built — so an engine error raised while reading arguments
// (which may run a user error handler) never jumps over a live C++ destructor.
#pragma once

#include <phpbind/exceptions.hpp>
#include <phpbind/value.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

PHPBIND_NAMESPACE_BEGIN

/// The most elements a PHP array can be created with, and the most bytes a
/// PHP string can hold. A result past either raises ValueError before
/// anything is allocated (zend_new_array() takes a 32-bit size and aborts the
/// process from HT_MAX_SIZE on; a string size near SIZE_MAX wraps around).
inline constexpr size_t max_array_size = HT_MAX_SIZE - 1;
#ifdef ZSTR_MAX_LEN
/// The most bytes a PHP string can hold: a larger result raises ValueError before anything is
/// allocated.
inline constexpr size_t max_string_size = ZSTR_MAX_LEN;
#else
inline constexpr size_t max_string_size = SIZE_MAX - ZEND_MM_ALIGNED_SIZE(_ZSTR_HEADER_SIZE + 1);
#endif

template <class T>
struct caster {
    static_assert(sizeof(T) == 0,
                  "phpbind: no caster for this C++ type. Use a supported type (bool, integers, "
                  "double, std::string, std::string_view, std::optional<T>, php::Value, "
                  "php::ValueView) or specialise php::caster<T> (see docs/casters.md).");
};

namespace detail {

/// Whether T is a lambda's closure type (a Closure as a result, phpbind/native.hpp), read
/// the same way: GCC spells one "...<lambda(int)>", Clang "(lambda at file:line:col)"; a
/// template of one (std::vector<lambda>) ends otherwise.
template <class T>
constexpr bool is_lambda() {
    constexpr std::string_view sig = __PRETTY_FUNCTION__;
    constexpr size_t at = sig.find("T = ");
    if (at == std::string_view::npos) return false;
    std::string_view t = sig.substr(at + 4);
    if (t.ends_with("]")) t.remove_suffix(1);
    return (t.ends_with(")>") && t.find("<lambda(") != std::string_view::npos) ||
        (t.ends_with(")") && t.find("(lambda at ") != std::string_view::npos);
}

/// An immortal, persistent, interned-flagged string: the engine never
/// refcounts or frees it, so it can sit in process-lifetime tables and be
/// read by any request. The caller owns it (php::Persistent frees its own).
zend_string* immortal_string(std::string_view s);

/// An immortal string owned by the extension's registration data (argument
/// defaults, constants): freed with it when the extension is unloaded
/// (docs/memory-model.md).
zend_string* registration_string(std::string_view s);

/// Frees every registration string; the extension's unload calls it.
void free_registration_strings() noexcept;

/// Frees what the extension kept for the process (registration strings, the
/// call-by-name cache, the deferred-free list, union type names): its unload
/// calls it.
void free_extension_data() noexcept;

PHPBIND_COLD bool load_long_slow(zval* arg, uint32_t num, zend_long& out, bool nullable);
PHPBIND_COLD bool load_double_slow(zval* arg, uint32_t num, double& out, bool nullable);
PHPBIND_COLD bool load_bool_slow(zval* arg, uint32_t num, bool& out, bool nullable);
PHPBIND_COLD bool load_string_slow(zval* arg, uint32_t num, zend_string*& out, bool nullable);
/// ZPP's "must be of type X, Y given" for a zend_expected_type (and its _OR_NULL twin).
PHPBIND_COLD void wrong_type(uint32_t num, zend_expected_type base, bool nullable, zval* arg);
PHPBIND_COLD void integer_range_error(uint32_t num, long long min, unsigned long long max);
PHPBIND_COLD void integer_return_overflow(unsigned long long value);
/// The same for a signed value (a 64-bit integer on an engine with 32-bit ints: wasm32).
PHPBIND_COLD void integer_return_overflow(long long value);

[[noreturn]] PHPBIND_COLD void array_too_large(size_t n);
[[noreturn]] PHPBIND_COLD void string_too_long(size_t n);
[[noreturn]] PHPBIND_COLD void string_append_too_long(size_t len, size_t add);

/// `n` as the size of a new array (zend_new_array), or ValueError when no
/// array can have that many elements. One compare on the happy path.
PHPBIND_INLINE uint32_t checked_array_size(size_t n) {
    if (UNEXPECTED(n > max_array_size)) array_too_large(n);
    return static_cast<uint32_t>(n);
}
/// ValueError when no PHP string can hold `n` bytes.
PHPBIND_INLINE void check_string_size(size_t n) {
    if (UNEXPECTED(n > max_string_size)) string_too_long(n);
}
/// string_to_zval() for a string of a huge block's size or more: ValueError past
/// php::max_string_size, php::memory_exhausted when it does not fit under memory_limit.
PHPBIND_COLD void huge_string_to_zval(std::string_view v, zval* out);
/// A new request string holding `v`, into `out`.
PHPBIND_INLINE void string_to_zval(std::string_view v, zval* out) {
    if (UNEXPECTED(v.size() >= ZEND_MM_CHUNK_SIZE)) return huge_string_to_zval(v, out);
    reserve_or_throw(v.size() + sizeof(zend_string));
    ZVAL_STRINGL_FAST(out, v.data(), v.size());
}

/// Whether a caster's try_load is a type test that calls nothing and, when it
/// succeeds, reads what load would have read (the optional member
/// quick_try_load, which needs write_parsed: the exact value a parsed form
/// stands for): a function whose parameters all have it reads an exact
/// call's arguments with try_load on a path that needs no stack frame.
///
/// The member names the caster itself (`using quick_try_load = caster;`), so
/// a caster derived from one that has it does not inherit the promise: its
/// own load may refuse what the base's try_load accepts.
template <class C>
inline constexpr bool quick_try_load_v = [] {
    if constexpr (requires { typename C::quick_try_load; }) return std::is_same_v<typename C::quick_try_load, C>;
    else return false;
}();

template <class T>
concept has_persistent_zval = requires(const T& v, zval* z) { caster<T>::persistent_zval(v, z); };

}  // namespace detail

// ---------------------------------------------------------------------------
// bool
template <>
struct caster<bool> {
    using quick_try_load = caster;
    static constexpr uint32_t type_mask = MAY_BE_BOOL;
    static constexpr const char* type_name = "bool";
    using parsed = bool;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, bool& out, bool nullable) {
        if (EXPECTED(Z_TYPE_P(arg) == IS_TRUE)) {
            out = true;
            return true;
        }
        if (EXPECTED(Z_TYPE_P(arg) == IS_FALSE)) {
            out = false;
            return true;
        }
        return detail::load_bool_slow(arg, num, out, nullable);
    }
    static bool try_load(zval* z, bool& out) noexcept {
        if (Z_TYPE_P(z) != IS_TRUE && Z_TYPE_P(z) != IS_FALSE) return false;
        out = Z_TYPE_P(z) == IS_TRUE;
        return true;
    }
    static void write_parsed(bool p, zval* out) noexcept { ZVAL_BOOL(out, p); }
    static bool get(bool p) noexcept { return p; }
    static void to_zval(bool v, zval* out) noexcept { ZVAL_BOOL(out, v); }
    static void persistent_zval(bool v, zval* out) noexcept { ZVAL_BOOL(out, v); }
};

// ---------------------------------------------------------------------------
// Integers: every integer type, range-checked against the C++ type.
template <class I>
    requires(std::is_integral_v<I> && !std::is_same_v<I, bool>)
struct caster<I> {
    using quick_try_load = caster;
    static constexpr uint32_t type_mask = MAY_BE_LONG;
    static constexpr const char* type_name = "int";
    using parsed = zend_long;

    // The C++ type's range clipped to PHP's int range.
    static constexpr long long lo =
        std::is_signed_v<I> ? std::max<long long>(std::numeric_limits<I>::min(), ZEND_LONG_MIN) : 0;
    static constexpr unsigned long long hi = std::min<unsigned long long>(std::numeric_limits<I>::max(), ZEND_LONG_MAX);
    static constexpr bool full_range = lo == ZEND_LONG_MIN && hi == ZEND_LONG_MAX;

    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_long& out, bool nullable) {
        if constexpr (full_range) {
            if (EXPECTED(Z_TYPE_P(arg) == IS_LONG)) {
                out = Z_LVAL_P(arg);
                return true;
            }
            return detail::load_long_slow(arg, num, out, nullable);
        }
        if (EXPECTED(Z_TYPE_P(arg) == IS_LONG)) {
            out = Z_LVAL_P(arg);
        } else if (!detail::load_long_slow(arg, num, out, nullable)) {
            return false;
        }
        if constexpr (!full_range) {
            if (UNEXPECTED(out < lo || (out > 0 && static_cast<unsigned long long>(out) > hi))) {
                detail::integer_range_error(num, lo, hi);
                return false;
            }
        }
        return true;
    }
    static bool try_load(zval* z, zend_long& out) noexcept {
        if (Z_TYPE_P(z) != IS_LONG) return false;
        out = Z_LVAL_P(z);
        if constexpr (!full_range) {
            if (out < lo || (out > 0 && static_cast<unsigned long long>(out) > hi)) return false;
        }
        return true;
    }
    static void write_parsed(zend_long p, zval* out) noexcept { ZVAL_LONG(out, p); }
    static I get(zend_long p) noexcept { return static_cast<I>(p); }
    static void to_zval(I v, zval* out) {
        if constexpr (std::is_unsigned_v<I> && sizeof(I) >= sizeof(zend_long)) {
            if (UNEXPECTED(v > static_cast<I>(ZEND_LONG_MAX))) {
                detail::integer_return_overflow(static_cast<unsigned long long>(v));
            }
        } else if constexpr (sizeof(I) > sizeof(zend_long)) {
            // An engine whose int is narrower than I (32-bit: wasm32).
            if (UNEXPECTED(v < static_cast<I>(ZEND_LONG_MIN) || v > static_cast<I>(ZEND_LONG_MAX))) {
                detail::integer_return_overflow(static_cast<long long>(v));
            }
        }
        ZVAL_LONG(out, static_cast<zend_long>(v));
    }
    static void persistent_zval(I v, zval* out) { to_zval(v, out); }
};

// ---------------------------------------------------------------------------
// Floating point
template <class F>
    requires std::is_floating_point_v<F>
struct caster<F> {
    using quick_try_load = caster;
    static constexpr uint32_t type_mask = MAY_BE_DOUBLE;
    static constexpr const char* type_name = "float";
    using parsed = double;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, double& out, bool nullable) {
        if (EXPECTED(Z_TYPE_P(arg) == IS_DOUBLE)) {
            out = Z_DVAL_P(arg);
            return true;
        }
        return detail::load_double_slow(arg, num, out, nullable);
    }
    static bool try_load(zval* z, double& out) noexcept {
        if (Z_TYPE_P(z) == IS_DOUBLE) out = Z_DVAL_P(z);
        else if (Z_TYPE_P(z) == IS_LONG) out = static_cast<double>(Z_LVAL_P(z));
        else return false;
        return true;
    }
    static void write_parsed(double p, zval* out) noexcept { ZVAL_DOUBLE(out, p); }
    static F get(double p) noexcept { return static_cast<F>(p); }
    static void to_zval(F v, zval* out) noexcept { ZVAL_DOUBLE(out, static_cast<double>(v)); }
    static void persistent_zval(F v, zval* out) noexcept { to_zval(v, out); }
};

// ---------------------------------------------------------------------------
// Strings. std::string_view borrows the argument's bytes (valid for the call);
// std::string copies them.
/// The caster protocol shared by string-typed casters (std::string, std::string_view, php::String,
/// php::StringView): declares `string`, reads as ZPP reads a string. See casters.md.
struct string_caster_base {
    static constexpr uint32_t type_mask = MAY_BE_STRING;
    static constexpr const char* type_name = "string";
    using parsed = zend_string*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_string*& out, bool nullable) {
        if (EXPECTED(Z_TYPE_P(arg) == IS_STRING)) {
            out = Z_STR_P(arg);
            return true;
        }
        return detail::load_string_slow(arg, num, out, nullable);
    }
    static bool try_load(zval* z, zend_string*& out) noexcept {
        if (Z_TYPE_P(z) != IS_STRING) return false;
        out = Z_STR_P(z);
        return true;
    }
    static void write_parsed(zend_string* p, zval* out) noexcept { ZVAL_STR_COPY(out, p); }
    static void to_zval(std::string_view v, zval* out) { detail::string_to_zval(v, out); }
    static void persistent_zval(std::string_view v, zval* out) {
        ZVAL_INTERNED_STR(out, detail::registration_string(v));
    }
};

template <>
struct caster<std::string_view> : string_caster_base {
    using quick_try_load = caster;
    static constexpr bool borrows = true;
    static std::string_view get(zend_string* p) noexcept { return {ZSTR_VAL(p), ZSTR_LEN(p)}; }
};

template <>
struct caster<std::string> : string_caster_base {
    using quick_try_load = caster;
    static std::string get(zend_string* p) { return std::string(ZSTR_VAL(p), ZSTR_LEN(p)); }
};

/// A std::basic_string over another allocator (php::request_string) converts as std::string.
template <class A>
struct caster<std::basic_string<char, std::char_traits<char>, A>> : string_caster_base {
    using quick_try_load = caster;
    static std::basic_string<char, std::char_traits<char>, A> get(zend_string* p) {
        return std::basic_string<char, std::char_traits<char>, A>(ZSTR_VAL(p), ZSTR_LEN(p));
    }
};

/// nullptr is PHP's null (arguments of calls into PHP, array elements).
template <>
struct caster<std::nullptr_t> {
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "null";
    static void to_zval(std::nullptr_t, zval* out) noexcept { ZVAL_NULL(out); }
};

/// C strings convert to PHP strings (results and arguments of calls into PHP).
template <>
struct caster<const char*> {
    static constexpr uint32_t type_mask = MAY_BE_STRING;
    static constexpr const char* type_name = "string";
    static void to_zval(const char* v, zval* out) { ZVAL_STRING(out, v); }
    static void persistent_zval(const char* v, zval* out) { string_caster_base::persistent_zval(v, out); }
};
template <>
struct caster<char*> : caster<const char*> {};

// ---------------------------------------------------------------------------
// Nullable: std::optional<T> declares ?T; null maps to std::nullopt.
template <class T>
struct caster<std::optional<T>> {
    using inner = caster<T>;
    static constexpr uint32_t type_mask = inner::type_mask | MAY_BE_NULL;
    static constexpr const char* type_name = inner::type_name;  // printed with a leading '?'
    using quick_try_load = std::conditional_t<detail::quick_try_load_v<inner>, caster, void>;
    /// A class-typed T (a bound enum) declares ?Class.
    static const char* class_name()
        requires requires { inner::class_name(); }
    {
        return inner::class_name();
    }
    struct parsed {
        typename inner::parsed value;
        bool present;
    };
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, parsed& out, bool) {
        if (Z_TYPE_P(arg) == IS_NULL) {
            out.present = false;
            return true;
        }
        out.present = true;
        return inner::load(arg, num, out.value, true);
    }
    static bool try_load(zval* z, parsed& out) noexcept {
        out.present = Z_TYPE_P(z) != IS_NULL;
        return !out.present || inner::try_load(z, out.value);
    }
    static void write_parsed(const parsed& p, zval* out) noexcept
        requires requires { inner::write_parsed(p.value, out); }
    {
        if (p.present) inner::write_parsed(p.value, out);
        else ZVAL_NULL(out);
    }
    static std::optional<T> get(parsed& p) {
        if (!p.present) return std::nullopt;
        return std::optional<T>(inner::get(p.value));
    }
    static void to_zval(std::optional<T>&& v, zval* out) {
        if (v) inner::to_zval(std::move(*v), out);
        else ZVAL_NULL(out);
    }
    static void to_zval(const std::optional<T>& v, zval* out) {
        if (v) inner::to_zval(*v, out);
        else ZVAL_NULL(out);
    }
    static void persistent_zval(const std::optional<T>& v, zval* out) {
        if (v) inner::persistent_zval(*v, out);
        else ZVAL_NULL(out);
    }
};

// ---------------------------------------------------------------------------
// mixed
/// Shared by the casters of `mixed` types: any argument is taken as it is.
struct mixed_caster_base {
    static constexpr uint32_t type_mask = MAY_BE_ANY;
    static constexpr const char* type_name = "mixed";
    static constexpr bool accepts_any = true;
    using parsed = zval*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t, zval*& out, bool) {
        out = arg;
        return true;
    }
    static bool try_load(zval* z, zval*& out) noexcept {
        out = z;
        return true;
    }
    static void write_parsed(zval* p, zval* out) noexcept { ZVAL_COPY(out, p); }
};

template <>
struct caster<ValueView> : mixed_caster_base {
    using quick_try_load = caster;
    static constexpr bool borrows = true;
    static ValueView get(zval* p) noexcept { return ValueView(p); }
    static void to_zval(ValueView v, zval* out) noexcept { ZVAL_COPY(out, v.raw()); }
};

template <>
struct caster<Value> : mixed_caster_base {
    using quick_try_load = caster;
    static Value get(zval* p) noexcept { return Value(ValueView(p)); }
    // A Value holding a PHP reference (storage written through by reference, class_::array_access)
    // gives the reference, as copying an array keeps its references; a function's result is
    // unwrapped (detail::unwrap_returned).
    static void to_zval(Value&& v, zval* out) noexcept { v.release_into(out); }
    static void to_zval(const Value& v, zval* out) noexcept { v.copy_into(out); }
};

namespace detail {
// A function's result is never a PHP reference (the engine's return slot of a function that does
// not return by reference); of the casters only php::Value's may give one.
template <class R>
inline constexpr bool may_give_reference =
    std::is_same_v<std::remove_cvref_t<R>, Value> || std::is_same_v<std::remove_cvref_t<R>, std::optional<Value>>;
PHPBIND_INLINE void unwrap_returned(zval* rv) noexcept {
    if (UNEXPECTED(Z_ISREF_P(rv))) zend_unwrap_reference(rv);
}
}  // namespace detail

// Nullable mixed is still mixed.
template <>
struct caster<std::optional<Value>> : mixed_caster_base {
    using quick_try_load = caster;
    static std::optional<Value> get(zval* p) {
        if (Z_TYPE_P(p) == IS_NULL) return std::nullopt;
        return Value(ValueView(p));
    }
    static void to_zval(std::optional<Value>&& v, zval* out) noexcept {
        if (v) v->release_into(out);
        else ZVAL_NULL(out);
    }
};

// ---------------------------------------------------------------------------
/// A call result read with the weak rules PHP applies to a userland
/// function's return type in a file without strict_types:
/// `cb.call<php::weak<std::string>>()` takes 42 as "42", 1.0 as 1 for an int,
/// a Stringable object as its string; null, arrays and other objects are
/// still refused (TypeError naming the callee). A deprecation the conversion
/// raises (a fractional float to int) goes through the error handler.
template <class T>
struct weak {
    using type = T;
};

namespace detail {
template <class R>
struct call_result {
    using type = R;
};
template <class T>
struct call_result<weak<T>> {
    using type = T;
};
/// What call<R>() returns: R, or T for php::weak<T>.
template <class R>
using call_result_t = typename call_result<R>::type;
}  // namespace detail

/// The PHP value T's caster makes of `v`, as when a function returns it: a
/// bound class's object is a new PHP object holding (a copy of) it, a
/// container an array, and so on.
template <class T>
Value to_value(T&& v) {
    zval z;
    caster<std::remove_cvref_t<T>>::to_zval(std::forward<T>(v), &z);
    return Value::adopt(&z);
}

PHPBIND_NAMESPACE_END
