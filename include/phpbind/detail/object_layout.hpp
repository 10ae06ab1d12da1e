// phpbind/detail/object_layout.hpp — how a bound C++ object lives inside its
// zend_object: the holder (the C++ object inline, or a pointer it owns or
// shares), the per-class registry node and handler tables, reaching the C++
// object from the zend_object, and the object lifecycle handlers (create,
// free_obj, clone_obj) and constructors of new objects from C++ values.
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/value.hpp>

#include <concepts>
#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

/// How an object holds its C++ object.
enum class holding : unsigned char {
    none,  // not constructed (yet)
    inline_,  // in `storage`: built by __construct, a by-value return or clone
    unique,  // a heap object the PHP object owns (a returned std::unique_ptr<T>)
    shared,  // a heap object it shares (a returned std::shared_ptr<T>)
    building,  // T's constructor is running in `storage`
};

template <class T>
struct object_holder {
    alignas(T) unsigned char storage[sizeof(T)];
    alignas(std::shared_ptr<T>) unsigned char owner[sizeof(std::shared_ptr<T>)];  // holding::shared
    // The C++ object; null until constructed. Aligned as zend_object, so its distance from `std`
    // is the same whatever T (on 64-bit targets that is its own alignment; on wasm32, 8).
    alignas(alignof(zend_object)) T* ptr;
    holding how;
    zend_object std;  // last: declared properties are allocated after it
};

/// How far before its zend_object every holder keeps `ptr`, whatever T: 16 on 64-bit targets, 8 on
/// wasm32.
inline constexpr size_t native_ptr_distance =
    (sizeof(void*) + sizeof(holding) + alignof(zend_object) - 1) / alignof(zend_object) * alignof(zend_object);

/// How a data member of type int64_t, double or bool is read without its
/// getter: straight from the C++ object (see read_property in src/class.cpp).
/// direct_wide: an int64_t on an engine whose int is 32-bit (wasm32), read in
/// place when its value fits, else through its getter (ArithmeticError).
enum direct_kind : unsigned char {
    direct_none = 0,
    direct_long = 1,
    direct_double = 2,
    direct_bool = 3,
    direct_wide = 4
};

/// A native-backed property: reads and writes go to C++ through these.
struct native_property {
    zend_string* name = nullptr;  // interned, owned by the engine
    direct_kind direct = direct_none;
    // The member's offset in the C++ object of `o`'s own class (a derived one too).
    ptrdiff_t (*member_offset)(zend_object*) = nullptr;
    void (*get)(zend_object*, zval*) = nullptr;
    void (*set)(zend_object*, zend_string*, zval*) = nullptr;  // nullptr: read-only
    void (*unset)(zend_object*) = nullptr;  // unset($obj->name); nullptr: an Error
    // The php::Value member itself (property_untyped): nested and by-reference writes go
    // through it (get_property_ptr_ptr); nullptr: they work on a copy (the engine's notice).
    zval* (*slot)(zend_object*) = nullptr;
    zend_property_info* info = nullptr;  // the declared property (Reflection, type)
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
    const class_node* parent = nullptr;  // the bound C++ base, if any
    void* (*self)(zend_object*) = nullptr;  // the C++ object (throws if not constructed)
    std::shared_ptr<void> (*share)(zend_object*) noexcept = nullptr;  // the owner, if held by a shared_ptr
    // New objects of this class around a heap object of exactly this type
    // (given as its most-derived address): owning it, or sharing `owner`.
    void (*adopt_unique)(void*, zval*) = nullptr;
    void (*adopt_shared)(std::shared_ptr<void>, void*, zval*) = nullptr;
    void* (*to_parent)(void*) = nullptr;  // Derived* -> Base*
    std::vector<native_property> properties;  // this class's and its bases'
    // The persistent heap (src/heap.cpp): a copy of a C++ object of exactly
    // this type made with `new` (may throw), its deletion, and a new object
    // of `ce` (this class or a PHP subclass) that takes ownership of such a
    // copy. Null when T cannot be stored (not copyable, or it holds request memory).
    void* (*heap_copy)(const void*) = nullptr;
    void (*heap_delete)(void*) noexcept = nullptr;
    zend_object* (*heap_create)(zend_class_entry*, void*) noexcept = nullptr;
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

/// The record of the class bound to C++ type `t` in this extension, or null: a returned pointer
/// to a polymorphic base becomes an object of its dynamic type's class, when that type is bound
/// too (src/class.cpp).
const class_node* bound_class_of(const std::type_info& t) noexcept;

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
    case holding::shared: std::launder(reinterpret_cast<std::shared_ptr<T>*>(h->owner))->~shared_ptr(); break;
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

/// How the persistent heap copies a T: its heap_clone() member
/// (std::unique_ptr<T> heap_clone() const) if it has one, else its copy constructor.
template <class T>
concept heap_storable = persistent_safe<T> && (std::is_copy_constructible_v<T> || requires(const T& t) {
                            { t.heap_clone() } -> std::convertible_to<std::unique_ptr<T>>;
                        });
template <class T>
void* heap_copy(const void* p) {
    const T& t = *static_cast<const T*>(p);
    if constexpr (requires { t.heap_clone(); }) return std::unique_ptr<T>(t.heap_clone()).release();
    else return new T(t);
}
template <class T>
void heap_delete(void* p) noexcept {
    delete static_cast<T*>(p);
}
template <class T>
zend_object* heap_create(zend_class_entry* ce, void* copy) noexcept;

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

template <class T>
zend_object* heap_create(zend_class_entry* ce, void* copy) noexcept {
    object_holder<T>* h = holder_of<T>(create_object<T>(ce));
    set_native(h, static_cast<T*>(copy), holding::unique);
    return &h->std;
}

/// The bound class of `*p`'s dynamic type and its address, when T is
/// polymorphic and that type is bound; otherwise T's own.
template <class T>
std::pair<const class_node*, void*> dynamic_class(T* p) {
    if constexpr (std::is_polymorphic_v<T>) {
        const std::type_info& dyn = typeid(*p);
        if (dyn != typeid(T)) {
            if (const class_node* node = bound_class_of(dyn); node && node->ce) {
                return {node, dynamic_cast<void*>(p)};
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

}  // namespace detail

PHPBIND_NAMESPACE_END
