// phpbind/class.hpp — a C++ type becomes a PHP class.
//
//   struct Counter { int64_t n = 0; int64_t inc() { return ++n; } };
//
//   m.class_<Counter>("Counter")
//       .constructor<int64_t>(php::arg("start") = 0)   // __construct(int $start = 0)
//       .def<&Counter::inc>("inc");                    // inc(): int
//
// The C++ object lives inline with its zend_object: one allocation, the
// zend_object last (its properties follow it), the offset known at compile
// time. It is constructed by __construct (or when the object is created, for
// a default-constructible type bound without a constructor) and destroyed in
// free_obj, after the engine's own zend_object_std_dtor. A method called on an
// object whose C++ part was never constructed (a PHP subclass that skipped
// parent::__construct) raises Error instead of touching it.
#pragma once

#include <phpbind/call.hpp>
#include <phpbind/module.hpp>

#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

/// How an object holds its C++ object.
enum class holding : unsigned char {
    none,     // not constructed (yet)
    inline_,  // in `storage`: built by __construct, a by-value return or clone
    unique,   // a heap object the PHP object owns (a returned std::unique_ptr<T>)
    shared,   // a heap object it shares (a returned std::shared_ptr<T>)
    building, // T's constructor is running in `storage`
};

template <class T>
struct object_holder {
    alignas(T) unsigned char storage[sizeof(T)];
    alignas(std::shared_ptr<T>) unsigned char owner[sizeof(std::shared_ptr<T>)];  // holding::shared
    T* ptr;  // the C++ object; null until constructed
    holding how;
    zend_object std;  // last: declared properties are allocated after it
};

/// How far before its zend_object every holder keeps `ptr`, whatever T.
inline constexpr size_t native_ptr_distance = 16;

/// How a data member of type int64_t, double or bool is read without its
/// getter: straight from the C++ object (see read_property in src/class.cpp).
enum direct_kind : unsigned char { direct_none = 0, direct_long = 1, direct_double = 2, direct_bool = 3 };

/// A native-backed property: reads and writes go to C++ through these.
struct native_property {
    zend_string* name = nullptr;              // interned, owned by the engine
    direct_kind direct = direct_none;
    // The member's offset in the C++ object of `o`'s own class (a derived one too).
    ptrdiff_t (*member_offset)(zend_object*) = nullptr;
    void (*get)(zend_object*, zval*) = nullptr;
    void (*set)(zend_object*, zend_string*, zval*) = nullptr;  // nullptr: read-only
    zend_property_info* info = nullptr;       // the declared property (Reflection, type)
};

/// What phpbind knows about a bound class at run time. The object handlers
/// come first: every object of the class and of its PHP subclasses points at
/// them, so an object leads back to its bound class, and through `parent` to
/// the bound C++ bases its C++ object can be converted to. An object whose
/// C++ object does not exist yet (before __construct) points at `pending`, a
/// copy: so `o->handlers == &node.handlers` alone proves the C++ object is
/// there, and the hot paths test nothing else.
struct class_node {
    zend_object_handlers handlers;
    zend_object_handlers pending;
    zend_class_entry* ce = nullptr;
    const class_node* parent = nullptr;       // the bound C++ base, if any
    void* (*self)(zend_object*) = nullptr;    // the C++ object (throws if not constructed)
    std::shared_ptr<void> (*share)(zend_object*) noexcept = nullptr;  // the owner, if held by a shared_ptr
    // New objects of this class around a heap object of exactly this type
    // (given as its most-derived address): owning it, or sharing `owner`.
    void (*adopt_unique)(void*, zval*) = nullptr;
    void (*adopt_shared)(std::shared_ptr<void>, void*, zval*) = nullptr;
    void* (*to_parent)(void*) = nullptr;      // Derived* -> Base*
    std::vector<native_property> properties;  // this class's and its bases'
};
static_assert(std::is_standard_layout_v<class_node>);

/// Whether a bound object's C++ object exists: its holder's `ptr`, which sits
/// at the same distance before the zend_object whatever the class.
PHPBIND_INLINE bool is_constructed(const zend_object* o) noexcept {
    return *reinterpret_cast<void* const*>(reinterpret_cast<const char*>(o) - native_ptr_distance) != nullptr;
}

PHPBIND_INLINE const class_node* node_of(const zend_object* o) noexcept {
    const char* h = reinterpret_cast<const char*>(o->handlers);
    return reinterpret_cast<const class_node*>(is_constructed(o) ? h : h - offsetof(class_node, pending));
}

/// Bound classes by C++ type: a returned pointer to a polymorphic base becomes
/// an object of its dynamic type's class, when that type is bound too.
inline std::unordered_map<std::type_index, const class_node*>& classes_by_type() {
    static std::unordered_map<std::type_index, const class_node*> map;
    return map;
}

template <class T>
struct class_info {
    static inline class_node node;
    static inline zend_class_entry*& ce = node.ce;
    static inline const char* name = nullptr;  // in the module's storage: arg info refers to it
};

template <class T>
PHPBIND_INLINE object_holder<T>* holder_of(zend_object* o) noexcept {
    return reinterpret_cast<object_holder<T>*>(reinterpret_cast<char*>(o) - offsetof(object_holder<T>, std));
}
template <class T>
PHPBIND_INLINE T* storage_of(object_holder<T>* h) noexcept {
    return std::launder(reinterpret_cast<T*>(h->storage));
}

[[noreturn]] PHPBIND_COLD void throw_uninitialized(zend_object* o);
[[noreturn]] PHPBIND_COLD void throw_unbound(const std::type_info& t);
[[noreturn]] PHPBIND_COLD void throw_inherited_constructor(zend_object* o);
[[noreturn]] PHPBIND_COLD void throw_null_factory(zend_object* o);
/// __construct called again: refused while C++ code uses the object (src/class.cpp).
PHPBIND_COLD void check_not_in_use(zend_object* o);
std::string demangle(const std::type_info& t);

/// The C++ object of a bound base class inside an object of a bound derived
/// class: walks the bound bases from the object's own class up to `target`.
PHPBIND_COLD void* upcast(zend_object* o, const class_node* target);

/// The C++ object inside `o` (of class T, or of a class derived from T's);
/// throws php::error if it was never constructed.
template <class T>
PHPBIND_INLINE T* native(zend_object* o) {
    if (EXPECTED(o->handlers == &class_info<T>::node.handlers)) return holder_of<T>(o)->ptr;
    return static_cast<T*>(upcast(o, &class_info<T>::node));
}

