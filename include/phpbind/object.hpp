// phpbind/object.hpp — PHP objects: php::ObjectView (borrowed) and php::Object (owned).
//
//   php::Object o = ...;
//   o.class_name();                 // "DateTime"
//   o.instance_of("DateTimeInterface");
//   o.get("prop");  o.set("prop", 42);
//   o.call("format", "Y-m-d");      // see phpbind/call.hpp
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/value.hpp>

#include <cstddef>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

class Object;

namespace detail {
/// The class named `name` (autoloading it), or throws php::error.
zend_class_entry* lookup_class(std::string_view name);
Value read_property(zend_object* obj, std::string_view name);
void write_property(zend_object* obj, std::string_view name, zval* value);

/// A string literal as a template argument (php::method<"name">).
template <std::size_t N>
struct fixed_name {
    char s[N]{};
    consteval fixed_name(const char (&a)[N]) {
        for (std::size_t i = 0; i < N; ++i) s[i] = a[i];
    }
    static constexpr std::size_t size = N - 1;
};

/// A zend_string in static storage with the engine's layout: flagged interned
/// and permanent, so the engine never counts references to it or frees it,
/// its hash computed at compile time as zend_inline_hash_func() computes it
/// (DJBX33A with the high bit set; tests/cpp/values_test.cpp checks the two
/// agree). Only ever a lookup key or a name the engine copies.
template <std::size_t N>
struct static_zstring {
    zend_refcounted_h gc;
    zend_ulong h;
    size_t len;
    char val[N];
};
static_assert(offsetof(static_zstring<1>, val) == offsetof(zend_string, val));

constexpr zend_ulong engine_hash(const char* s, std::size_t n) {
    zend_ulong h = 5381;
    for (std::size_t i = 0; i < n; ++i) h = h * 33 + static_cast<unsigned char>(s[i]);
    return h | (zend_ulong{1} << (sizeof(zend_ulong) * 8 - 1));
}

template <fixed_name Name, bool Lower>
inline constinit static_zstring<sizeof(Name.s)> static_name = [] {
    static_zstring<sizeof(Name.s)> z{};
    z.gc.refcount = 1;
    z.gc.u.type_info = GC_STRING | ((IS_STR_INTERNED | IS_STR_PERSISTENT | IS_STR_PERMANENT) << GC_FLAGS_SHIFT);
    z.len = Name.size;
    for (std::size_t i = 0; i < sizeof(Name.s); ++i) {
        const char c = Name.s[i];
        z.val[i] = Lower && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    }
    z.h = engine_hash(z.val, Name.size);
    return z;
}();

/// `$obj->name` looked up through the object's get_method handler with a
/// ready lowercase key (as the engine's own method calls pass one).
zend_function* find_method(zend_object* obj, zend_string* name, zend_string* lc_key);
}  // namespace detail

/// A method name fixed at compile time, for calls from C++ on a hot path:
///
///   o.call(php::method<"equals">, other);
///
/// looks `equals` up with a key made once, at compile time (lowercase,
/// hashed): no string is allocated, lowercased or hashed per call, unlike
/// o.call("equals", other). Same semantics otherwise: the object's
/// get_method handler (so __call and visibility apply), the same errors.
template <detail::fixed_name Name>
struct method_name {
    /// The name as written (what __call receives and errors show).
    static zend_string* name() noexcept { return reinterpret_cast<zend_string*>(&detail::static_name<Name, false>); }
    /// The lowercase lookup key.
    static zend_string* key() noexcept { return reinterpret_cast<zend_string*>(&detail::static_name<Name, true>); }
};
template <detail::fixed_name Name>
inline constexpr method_name<Name> method{};

