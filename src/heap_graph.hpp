// src/heap_graph.hpp — the stored form of a php::Heap value (one block per
// value), copying a value into it, and rebuilding its objects in a request.
// Shared by src/heap_graph.cpp and src/heap.cpp only.
#pragma once

#include <phpbind/heap.hpp>
#include <phpbind/detail/object_layout.hpp>

#include <cstdint>
#include <memory>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// ---- The stored form ---------------------------------------------------------------
//
// One block per stored value: the graph header, then strings, arrays, property
// records and object slots, then the class and object tables. Nothing in it
// points outside it except enum case names' classes, which are looked up by
// name. Data (scalars, strings, arrays holding no object) is in the form PHP
// reads directly: interned strings and immutable arrays. Objects are records:
// a class (by name, with the layout it had) and its property slots; a slot or
// array element that refers to an object holds IS_PTR to its record. An array
// that holds an object (at any depth) is not immutable: it is a template that
// get() rebuilds in the request.

enum class class_kind : uint32_t { plain, enumeration, native };

struct prop_record {
    zend_string* name;  // the slot's property name, mangled as the engine keeps it
    zend_string* type;  // zend_type_to_string(), or nullptr when untyped
    uint32_t flags;  // visibility and readonly
};

struct class_record {
    zend_string* name;
    class_kind kind;
    const class_node* node;  // native: the bound C++ class its objects hold
    uint32_t slots;  // default_properties_count
    prop_record* props;  // [slots]
};

struct object_record {
    uint32_t cls;
    zval* slots;  // plain and native: [classes[cls].slots]
    zend_string* case_name;  // enumeration
    void* native;  // native: a copy of the C++ object, made with `new` (outside the block)
};

struct graph {
    zval root;
    graph* retired_next;  // in its heap's list of retired values
    uint64_t retired_handed;  // the newest request stamp it was handed to
    uint32_t classes_count;
    uint32_t objects_count;
    class_record* classes;
    object_record* objects;
    heap_stats stats;  // objects, strings, arrays, bytes
};

inline constexpr uint32_t stored_prop_flags = ZEND_ACC_PPP_MASK | ZEND_ACC_READONLY;
inline constexpr uint32_t immutable_array_flags = IS_ARRAY_IMMUTABLE | GC_NOT_COLLECTABLE | IS_ARRAY_PERSISTENT;

inline size_t align16(size_t n) { return (n + 15) & ~size_t(15); }

inline uint32_t table_size_for(uint32_t n) {
    uint32_t size = HT_MIN_SIZE;
    while (size < n) size <<= 1;
    return size;
}

class builder;

/// Copies one value into a block: plan() walks it, refuses what cannot be
/// stored and sizes the block (allocating nothing); write() fills a block of
/// that size. The C++ copies of bound objects that a write() which did not
/// finish made are deleted with it; commit() hands them to the block.
class graph_copy {
public:
    graph_copy(std::string_view root_name, bool natives_allowed);
    ~graph_copy();
    size_t plan(zval* root);
    graph* write(void* block, zval* root);
    void commit() noexcept;

private:
    std::unique_ptr<builder> b_;
};

/// Deletes the C++ copies a block holds (before the block itself is freed).
void free_natives(graph* g) noexcept;

/// Finds every class of `g` in this request and compares its layout (throws
/// php::heap_class_mismatch); `found` receives the class entries.
void verify(const graph& g, zend_class_entry** found);

/// The request objects of a graph, built by rebuild_graph() under into_php().
struct rebuild {
    const graph* g;
    zend_class_entry** classes;
    zend_object** made;  // per object record
    void** copies;  // per object record: the C++ copy a native object takes over
    zval* out;
};
void rebuild_graph(void* rebuild_ctx);

}  // namespace detail
PHPBIND_NAMESPACE_END