template <class T>
void* self_of(zend_object* o) {
    T* p = holder_of<T>(o)->ptr;
    if (UNEXPECTED(!p)) throw_uninitialized(o);
    return p;
}

/// Records the C++ object `p` (held as `how`) in a holder.
template <class T>
PHPBIND_INLINE void set_native(object_holder<T>* h, T* p, holding how) noexcept {
    h->ptr = p;
    h->how = how;
    h->std.handlers = &class_info<T>::node.handlers;
}
template <class D, class B>
void* to_base(void* p) {
    return static_cast<B*>(static_cast<D*>(p));
}

template <class T>
zend_object* create_object(zend_class_entry* ce) {
    static_assert(offsetof(object_holder<T>, std) - offsetof(object_holder<T>, ptr) == native_ptr_distance);
    auto* h = static_cast<object_holder<T>*>(zend_object_alloc(sizeof(object_holder<T>), ce));
    h->ptr = nullptr;
    h->how = holding::none;
    zend_object_std_init(&h->std, ce);
    object_properties_init(&h->std, ce);
    h->std.handlers = &class_info<T>::node.pending;
    return &h->std;
}

/// Destroys or lets go of the C++ object, whichever way it is held.
template <class T>
void release_native(object_holder<T>* h) noexcept {
    T* p = h->ptr;
    holding how = h->how;
    h->ptr = nullptr;
    h->how = holding::none;
    h->std.handlers = &class_info<T>::node.pending;
    switch (how) {
    case holding::none:
    case holding::building: break;
    case holding::inline_: p->~T(); break;
    case holding::unique: delete p; break;
    case holding::shared:
        std::launder(reinterpret_cast<std::shared_ptr<T>*>(h->owner))->~shared_ptr();
        break;
    }
}

/// Builds the C++ object in the object's own storage.
template <class T, class... A>
void construct_inline(object_holder<T>* h, A&&... a) {
    struct building {  // a __construct reached from T's constructor must see it
        object_holder<T>* h;
        ~building() {
            if (h->how == holding::building) h->how = holding::none;
        }
    } mark{h};
    h->how = holding::building;
    new (h->storage) T(std::forward<A>(a)...);
    set_native(h, storage_of(h), holding::inline_);
}

/// free_obj: the engine's part first, then the C++ object, whose destructor
/// runs through the edge (it may call PHP inside try/catch; see
/// docs/errors.md for what it may do after the request ended).
template <class T>
void free_object(zend_object* o) {
    zend_object_std_dtor(o);
    (void)release_edge([&] { release_native(holder_of<T>(o)); });  // nothing to report: the object is gone
}

/// What a native object reports to the cycle collector: every PHP value it
/// holds. A bound type with a member `void gc(php::gc_visitor&) const` is
/// asked for them; cycles through it are then collected.
} // namespace detail

class gc_visitor {
public:
    explicit gc_visitor(zend_get_gc_buffer* buf) noexcept : buf_(buf) {}
    void add(const Value& v) noexcept { add_zval(v.raw()); }
    void add(const Array& v) noexcept { add_zval(v.raw()); }
    void add(const Object& v) noexcept { add_zval(v.raw()); }
    void add(const Callable& v) noexcept { add_zval(const_cast<Callable&>(v).raw()); }
    template <class T>
    void add(const std::optional<T>& v) noexcept {
        if (v) add(*v);
    }

private:
    void add_zval(const zval* z) noexcept { zend_get_gc_buffer_add_zval(buf_, const_cast<zval*>(z)); }
    zend_get_gc_buffer* buf_;
};

namespace detail {

template <class T>
HashTable* get_gc(zend_object* o, zval** table, int* n) {
    zend_get_gc_buffer* buf = zend_get_gc_buffer_create();
    if (is_constructed(o)) {  // an object of T or of a class derived from it
        gc_visitor v(buf);
        (void)release_edge([&] { native<T>(o)->gc(v); });  // what it reported before failing counts
    }
    // Properties, as zend_std_get_gc() reports them: the property table when
    // there is one (it covers declared slots), else the declared slots.
    if (!o->properties) {
        for (int i = 0; i < o->ce->default_properties_count; ++i) zend_get_gc_buffer_add_zval(buf, &o->properties_table[i]);
    }
    zend_get_gc_buffer_use(buf, table, n);
    return o->properties;
}

template <class T>
zend_object* clone_object(zend_object* old) {
    zend_object* fresh = create_object<T>(old->ce);
    object_holder<T>* from = holder_of<T>(old);
    object_holder<T>* to = holder_of<T>(fresh);
    // A copy constructor that throws leaves the clone unconstructed (its
    // methods raise Error) and the exception pending: the engine then
    // releases the clone.
    if (from->ptr) (void)edge([&] { construct_inline(to, *from->ptr); });
    zend_objects_clone_members(fresh, old);
    return fresh;
}

/// A new PHP object holding `value` (moved or copied in).
template <class T, class V>
void new_object(V&& value, zval* out) {
    zend_class_entry* ce = class_info<T>::ce;
    if (!ce) throw_unbound(typeid(T));
    zend_object* o = create_object<T>(ce);
    try {
        construct_inline(holder_of<T>(o), std::forward<V>(value));
    } catch (...) {
        detail::release_object(o);
        throw;
    }
    ZVAL_OBJ(out, o);
}

/// Makes the holder share `p` (not null) with its other owners.
template <class T>
void hold_shared(object_holder<T>* h, std::shared_ptr<T> p) noexcept {
    T* raw = p.get();
    new (h->owner) std::shared_ptr<T>(std::move(p));
    set_native(h, raw, holding::shared);
}

template <class T>
void adopt_unique(void* p, zval* out) {
    object_holder<T>* h = holder_of<T>(create_object<T>(class_info<T>::ce));
    set_native(h, static_cast<T*>(p), holding::unique);
    ZVAL_OBJ(out, &h->std);
}
template <class T>
void adopt_shared(std::shared_ptr<void> owner, void* p, zval* out) {
    object_holder<T>* h = holder_of<T>(create_object<T>(class_info<T>::ce));
    hold_shared(h, std::shared_ptr<T>(std::move(owner), static_cast<T*>(p)));  // shares owner's control block
    ZVAL_OBJ(out, &h->std);
}

/// The bound class of `*p`'s dynamic type and its address, when T is
/// polymorphic and that type is bound; otherwise T's own.
template <class T>
std::pair<const class_node*, void*> dynamic_class(T* p) {
    if constexpr (std::is_polymorphic_v<T>) {
        const std::type_info& dyn = typeid(*p);
        if (dyn != typeid(T)) {
            auto& map = classes_by_type();
            if (auto it = map.find(std::type_index(dyn)); it != map.end() && it->second->ce) {
                return {it->second, dynamic_cast<void*>(p)};
            }
        }
    }
    if (!class_info<T>::ce) throw_unbound(typeid(T));
    return {&class_info<T>::node, p};
}

/// A new PHP object that takes ownership of `p` (never null).
template <class T>
void new_object_owning(std::unique_ptr<T> p, zval* out) {
    auto [node, addr] = dynamic_class(p.get());
    node->adopt_unique(addr, out);
    (void)p.release();
}

/// A new PHP object sharing ownership of `p` (never null).
template <class T>
void new_object_sharing(std::shared_ptr<T> p, zval* out) {
    auto [node, addr] = dynamic_class(p.get());
    node->adopt_shared(std::shared_ptr<void>(std::move(p)), addr, out);
}

/// The std::shared_ptr an object shares its C++ object through; empty if it
/// holds it any other way.
template <class T>
std::shared_ptr<void> share_of(zend_object* o) noexcept {
    object_holder<T>* h = holder_of<T>(o);
    if (h->how != holding::shared) return {};
    return *std::launder(reinterpret_cast<std::shared_ptr<T>*>(h->owner));
}

PHPBIND_COLD void not_shared_error(uint32_t num, const char* class_name, zend_object* o);

} // namespace detail