/// A class or interface the module declares, as the engine knows it between
/// the module's startup and its shutdown (null outside), for checks on a hot
/// path without a lookup by name:
///
///   inline php::class_ref hashable;                      // namespace scope
///   m.interface_("App\\Hashable").method<...>(...).ref(hashable);
///   if (v.as_object().instance_of(hashable)) ...
class class_ref {
public:
    constexpr class_ref() noexcept = default;
    class_ref(const class_ref&) = delete;
    class_ref& operator=(const class_ref&) = delete;
    /// The class entry; null before the module's startup and after its shutdown.
    zend_class_entry* entry() const noexcept { return ce_; }
    explicit operator bool() const noexcept { return ce_ != nullptr; }
    /// Set by class_::ref / interface_::ref at startup, cleared at shutdown.
    void bind(zend_class_entry* ce) noexcept { ce_ = ce; }

private:
    zend_class_entry* ce_ = nullptr;
};

/// A borrowed PHP object.
class ObjectView {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    explicit ObjectView(zend_object* o) noexcept : o_(o) {}

    /// The engine object (borrowed). A PHPBIND_DEBUG build checks the view is still valid.
    zend_object* raw() const noexcept {
        PHPBIND_VIEW_CHECK("php::ObjectView");
        return o_;
    }
    /// The object's class (borrowed).
    zend_class_entry* class_entry() const noexcept { return raw()->ce; }
    /// The object's class name.
    std::string_view class_name() const noexcept {
        zend_string* n = raw()->ce->name;
        return {ZSTR_VAL(n), ZSTR_LEN(n)};
    }
    /// `$o instanceof $ce`
    bool instance_of(const zend_class_entry* ce) const noexcept { return instanceof_function(raw()->ce, ce); }
    /// `$o instanceof Name`; false if no such class is known.
    bool instance_of(std::string_view class_name) const;
    /// `$o instanceof` a class the module declares (false outside its lifetime).
    bool instance_of(const class_ref& c) const noexcept { return c && instanceof_function(raw()->ce, c.entry()); }
    /// The object's handle (spl_object_id()).
    uint32_t id() const noexcept { return raw()->handle; }

    /// `$o->name`, read as PHP code outside the class would (visibility applies;
    /// an inaccessible property throws the engine's Error).
    Value get(std::string_view name) const { return detail::read_property(raw(), name); }
    /// `$o->name = $value`
    template <class T>
    void set(std::string_view name, T&& value) const {
        zval tmp;
        caster<std::decay_t<T>>::to_zval(std::forward<T>(value), &tmp);
        try {
            detail::write_property(raw(), name, &tmp);
        } catch (...) {
            detail::release_zval(&tmp);
            throw;
        }
        detail::release_zval(&tmp);
    }

    /// `$o->method(...$args)` (defined in phpbind/call.hpp).
    template <class R = Value, class... A>
    detail::call_result_t<R> call(std::string_view method, A&&... args) const;
    /// The same with a name fixed at compile time (php::method<"name">): no
    /// string work per call.
    template <class R = Value, detail::fixed_name Name, class... A>
    detail::call_result_t<R> call(method_name<Name> method, A&&... args) const;

    /// An owned php::Object holding a new reference to the same object.
    Object own() const noexcept;

private:
    zend_object* o_;
    PHPBIND_VIEW_STAMP
};

inline ObjectView ValueView::as_object() const noexcept { return ObjectView(Z_OBJ_P(raw())); }

/// An owned reference to a PHP object.
class Object {
public:
    static constexpr lifetime php_lifetime = lifetime::request;

    explicit Object(ObjectView v) noexcept { ZVAL_OBJ_COPY(&z_, v.raw()); }
    /// Takes over the caller's reference on `o`.
    static Object adopt(zend_object* o) noexcept { return Object(o, 0); }
    /// `new Name(...args)`: see php::make_object in phpbind/call.hpp.

    Object(const Object& o) noexcept { ZVAL_COPY(&z_, &o.z_); }
    /// Steals the reference; the moved-from Object is empty and may only be
    /// assigned to or destroyed.
    Object(Object&& o) noexcept {
        ZVAL_COPY_VALUE(&z_, &o.z_);
        ZVAL_NULL(&o.z_);
    }
    Object& operator=(Object o) noexcept {
        std::swap(z_, o.z_);
        return *this;
    }
    ~Object() { detail::release_zval(&z_); }

