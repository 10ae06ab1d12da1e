// phpbind/gc.hpp — what a bound object reports to the cycle collector.
//
//   struct Node { php::Value payload; void gc(php::gc_visitor& v) const { v.add(payload); } };
//
// A bound type with such a member `gc` is asked for the PHP values it holds,
// so cycles through it are collected.
#pragma once

#include <phpbind/array.hpp>
#include <phpbind/call.hpp>
#include <phpbind/detail/object_layout.hpp>
#include <phpbind/object.hpp>

PHPBIND_NAMESPACE_BEGIN

/// What a bound object's `gc(php::gc_visitor&) const` member reports to the cycle collector: the
/// PHP values the C++ object holds, so cycles through it are collected.
class gc_visitor {
public:
    explicit gc_visitor(zend_get_gc_buffer* buf) noexcept : buf_(buf) {}
    /// Reports one held value (an empty optional, null or a non-refcounted value is skipped).
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

/// What a native object reports to the cycle collector: every PHP value it
/// holds. A bound type with a member `void gc(php::gc_visitor&) const` is
/// asked for them; cycles through it are then collected.
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
        for (int i = 0; i < o->ce->default_properties_count; ++i)
            zend_get_gc_buffer_add_zval(buf, &o->properties_table[i]);
    }
    zend_get_gc_buffer_use(buf, table, n);
    return o->properties;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