// ---------------------------------------------------------------------------
// Any class type without a caster of its own is a bound class: it crosses as
// an object of the PHP class `class_<T>` registered for it.
template <class T>
    requires(std::is_class_v<T> && !(std::ranges::view<T> && std::ranges::sized_range<T>))
struct caster<T> {
    static constexpr bool binds_object = true;
    static constexpr uint32_t type_mask = 0;  // the class name carries the type
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() {
        if (!detail::class_info<T>::name) detail::throw_unbound(typeid(T));
        return detail::class_info<T>::name;
    }
    static bool matches(zval* z) noexcept {
        return Z_TYPE_P(z) == IS_OBJECT && detail::class_info<T>::ce &&
               instanceof_function(Z_OBJCE_P(z), detail::class_info<T>::ce);
    }
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, zend_object*& out, bool nullable) {
        if (EXPECTED(matches(arg))) {
            out = Z_OBJ_P(arg);
            return true;
        }
        if (nullable) zend_wrong_parameter_class_or_null_error(num, class_name(), arg);
        else zend_wrong_parameter_class_error(num, class_name(), arg);
        return false;
    }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (!matches(z)) return false;
        out = Z_OBJ_P(z);
        return true;
    }
    /// By value: a copy of the C++ object.
    static T get(zend_object* o) { return *detail::native<T>(o); }
    static void to_zval(T&& v, zval* out) { detail::new_object<T>(std::move(v), out); }
    static void to_zval(const T& v, zval* out) { detail::new_object<T>(v, out); }
};

/// T* is a nullable bound object (`?Counter`).
template <class T>
    requires std::is_class_v<T>
struct caster<T*> {
    using inner = caster<std::remove_cv_t<T>>;
    static constexpr bool binds_object = true;
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() { return inner::class_name(); }
    static bool load(zval* arg, uint32_t num, zend_object*& out, bool) {
        if (Z_TYPE_P(arg) == IS_NULL) {
            out = nullptr;
            return true;
        }
        return inner::load(arg, num, out, true);
    }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (Z_TYPE_P(z) == IS_NULL) {
            out = nullptr;
            return true;
        }
        return inner::try_load(z, out);
    }
};

/// std::unique_ptr<T> as a result: the new PHP object owns the C++ object
/// (deleted with it); null gives null. As a parameter it is refused: PHP
/// objects keep their C++ objects (take T&, const T& or T*).
template <class T>
    requires std::is_class_v<T>
struct caster<std::unique_ptr<T>> {
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    static const char* class_name() { return caster<T>::class_name(); }
    static void to_zval(std::unique_ptr<T>&& p, zval* out) {
        if (!p) ZVAL_NULL(out);
        else detail::new_object_owning(std::move(p), out);
    }
    using parsed = zend_object*;
    template <class X = void>
    static bool load(zval*, uint32_t, zend_object*&, bool) {
        static_assert(sizeof(X*) == 0,
                      "phpbind: a PHP object cannot give up its C++ object: take T&, const T& or T* instead of "
                      "std::unique_ptr<T>");
        return false;
    }
};

/// std::shared_ptr<T> as a result: the new PHP object shares ownership of the
/// C++ object (each return makes a new PHP object); null gives null. As a
/// parameter: an object that shares its C++ object this way (or null) gives
/// a shared_ptr to it (to its T part, for a derived class), which C++ may
/// keep beyond the request; any other object raises TypeError.
template <class T>
    requires std::is_class_v<T>
struct caster<std::shared_ptr<T>> {
    static constexpr uint32_t type_mask = MAY_BE_NULL;
    static constexpr const char* type_name = "object";
    using parsed = zend_object*;
    static const char* class_name() { return caster<T>::class_name(); }
    static bool try_load(zval* z, zend_object*& out) noexcept {
        if (Z_TYPE_P(z) == IS_NULL) {
            out = nullptr;
            return true;
        }
        if (!caster<T>::matches(z) || !detail::node_of(Z_OBJ_P(z))->share(Z_OBJ_P(z))) return false;
        out = Z_OBJ_P(z);
        return true;
    }
    static bool load(zval* arg, uint32_t num, zend_object*& out, bool) {
        if (EXPECTED(try_load(arg, out))) return true;
        if (caster<T>::matches(arg)) detail::not_shared_error(num, class_name(), Z_OBJ_P(arg));
        else zend_wrong_parameter_class_or_null_error(num, class_name(), arg);
        return false;
    }
    static std::shared_ptr<T> get(zend_object* o) {
        if (!o) return {};
        // Shares the owner's control block, points at the T part.
        return std::shared_ptr<T>(detail::node_of(o)->share(o), detail::native<T>(o));
    }
    static void to_zval(std::shared_ptr<T> p, zval* out) {
        if (!p) ZVAL_NULL(out);
        else detail::new_object_sharing(std::move(p), out);
    }
};