    /// A borrowed view of the object (valid while this Object holds it).
    ObjectView view() const noexcept { return ObjectView(Z_OBJ(z_)); }
    operator ObjectView() const noexcept { return view(); }
    /// The object's class name.
    std::string_view class_name() const noexcept { return view().class_name(); }
    /// `$obj instanceof $class` (by class entry, or by name: an unknown name is false).
    bool instance_of(const zend_class_entry* ce) const noexcept { return view().instance_of(ce); }
    bool instance_of(std::string_view class_name) const { return view().instance_of(class_name); }
    /// `$obj->name`, as an owned value (the class's read_property handler: __get applies).
    Value get(std::string_view name) const { return view().get(name); }
    /// `$obj->name = $value;` with any value a caster converts (write_property: __set, readonly and
    /// typed properties apply; a violation throws).
    template <class T>
    void set(std::string_view name, T&& value) const {
        view().set(name, std::forward<T>(value));
    }
    /// `spl_object_id($obj)`
    uint32_t id() const noexcept { return view().id(); }
    /// `$obj->method(...$args)` with C++ arguments; the result as R (php::Value by default,
    /// `php::weak<T>`, void).
    template <class R = Value, class... A>
    detail::call_result_t<R> call(std::string_view method, A&&... args) const;
    /// The same with a name fixed at compile time (php::method<"name">).
    template <class R = Value, detail::fixed_name Name, class... A>
    detail::call_result_t<R> call(method_name<Name> method, A&&... args) const {
        return view().call<R>(method, std::forward<A>(args)...);
    }

    /// The value as a mixed view.
    operator ValueView() const noexcept { return ValueView(const_cast<zval*>(&z_)); }
    /// The zval holding the object (this Object keeps its reference).
    zval* raw() noexcept { return &z_; }
    const zval* raw() const noexcept { return &z_; }
    /// Hands the reference over to `dst` (uninitialised); this becomes empty
    /// (as after a move: it may only be assigned to or destroyed).
    void release_into(zval* dst) noexcept {
        ZVAL_COPY_VALUE(dst, &z_);
        ZVAL_NULL(&z_);
    }
    /// Writes a new reference to the object into `dst` (uninitialised).
    void copy_into(zval* dst) const noexcept { ZVAL_COPY(dst, &z_); }

private:
    Object(zend_object* o, int) noexcept { ZVAL_OBJ(&z_, o); }
    zval z_;
    PHPBIND_OWNED_STAMP("php::Object", &z_)
};

inline Object ObjectView::own() const noexcept { return Object(*this); }

/// The caster protocol shared by object-typed casters (php::Object, php::ObjectView): declares
/// `object`, reads only objects. See casters.md.
struct object_caster_base {
    static constexpr uint32_t type_mask = MAY_BE_OBJECT;
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_object*& out, bool nullable) {
        if (EXPECTED(Z_TYPE_P(arg) == IS_OBJECT)) {
            out = Z_OBJ_P(arg);
            return true;
        }
        detail::wrong_type(num, Z_EXPECTED_OBJECT, nullable, arg);
        return false;
    }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (Z_TYPE_P(z) != IS_OBJECT) return false;
        out = Z_OBJ_P(z);
        return true;
    }
};

template <>
struct caster<ObjectView> : object_caster_base {
    static constexpr bool borrows = true;
    static ObjectView get(zend_object* p) noexcept { return ObjectView(p); }
    static void to_zval(ObjectView v, zval* out) noexcept { ZVAL_OBJ_COPY(out, v.raw()); }
};

template <>
struct caster<Object> : object_caster_base {
    static Object get(zend_object* p) noexcept { return Object(ObjectView(p)); }
    static void to_zval(Object&& v, zval* out) noexcept { v.release_into(out); }
    static void to_zval(const Object& v, zval* out) noexcept { v.copy_into(out); }
};

PHPBIND_NAMESPACE_END
