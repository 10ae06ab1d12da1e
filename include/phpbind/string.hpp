// phpbind/string.hpp — PHP strings: php::StringView (borrowed) and php::String (owned).
//
// Both are binary-safe and request-scoped. A String shares its payload on copy
// (one addref) and separates before it is modified, as PHP does.
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/value.hpp>

#include <compare>
#include <string>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

class String;

/// A borrowed PHP string.
class StringView {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    explicit StringView(zend_string* s) noexcept : s_(s) {}

    /// The engine string (borrowed). A PHPBIND_DEBUG build checks the view is still valid.
    zend_string* raw() const noexcept {
        PHPBIND_VIEW_CHECK("php::StringView");
        return s_;
    }
    /// The bytes (as String::str()).
    std::string_view str() const noexcept { return {ZSTR_VAL(raw()), ZSTR_LEN(raw())}; }
    operator std::string_view() const noexcept { return str(); }
    /// The bytes (may contain NUL bytes).
    const char* data() const noexcept { return ZSTR_VAL(raw()); }
    /// The length in bytes.
    size_t size() const noexcept { return ZSTR_LEN(raw()); }
    /// Whether the string is "".
    bool empty() const noexcept { return size() == 0; }
    /// PHP's hash of the string (computed once, then cached in the string).
    zend_ulong hash() const noexcept { return zend_string_hash_val(raw()); }
    /// Whether the engine string is interned (immutable, never freed during the request).
    bool interned() const noexcept { return ZSTR_IS_INTERNED(raw()); }

    friend bool operator==(StringView a, StringView b) noexcept { return zend_string_equals(a.raw(), b.raw()); }
    friend bool operator==(StringView a, std::string_view b) noexcept { return a.str() == b; }
    friend std::strong_ordering operator<=>(StringView a, std::string_view b) noexcept {
        // (through compare(): libc++ before 16 has no <=> on string_view)
        int c = a.str().compare(b);
        return c < 0 ? std::strong_ordering::less : c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal;
    }

    /// An owned php::String sharing the same engine string (a new reference, no copy).
    String own() const noexcept;

private:
    zend_string* s_;
    PHPBIND_VIEW_STAMP
};

/// An owned PHP string.
class String {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    String() noexcept { ZVAL_EMPTY_STRING(&z_); }
    /// ValueError when `s` is longer than php::max_string_size.
    /// php::memory_exhausted once the request went past memory_limit.
    String(std::string_view s) {
        detail::check_memory();
        detail::string_to_zval(s, &z_);
    }
    String(const char* s) : String(std::string_view(s)) {}
    String(const std::string& s) : String(std::string_view(s)) {}
    explicit String(StringView s) noexcept { ZVAL_STR_COPY(&z_, s.raw()); }
    /// Takes over the caller's reference on `s`.
    static String adopt(zend_string* s) noexcept {
        String r;
        ZVAL_STR(&r.z_, s);
        return r;
    }

    String(const String& o) noexcept { ZVAL_COPY(&z_, &o.z_); }
    String(String&& o) noexcept {
        ZVAL_COPY_VALUE(&z_, &o.z_);
        ZVAL_EMPTY_STRING(&o.z_);
    }
    String& operator=(String o) noexcept {
        std::swap(z_, o.z_);
        return *this;
    }
    ~String() { zval_ptr_dtor_str(&z_); }

    /// A borrowed view of the string (valid while this String holds it).
    StringView view() const noexcept { return StringView(Z_STR(z_)); }
    operator StringView() const noexcept { return view(); }
    operator std::string_view() const noexcept { return {Z_STRVAL(z_), Z_STRLEN(z_)}; }
    /// The bytes as a std::string_view (valid while this String holds them).
    std::string_view str() const noexcept { return {Z_STRVAL(z_), Z_STRLEN(z_)}; }
    /// The bytes (NUL-terminated by PHP; may contain NUL bytes).
    const char* data() const noexcept { return Z_STRVAL(z_); }
    /// The length in bytes.
    size_t size() const noexcept { return Z_STRLEN(z_); }
    /// Whether the string is "".
    bool empty() const noexcept { return size() == 0; }
    /// PHP's hash of the string (computed once, cached in the string).
    zend_ulong hash() const noexcept { return view().hash(); }

    /// Appends in place; separates first if the payload is shared.
    String& append(std::string_view s);
    String& operator+=(std::string_view s) { return append(s); }

    friend bool operator==(const String& a, const String& b) noexcept { return a.view() == b.view(); }
    friend bool operator==(const String& a, std::string_view b) noexcept { return a.str() == b; }

    /// The value as a mixed view.
    operator ValueView() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    /// The zval holding the string (this String keeps its reference).
    zval* raw() noexcept { return &z_; }
    const zval* raw() const noexcept { return &z_; }
    /// Hands the reference over to `dst` (uninitialised); this becomes "".
    void release_into(zval* dst) noexcept {
        ZVAL_COPY_VALUE(dst, &z_);
        ZVAL_EMPTY_STRING(&z_);
    }
    /// Writes a new reference to the string into `dst` (uninitialised).
    void copy_into(zval* dst) const noexcept { ZVAL_COPY(dst, &z_); }

private:
    zval z_;
    PHPBIND_OWNED_STAMP("php::String", &z_)
};

inline String StringView::own() const noexcept { return String(*this); }
inline StringView ValueView::as_string_view() const noexcept { return StringView(Z_STR_P(raw())); }

inline String& String::append(std::string_view s) {
    if (s.empty()) return *this;
    detail::check_memory();
    zend_string* cur = Z_STR(z_);
    size_t old_len = ZSTR_LEN(cur);
    if (UNEXPECTED(s.size() > max_string_size - old_len)) detail::string_append_too_long(old_len, s.size());
    detail::reserve_or_throw(old_len + s.size() + sizeof(zend_string));
    zend_string* out;
    if (!ZSTR_IS_INTERNED(cur) && GC_REFCOUNT(cur) == 1) {
        out = zend_string_extend(cur, old_len + s.size(), 0);
    } else {
        out = zend_string_alloc(old_len + s.size(), 0);
        memcpy(ZSTR_VAL(out), ZSTR_VAL(cur), old_len);
        zend_string_release(cur);
    }
    memcpy(ZSTR_VAL(out) + old_len, s.data(), s.size());
    ZSTR_VAL(out)[ZSTR_LEN(out)] = '\0';
    zend_string_forget_hash_val(out);
    ZVAL_STR(&z_, out);
    return *this;
}

template <>
struct caster<StringView> : string_caster_base {
    using quick_try_load = caster;
    static constexpr bool borrows = true;
    static StringView get(zend_string* p) noexcept { return StringView(p); }
    static void to_zval(StringView v, zval* out) noexcept { ZVAL_STR_COPY(out, v.raw()); }
};

template <>
struct caster<String> : string_caster_base {
    using quick_try_load = caster;
    static String get(zend_string* p) noexcept { return String(StringView(p)); }
    static void to_zval(String&& v, zval* out) noexcept { v.release_into(out); }
    static void to_zval(const String& v, zval* out) noexcept { v.copy_into(out); }
};

PHPBIND_NAMESPACE_END