namespace detail {

// Parameters of bound class types: T& and const T& refer to the object's own
// C++ part; T* is nullable; T by value is a copy.
template <class P>
concept bound_param = requires { caster<std::remove_cvref_t<P>>::binds_object; };

template <class P>
    requires bound_param<P>
struct param<P> {
    using value_type = std::remove_cvref_t<P>;
    using c = caster<value_type>;
    using object_type = std::remove_cv_t<std::remove_pointer_t<value_type>>;
    static constexpr uint32_t type_mask = c::type_mask;
    static constexpr bool by_ref = false;
    static constexpr bool is_variadic = false;
    using state = zend_object*;
    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, state& st) { return c::load(arg, num, st, false); }
    static object_type* hold(state& st) { return st ? native<object_type>(st) : nullptr; }
    static P pass(object_type* p) {
        if constexpr (std::is_pointer_v<value_type>) return p;
        else return *p;
    }
    template <class H>
    static void after(H&) {}
};

// Calls a member function on the C++ object behind $this.
template <auto M, class T>
struct invoke_method {
    static constexpr bool is_method = true;
    template <class... X>
    static PHPBIND_INLINE void call(zend_execute_data* execute_data, zval* return_value, X&&... a) {
        zend_object* self = Z_OBJ(EX(This));
        T* p = native<T>(self);
        using R = decltype((p->*M)(std::forward<X>(a)...));
        if constexpr (std::is_void_v<R>) {
            (p->*M)(std::forward<X>(a)...);
        } else if constexpr (std::is_lvalue_reference_v<R> && std::is_same_v<std::remove_cvref_t<R>, T>) {
            auto& r = (p->*M)(std::forward<X>(a)...);
            if (&r == p) ZVAL_OBJ_COPY(return_value, self);  // `return *this;` gives $this
            else caster<T>::to_zval(r, return_value);
        } else {
            caster<std::remove_cvref_t<R>>::to_zval((p->*M)(std::forward<X>(a)...), return_value);
        }
    }
};

/// The holder a T constructor may fill: `self` must be an object of T's own
/// class (or a PHP subclass). A bound derived class without a constructor
/// of its own inherits T's; it must not build a T where the derived object lives.
template <class T>
object_holder<T>* constructing(zend_object* self) {
    if (UNEXPECTED(node_of(self)->self != &self_of<T>)) throw_inherited_constructor(self);
    object_holder<T>* h = holder_of<T>(self);
    if (UNEXPECTED(h->ptr || h->how == holding::building)) check_not_in_use(self);
    return h;
}

// __construct: builds the C++ object in place (again, if called twice).
template <class T, class... A>
struct invoke_constructor {
    static constexpr bool is_method = true;
    static constexpr bool no_return_type = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval*, X&&... a) {
        object_holder<T>* h = constructing<T>(Z_OBJ(EX(This)));
        release_native(h);  // __construct called again
        construct_inline(h, std::forward<X>(a)...);
    }
    static void signature(A...);  // the parameter list, for binder_for
};

/// __construct from a factory function: F's parameters are the constructor's;
/// it returns a T (moved into the object), or a std::unique_ptr<T> /
/// std::shared_ptr<T> the object then owns / shares. The factory runs first,
/// so if it throws, an object constructed before keeps its C++ object.
template <class T, auto F>
struct invoke_factory {
    static constexpr bool is_method = true;
    static constexpr bool no_return_type = true;
    template <class... X>
    static void call(zend_execute_data* execute_data, zval*, X&&... a) {
        zend_object* self = Z_OBJ(EX(This));
        object_holder<T>* h = constructing<T>(self);
        auto made = F(std::forward<X>(a)...);
        using R = decltype(made);
        if constexpr (std::is_same_v<R, T>) {
            release_native(h);
            construct_inline(h, std::move(made));
        } else if constexpr (std::is_same_v<R, std::unique_ptr<T>>) {
            if (!made) throw_null_factory(self);
            release_native(h);
            set_native(h, made.release(), holding::unique);
        } else {
            static_assert(std::is_same_v<R, std::shared_ptr<T>>,
                          "phpbind: a factory returns T, std::unique_ptr<T> or std::shared_ptr<T>");
            if (!made) throw_null_factory(self);
            release_native(h);
            hold_shared(h, std::move(made));
        }
    }
};

template <class T>
struct constructor_key {};

/// A property to declare at registration.
struct property_spec {
    std::string name;
    uint32_t type_mask = 0;
    const char* class_name = nullptr;  // a bound class type
    uint32_t flags = ZEND_ACC_PUBLIC;
    zval default_value;                // UNDEF: none (an uninitialized typed property)
    void (*get)(zend_object*, zval*) = nullptr;  // native-backed when set
    void (*set)(zend_object*, zend_string*, zval*) = nullptr;
    direct_kind direct = direct_none;
    ptrdiff_t (*member_offset)(zend_object*) = nullptr;
};

struct class_spec {
    std::string name;
    std::vector<zend_function_entry> methods;
    uint32_t flags = 0;
    bool flags_has_constructor = false;
    std::vector<void (*)(zend_object_handlers&)> handler_setup;  // native handlers (count, dimensions)
    std::vector<zend_class_entry* (*)()> interfaces;              // implemented after registration
    std::vector<std::string> interface_names;                     // interfaces bound with interface_, by name
    std::vector<std::pair<std::string, zval>> constants;          // immutable values (see any_default)
    std::vector<property_spec> properties;                        // declared and native-backed
    std::vector<void (*)(zend_class_entry*)> ce_setup;           // class entry hooks (get_iterator)
    bool serializable = false;                                    // opted in: no ZEND_ACC_NOT_SERIALIZABLE
};

[[noreturn]] PHPBIND_COLD void throw_offset_type(zend_object* o, const char* what, const char* expected, zval* z);

// Reads an array-access offset (or value: `what`) as C++ type K, strictly.
template <class K>
PHPBIND_COLD K dim_key_slow(zend_object* o, zval* offset, const char* what) {
    if (!offset) throw error(std::string("Cannot append to an object of class ") + ZSTR_VAL(o->ce->name));
    ZVAL_DEREF(offset);
    typename caster<K>::parsed p;
    if (UNEXPECTED(!caster<K>::try_load(offset, p))) throw_offset_type(o, what, caster<K>::type_name, offset);
    return caster<K>::get(p);
}
template <class K>
PHPBIND_INLINE K dim_key(zend_object* o, zval* offset, const char* what = "offset") {
    // The int fast path exists only for integer types spanning zend_long
    // (caster<K>::full_range is an integer caster's member alone).
    if constexpr (std::is_integral_v<K> && !std::is_same_v<K, bool>) {
        if constexpr (caster<K>::full_range) {
            if (EXPECTED(offset && Z_TYPE_P(offset) == IS_LONG)) return static_cast<K>(Z_LVAL_P(offset));
        }
    }
    return dim_key_slow<K>(o, offset, what);
}

template <class F>
struct member_traits;
template <class C, class R, class... A>
struct member_traits<R (C::*)(A...)> {
    using ret = R;
    using args = type_list<std::remove_cvref_t<A>...>;
};
template <class C, class R, class... A>
struct member_traits<R (C::*)(A...) const> : member_traits<R (C::*)(A...)> {};
template <class L>
struct first_of;
template <class H, class... T>
struct first_of<type_list<H, T...>> {
    using type = H;
};
template <class L>
struct second_of;
template <class H, class S, class... T>
struct second_of<type_list<H, S, T...>> {
    using type = S;
};

/// Registers a class at MINIT; the method table is freed once the engine has
/// read it (do_register_internal_class copies every entry).
zend_class_entry* register_class(class_spec& spec, zend_object* (*create)(zend_class_entry*), zend_class_entry* parent,
                                 bool free_methods);

/// Implements the interfaces named in the spec (registered before the class),
/// and checks that the class defines every method they declare.
void implement_named_interfaces(const class_spec& spec, zend_class_entry* ce);

/// The body of an interface method: never called (the engine refuses to
/// call an abstract method); it only gives the binder a signature.
struct abstract_invoke {
    static constexpr bool is_method = true;
    template <class... X>
    static void call(zend_execute_data*, zval*, X&&...) {}
};
template <class Sig>
struct abstract_key {};

struct interface_spec {
    std::string name;
    std::vector<zend_function_entry> methods;
    std::vector<std::string> parents;
};
zend_class_entry* register_interface(interface_spec& spec, bool free_methods);

/// Declares the spec's properties on `ce`; native-backed ones join `node`,
/// whose property handlers are then installed.
void declare_properties(class_spec& spec, zend_class_entry* ce, class_node& node);

[[noreturn]] PHPBIND_COLD void throw_property_type(zend_object* o, zend_string* name, zval* value, const char* expected);

/// A value the property's C++ type cannot hold (an integer out of range).
template <class V>
[[noreturn]] PHPBIND_COLD void throw_property_value(zend_object* o, zend_string* name, zval* value) {
    if constexpr (std::is_integral_v<V> && !std::is_same_v<V, bool>) {
        if (Z_TYPE_P(value) == IS_LONG) {
            throw value_error("Cannot assign " + std::to_string(Z_LVAL_P(value)) + " to property " +
                              ZSTR_VAL(o->ce->name) + "::$" + ZSTR_VAL(name) + ": it must be between " +
                              std::to_string(std::numeric_limits<V>::min()) + " and " +
                              std::to_string(std::numeric_limits<V>::max()));
        }
    }
    throw_property_type(o, name, value, caster<V>::type_name);
}

template <class T, auto M>
struct member_access;
template <class T, class C, class V, V C::*M>
struct member_access<T, M> {
    using value_type = std::remove_cv_t<V>;
    static constexpr bool writable = !std::is_const_v<V>;
    static constexpr direct_kind direct =
        std::is_same_v<value_type, bool> ? direct_bool
        : std::is_same_v<value_type, double> ? direct_double
        : (std::is_integral_v<value_type> && std::is_signed_v<value_type> && sizeof(value_type) == sizeof(zend_long))
            ? direct_long
            : direct_none;
    static ptrdiff_t member_offset(zend_object* o) {
        return reinterpret_cast<const char*>(&(native<T>(o)->*M)) - static_cast<const char*>(node_of(o)->self(o));
    }
    static void get(zend_object* o, zval* rv) { caster<value_type>::to_zval(native<T>(o)->*M, rv); }
    static void set(zend_object* o, zend_string* name, zval* v) {
        if constexpr (writable) {
            typename caster<value_type>::parsed p;
            if (UNEXPECTED(!caster<value_type>::try_load(v, p))) throw_property_value<value_type>(o, name, v);
            native<T>(o)->*M = caster<value_type>::get(p);
        }
    }
};

template <class T, auto G>
struct getter_access {
    using value_type = std::remove_cvref_t<typename member_traits<decltype(G)>::ret>;
    static void get(zend_object* o, zval* rv) { caster<value_type>::to_zval((native<T>(o)->*G)(), rv); }
};

template <class T, auto S>
struct setter_access {
    using value_type = typename first_of<typename member_traits<decltype(S)>::args>::type;
    static void set(zend_object* o, zend_string* name, zval* v) {
        typename caster<value_type>::parsed p;
        if (UNEXPECTED(!caster<value_type>::try_load(v, p))) throw_property_value<value_type>(o, name, v);
        (native<T>(o)->*S)(caster<value_type>::get(p));
    }
};

} // namespace detail

/// Visibility of a declared property.
struct visibility {
    uint32_t flags;
};
inline constexpr visibility public_{ZEND_ACC_PUBLIC};
inline constexpr visibility protected_{ZEND_ACC_PROTECTED};
inline constexpr visibility private_{ZEND_ACC_PRIVATE};

template <class T, class Base>
class class_ {
    static_assert(std::is_class_v<T>, "phpbind: class_<T> binds a class or struct type");
    static_assert(std::is_void_v<Base> || std::is_base_of_v<Base, T>,
                  "phpbind: class_<T, Base>: Base must be a base class of T");
    static_assert(std::is_void_v<Base> || !std::is_same_v<Base, T>, "phpbind: a class cannot extend itself");

public:
    class_(module& m, std::string_view name) : m_(m), spec_(std::make_shared<detail::class_spec>()) {
        spec_->name = std::string(name);
        detail::class_info<T>::name = m.keep(name);
        auto spec = spec_;
        module* mod = &m;
        m.at_startup([spec, mod](int) {
            auto& node = detail::class_info<T>::node;
            zend_class_entry* parent = nullptr;
            if constexpr (std::is_void_v<Base>) {
                node.handlers = std_object_handlers;
                node.parent = nullptr;
                node.to_parent = nullptr;
                node.properties.clear();
            } else {
                // The base's handlers (count, dimensions, properties, gc) work
                // on derived objects: they reach the base's C++ part by upcast.
                const auto& base = detail::class_info<Base>::node;
                if (!base.ce) {
                    throw std::runtime_error("class " + spec->name + ": its base class " +
                                             detail::class_info<Base>::name + " must be bound before it");
                }
                node.handlers = base.handlers;
                node.parent = &base;
                node.to_parent = &detail::to_base<T, Base>;
                node.properties = base.properties;
                parent = base.ce;
                // Without a constructor of its own it would inherit the
                // base's, which builds a Base: a default-constructible type
                // gets `__construct()` from its default constructor instead.
                if constexpr (std::is_default_constructible_v<T>) {
                    if (!spec->flags_has_constructor) {
                        using B = detail::binder<detail::constructor_key<T>, detail::invoke_constructor<T>, void>;
                        B::bind_into(*mod, "__construct", &spec->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR);
                    }
                }
            }
            node.self = &detail::self_of<T>;
            node.share = &detail::share_of<T>;
            node.adopt_unique = &detail::adopt_unique<T>;
            node.adopt_shared = &detail::adopt_shared<T>;
            detail::classes_by_type()[std::type_index(typeid(T))] = &node;
            auto& info = node.handlers;
            info.offset = static_cast<int>(offsetof(detail::object_holder<T>, std));
            info.free_obj = &detail::free_object<T>;
            if constexpr (std::is_copy_constructible_v<T>) info.clone_obj = &detail::clone_object<T>;
            else info.clone_obj = nullptr;  // PHP's own "Trying to clone an uncloneable object"
            if constexpr (requires(const T& t, gc_visitor& v) { t.gc(v); }) info.get_gc = &detail::get_gc<T>;
            for (auto setup : spec->handler_setup) setup(info);
            zend_object* (*create)(zend_class_entry*) = &detail::create_object<T>;
            if constexpr (std::is_default_constructible_v<T>) {
                if (!spec->flags_has_constructor) create = &create_constructed;
            }
            zend_class_entry* ce = detail::register_class(*spec, create, parent, mod->registers_once());
            for (auto iface : spec->interfaces) zend_class_implements(ce, 1, iface());
            detail::implement_named_interfaces(*spec, ce);
            detail::declare_properties(*spec, ce, node);
            node.pending = node.handlers;
            detail::class_info<T>::ce = ce;
        });
    }

    /// `__construct(...)` from the C++ constructor T(A...).
    template <class... A, class... Extra>
    class_& constructor(const Extra&... extra) {
        using B = detail::binder<detail::constructor_key<T>, detail::invoke_constructor<T, A...>, void, A...>;
        spec_->flags_has_constructor = true;
        B::bind_into(m_, "__construct", &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR, extra...);
        return *this;
    }

    /// `__construct(...)` from a factory function `F` (a free or static
    /// function returning T, std::unique_ptr<T> or std::shared_ptr<T>): its
    /// parameters become the constructor's arg info.
    template <auto F, class... Extra>
    class_& factory(const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_factory<T, F>, void,
                                              typename S::args>::type;
        spec_->flags_has_constructor = true;
        B::bind_into(m_, "__construct", &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR, extra...);
        return *this;
    }

    /// A method from a member function pointer (const or not).
    template <auto M, class... Extra>
    class_& def(std::string_view name, const Extra&... extra) {
        static_assert(std::is_member_function_pointer_v<decltype(M)>,
                      "phpbind: class_::def<&T::method> takes a member function; use def_static for others");
        using S = detail::signature<decltype(M)>;
        using B = typename detail::binder_for<detail::pointer_key<M>, detail::invoke_method<M, T>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, extra...);
        return *this;
    }

    /// A static method from a free or static member function.
    template <auto F, class... Extra>
    class_& def_static(std::string_view name, const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_pointer<F>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_STATIC, extra...);
        return *this;
    }

    /// Countable, natively: `count($obj)` goes through the count handler
    /// straight to `Size` (a const member returning an integer); the
    /// interface's count() method calls it too.
    template <auto Size>
    class_& countable() {
        spec_->handler_setup.push_back([](zend_object_handlers& h) { h.count_elements = &count_handler<Size>; });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_countable; });
        return def<Size>("count");
    }

    /// ArrayAccess, natively: `$obj[$k]`, `$obj[$k] = $v`, `isset($obj[$k])`
    /// and `unset($obj[$k])` go through the dimension handlers straight to
    /// Get(K) -> V, Set(K, V), Has(K) -> bool and Unset(K). Keys and values
    /// are read with their casters; an offset of the wrong type raises
    /// TypeError. The interface's offsetGet/offsetSet/offsetExists/offsetUnset
    /// methods (mixed, as ArrayAccess declares them) call the same members.
    template <auto Get, auto Set, auto Has, auto Unset>
    class_& array_access() {
        spec_->handler_setup.push_back([](zend_object_handlers& h) {
            h.read_dimension = &read_dim<Get>;
            h.write_dimension = &write_dim<Set>;
            h.has_dimension = &has_dim<Has, Get>;
            h.unset_dimension = &unset_dim<Unset>;
        });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_arrayaccess; });
        bind_dim_method<dim_get<Get>, Value, ValueView>("offsetGet", "offset");
        bind_dim_method<dim_set<Set>, void, ValueView, ValueView>("offsetSet", "offset", "value");
        bind_dim_method<dim_has<Has>, bool, ValueView>("offsetExists", "offset");
        bind_dim_method<dim_unset<Unset>, void, ValueView>("offsetUnset", "offset");
        return *this;
    }

    // Protocols: defined in class_protocols.hpp. ---------------------------

    /// IteratorAggregate, natively: `foreach ($obj as $i => $v)` walks
    /// positions 0..Size()-1 with values At(i), through ce->get_iterator.
    /// Size() is read at every step, so the object may change during a loop.
    /// getIterator(): Iterator returns an InternalIterator over the same.
    template <auto Size, auto At>
    class_& iterable();
    /// IteratorAggregate over a copy of the container Entries() returns,
    /// taken when the loop starts; entries with .first/.second (maps) give
    /// `key => value`, others `0, 1, ... => element`.
    template <auto Entries>
    class_& iterable();
    /// Stringable: `__toString(): string` calling Str, and the cast_object
    /// handler for `(string)$obj`, `echo`, string parameters.
    template <auto Str>
    class_& to_string();
    /// `(int)$obj` / `intval()` through cast_object calling F (an integer).
    template <auto F>
    class_& to_int();
    /// `(float)$obj` / `floatval()` through cast_object calling F.
    template <auto F>
    class_& to_float();
    /// `(bool)$obj`, `if ($obj)`, `!$obj` through cast_object calling F.
    template <auto F>
    class_& to_bool();
    /// JsonSerializable: `jsonSerialize()` calls F; json_encode() uses it.
    template <auto F>
    class_& json();
    /// A C++ operator through the do_operation handler: `$a + $b` for
    /// php::op::add with `T + Other` (and `Other + T` when C++ has it);
    /// compound assignment too. php::op::compare binds ==, <, <=>... through
    /// the compare handler. Other operand types keep PHP's own behaviour.
    template <class Op, class Other = T>
    class_& op();
    /// op<Ops>() for each tag, both operands of the class.
    template <class... Ops>
    class_& operators();
    /// Opt-in serialization: `__serialize(): array` returns Save() and
    /// `__unserialize(array $data): void` rebuilds the C++ object, either
    /// default-constructed then `Restore(data)` (a member), or constructed
    /// from `Restore(data)` (a static factory returning T).
    template <auto Save, auto Restore>
    class_& serializable();

private:
    template <class Cursor>
    class_& iterable_with();

public:
    /// A class constant (int, float, bool, string or null): `Counter::MAX`.
    template <class V>
    class_& constant(std::string_view name, const V& value) {
        zval z;
        detail::any_default(value, &z);
        spec_->constants.emplace_back(std::string(name), z);
        return *this;
    }

    /// A native-backed property: reads and writes of `$obj->name` go to the
    /// C++ member `M` (a data member: read-write, read-only if const) or to a
    /// const member function `M` taking nothing (read-only). Declared with the
    /// member's PHP type, so Reflection, var_dump and get_object_vars show it.
    template <auto M>
    class_& property(std::string_view name) {
        if constexpr (std::is_member_object_pointer_v<decltype(M)>) {
            using A = detail::member_access<T, M>;
            auto& p = add_property<typename A::value_type>(name, &A::get, A::writable ? &A::set : nullptr);
            if constexpr (A::direct != detail::direct_none) {
                p.direct = A::direct;
                p.member_offset = &A::member_offset;
            }
        } else {
            static_assert(std::is_member_function_pointer_v<decltype(M)>,
                          "phpbind: property<&T::member>: a data member or a getter member function");
            using G = detail::getter_access<T, M>;
            add_property<typename G::value_type>(name, &G::get, nullptr);
        }
        return *this;
    }

    /// A native-backed property through a getter and a setter member function.
    template <auto Get, auto Set>
    class_& property(std::string_view name) {
        using G = detail::getter_access<T, Get>;
        using S = detail::setter_access<T, Set>;
        static_assert(std::is_same_v<typename G::value_type, std::remove_cvref_t<typename S::value_type>>,
                      "phpbind: property<&T::get, &T::set>: the getter returns what the setter takes");
        add_property<typename G::value_type>(name, &G::get, &S::set);
        return *this;
    }

    /// A native-backed property that PHP can read but not write.
    template <auto M>
    class_& property_readonly(std::string_view name) {
        if constexpr (std::is_member_object_pointer_v<decltype(M)>) {
            using A = detail::member_access<T, M>;
            auto& p = add_property<typename A::value_type>(name, &A::get, nullptr);
            if constexpr (A::direct != detail::direct_none) {
                p.direct = A::direct;
                p.member_offset = &A::member_offset;
            }
        } else {
            return property<M>(name);
        }
        return *this;
    }

    /// A declared PHP property of type V (`public int $hits = 0;`), stored by
    /// the engine in the object like any property a PHP class declares.
    template <class V, class D>
    class_& declare(std::string_view name, const D& default_value, visibility vis = public_) {
        zval z;
        if constexpr (std::is_same_v<D, std::nullptr_t>) {
            static_assert(caster<V>::type_mask & MAY_BE_NULL, "phpbind: only a nullable property can default to null");
            ZVAL_NULL(&z);
        } else {
            static_assert(detail::has_persistent_zval<V>, "phpbind: this property type cannot have a default value");
            caster<V>::persistent_zval(V(default_value), &z);
        }
        add_declared<V>(name, &z, vis);
        return *this;
    }
    /// A declared typed property without a default: uninitialized until set.
    template <class V>
    class_& declare(std::string_view name, visibility vis = public_) {
        zval z;
        ZVAL_UNDEF(&z);
        add_declared<V>(name, &z, vis);
        return *this;
    }

    /// Implements an interface bound with `module::interface_` (bind it
    /// first) or any interface the engine knows by name (`"Stringable"`).
    /// The class must define every method the interface declares.
    class_& implements(std::string_view interface_name) {
        spec_->interface_names.emplace_back(interface_name);
        return *this;
    }

    /// `abstract class ...`: PHP cannot instantiate it; PHP classes and bound
    /// derived classes extend it. A C++ type with pure virtual functions is
    /// bound this way, without a constructor.
    class_& abstract_() {
        spec_->flags |= ZEND_ACC_EXPLICIT_ABSTRACT_CLASS;
        return *this;
    }

    /// `final class ...`
    class_& final_() {
        spec_->flags |= ZEND_ACC_FINAL;
        return *this;
    }

private:
    template <class V>
    detail::property_spec& new_property(std::string_view name) {
        auto& p = spec_->properties.emplace_back();
        p.name = std::string(name);
        p.type_mask = caster<V>::type_mask;
        p.class_name = detail::class_name_of<caster<V>>();
        if (p.class_name) p.class_name = m_.keep(p.class_name);
        ZVAL_UNDEF(&p.default_value);
        return p;
    }
    template <class V>
    detail::property_spec& add_property(std::string_view name, void (*get)(zend_object*, zval*),
                                        void (*set)(zend_object*, zend_string*, zval*)) {
        auto& p = new_property<V>(name);
        p.get = get;
        p.set = set;
        if (!set) p.flags |= ZEND_ACC_READONLY;
        return p;
    }
    template <class V>
    void add_declared(std::string_view name, zval* def, visibility vis) {
        auto& p = new_property<V>(name);
        p.flags = vis.flags;
        ZVAL_COPY_VALUE(&p.default_value, def);
    }

    template <auto F>
    using key_of = typename detail::first_of<typename detail::member_traits<decltype(F)>::args>::type;

    template <auto Size>
    static zend_result count_handler(zend_object* o, zend_long* count) {
        // The engine reads *count only on SUCCESS.
        return detail::edge([&] { *count = static_cast<zend_long>((detail::native<T>(o)->*Size)()); }) ? SUCCESS
                                                                                                          : FAILURE;
    }
    template <auto Get>
    static zval* read_dim(zend_object* o, zval* offset, int, zval* rv) {
        using V = std::remove_cvref_t<typename detail::member_traits<decltype(Get)>::ret>;
        // Built in rv itself. A to_zval that throws leaves nothing in it; a
        // result made before the edge failed (exit() swallowed in the body)
        // is released here: on failure the engine nulls rv without releasing.
        auto body = [&] {
            caster<V>::to_zval((detail::native<T>(o)->*Get)(detail::dim_key<key_of<Get>>(o, offset)), rv);
        };
        detail::edge_check_entry();
        const bool threw = detail::edge_body(0, body);
        if (EXPECTED(detail::edge_exit(0, threw))) return rv;
        if (!threw) detail::release_zval(rv);
        return nullptr;
    }
    template <auto Set>
    static void write_dim(zend_object* o, zval* offset, zval* value) {
        using V = typename detail::second_of<typename detail::member_traits<decltype(Set)>::args>::type;
        // On failure the exception stays pending: the engine raises it.
        (void)detail::edge([&] {
            (detail::native<T>(o)->*Set)(detail::dim_key<key_of<Set>>(o, offset), detail::dim_key<V>(o, value, "value"));
        });
    }
    template <auto Has, auto Get>
    static int has_dim(zend_object* o, zval* offset, int check_empty) {
        int result = 0;
        if (!detail::edge([&] {
                T* self = detail::native<T>(o);
                auto key = detail::dim_key<key_of<Has>>(o, offset);
                if (!(self->*Has)(key)) return;
                if (!check_empty) {
                    result = 1;
                    return;
                }
                using V = std::remove_cvref_t<typename detail::member_traits<decltype(Get)>::ret>;
                Value v;
                caster<V>::to_zval((self->*Get)(key), v.raw());
                result = v.view().truthy();
            })) {
            return 0;
        }
        return result;
    }
    template <auto Unset>
    static void unset_dim(zend_object* o, zval* offset) {
        // On failure the exception stays pending: the engine raises it.
        (void)detail::edge([&] { (detail::native<T>(o)->*Unset)(detail::dim_key<key_of<Unset>>(o, offset)); });
    }

    // The interface methods: they take `mixed` and go through the handlers.
    template <auto Get>
    struct dim_get {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            zval* r = read_dim<Get>(Z_OBJ(EX(This)), off.raw(), BP_VAR_R, rv);
            if (r && r != rv) ZVAL_COPY(rv, r);
        }
    };
    template <auto Set>
    struct dim_set {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off, ValueView value) {
            write_dim<Set>(Z_OBJ(EX(This)), off.raw(), value.raw());
        }
    };
    template <auto Has>
    struct dim_has {
        static constexpr bool is_method = true;
        // Runs inside the method's edge: exceptions propagate to it.
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            ZVAL_BOOL(rv, (detail::native<T>(Z_OBJ(EX(This)))->*Has)(detail::dim_key<key_of<Has>>(Z_OBJ(EX(This)), off.raw())));
        }
    };
    template <auto Unset>
    struct dim_unset {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off) {
            unset_dim<Unset>(Z_OBJ(EX(This)), off.raw());
        }
    };
    template <class Invoke, class R, class... A, class... Names>
    void bind_dim_method(std::string_view name, Names... names) {
        using B = detail::binder<Invoke, Invoke, R, A...>;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, php::arg(names)...);
    }

    static zend_object* create_constructed(zend_class_entry* ce) {
        zend_object* o = detail::create_object<T>(ce);
        detail::construct_inline(detail::holder_of<T>(o));
        return o;
    }

    module& m_;
    std::shared_ptr<detail::class_spec> spec_;
};

/// A PHP interface declared by the extension:
///
///   m.interface_("App\\HasArea").method<double()>("area");
///   m.class_<Rect>("App\\Rect").implements("App\\HasArea")...;
///
/// Each method's signature is a C++ function type; its arg info follows from
/// it as for any bound function. Registered at MINIT in definition order, so
/// bind an interface before the classes that implement it.
class interface_ {
public:
    interface_(module& m, std::string_view name) : m_(m), spec_(std::make_shared<detail::interface_spec>()) {
        spec_->name = std::string(name);
        auto spec = spec_;
        module* mod = &m;
        m.at_startup([spec, mod](int) { detail::register_interface(*spec, mod->registers_once()); });
    }

    /// An abstract method `name` with the signature `Sig` (`double()`,
    /// `std::string(std::string_view)`), named parameters and defaults as
    /// for functions.
    template <class Sig, class... Extra>
    interface_& method(std::string_view name, const Extra&... extra) {
        using S = detail::signature<std::add_pointer_t<Sig>>;
        using B = typename detail::binder_for<detail::abstract_key<Sig>, detail::abstract_invoke, typename S::ret,
                                              typename S::args>::type;
        if (B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_ABSTRACT, extra...)) {
            spec_->methods.back().handler = nullptr;  // abstract: the engine never calls it
        }
        return *this;
    }

    /// `interface X extends Y`: Y bound before, or known to the engine.
    interface_& extends(std::string_view parent) {
        spec_->parents.emplace_back(parent);
        return *this;
    }

private:
    module& m_;
    std::shared_ptr<detail::interface_spec> spec_;
};

inline interface_ module::interface_(std::string_view name) { return php::interface_(*this, name); }

template <class T, class Base>
class_<T, Base> module::class_(std::string_view name) {
    return php::class_<T, Base>(*this, name);
}

PHPBIND_NAMESPACE_END

#include <phpbind/class_protocols.hpp>
