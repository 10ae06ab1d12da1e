// src/heap_graph.cpp — a php::Heap value's block: copying a value into it
// (refusing what cannot be stored first), verifying its classes in a request
// and rebuilding its objects there.
#include "heap_graph.hpp"
#include "internal.hpp"
#include <phpbind/caster.hpp>
#include <phpbind/detail/edge.hpp>

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {

// ---- Building a block: one walk to plan (and refuse), one to write ---------------

// Where the value being copied sits, one step per level on the stack of the
// walk; an object remembers the steps from the object (or root) it was found
// in, so a refusal deep in a graph names the whole path.
struct step {
    const step* parent;  // nullptr: the first step from `base`
    enum kind_t : uint8_t { index, key, property } kind;
    const zend_string* name;  // key or property name
    zend_ulong h;
};
struct saved_step {
    step::kind_t kind;
    const zend_string* name;
    zend_ulong h;
};

struct object_plan {
    zend_object* src;
    uint32_t cls;
    int64_t found_in;  // the object whose walk found it; -1: the root's
    std::vector<saved_step> steps;  // from there to it
    size_t slots_at = 0;
};

struct class_plan {
    zend_class_entry* ce;
    class_kind kind;
    const class_node* node;  // native
    std::vector<std::string_view> types;  // per slot, in texts_; empty: untyped
    size_t props_at = 0;
};

}  // namespace

class builder {
public:
    builder(std::string_view root_name, bool natives_allowed)
        : root_name_(root_name), natives_allowed_(natives_allowed) {}
    builder(const builder&) = delete;
    builder& operator=(const builder&) = delete;
    // The C++ copies a write() that did not finish had made.
    ~builder() {
        for (auto [node, copy] : natives_) node->heap_delete(copy);
    }
    // After a write() the graph owns the copies.
    void commit() noexcept { natives_.clear(); }

    // The first walk: refuses what cannot be stored, and lays the block out.
    void plan(zval* root) {
        writing_ = false;
        cursor_ = align16(sizeof(graph));
        value(root, nullptr, nullptr);
        for (size_t i = 0; i < objects_.size(); ++i) walk_object(i);
        classes_at_ = take(sizeof(class_record) * classes_.size());
        objects_at_ = take(sizeof(object_record) * objects_.size());
        bytes_ = align16(cursor_);
    }

    size_t bytes() const { return bytes_; }

    // The second walk, into `block` (bytes() long): the same order, the offsets the first chose.
    graph* write(void* block, zval* root) {
        writing_ = true;
        base_ = static_cast<char*>(block);
        next_array_ = 0;
        for (auto& [text, at] : strings_) write_string(at, text);
        auto* g = reinterpret_cast<graph*>(base_);
        new (g) graph{};
        g->classes_count = static_cast<uint32_t>(classes_.size());
        g->objects_count = static_cast<uint32_t>(objects_.size());
        g->classes = reinterpret_cast<class_record*>(base_ + classes_at_);
        g->objects = reinterpret_cast<object_record*>(base_ + objects_at_);
        for (size_t i = 0; i < classes_.size(); ++i) write_class(g->classes[i], classes_[i]);
        for (size_t i = 0; i < objects_.size(); ++i) {
            object_record& r = g->objects[i];
            r.cls = objects_[i].cls;
            r.slots = nullptr;
            r.case_name = nullptr;
            r.native = nullptr;
            if (classes_[r.cls].kind == class_kind::enumeration) {
                r.case_name = string_of(Z_STR_P(zend_enum_fetch_case_name(objects_[i].src)));
                continue;
            }
            r.slots = reinterpret_cast<zval*>(base_ + objects_[i].slots_at);
            for (uint32_t j = 0; j < g->classes[r.cls].slots; ++j) ZVAL_UNDEF(&r.slots[j]);
        }
        value(root, &g->root, nullptr);
        for (size_t i = 0; i < objects_.size(); ++i) walk_object(i);
        // The C++ copies last: a copy constructor is user code, and may even
        // change the source graph, which the walks above must see as planned.
        for (size_t i = 0; i < objects_.size(); ++i) {
            if (const class_node* node = classes_[objects_[i].cls].node) {
                natives_.reserve(natives_.size() + 1);
                g->objects[i].native = node->heap_copy(node->self(objects_[i].src));  // may throw
                natives_.emplace_back(node, g->objects[i].native);
            }
        }
        g->stats.objects = objects_.size();
        g->stats.strings = strings_.size();
        g->stats.arrays = array_offsets_.size();
        g->stats.bytes = bytes_;
        return g;
    }

private:
    std::string_view root_name_;
    bool natives_allowed_;
    bool writing_ = false;
    char* base_ = nullptr;
    size_t cursor_ = 0;
    size_t bytes_ = 0;
    size_t classes_at_ = 0;
    size_t objects_at_ = 0;
    std::unordered_map<std::string_view, size_t> strings_;  // text -> offset
    std::deque<std::string> texts_;  // texts that are not in a zend_string of the source
    std::vector<size_t> array_offsets_;
    size_t next_array_ = 0;
    std::unordered_map<zend_object*, uint32_t> object_index_;
    std::vector<object_plan> objects_;
    std::unordered_map<zend_class_entry*, uint32_t> class_index_;
    std::vector<class_plan> classes_;
    int64_t walking_ = -1;  // the object whose slots are being walked; -1: the root
    std::vector<std::pair<const class_node*, void*>> natives_;  // copies made by write()

    size_t take(size_t n) {
        size_t at = align16(cursor_);
        cursor_ = at + n;
        return at;
    }

    // ---- strings
    size_t string_offset(std::string_view text) {
        auto [it, added] = strings_.try_emplace(text, 0);
        if (added) {
            check_string_size(text.size());
            it->second = take(_ZSTR_STRUCT_SIZE(text.size()));
        }
        return it->second;
    }
    zend_string* string_at(std::string_view text) { return reinterpret_cast<zend_string*>(base_ + strings_.at(text)); }
    zend_string* string_of(const zend_string* s) {
        std::string_view text(ZSTR_VAL(s), ZSTR_LEN(s));
        if (!writing_) {
            string_offset(text);
            return nullptr;
        }
        return string_at(text);
    }
    void write_string(size_t at, std::string_view text) {
        auto* s = reinterpret_cast<zend_string*>(base_ + at);
        GC_SET_REFCOUNT(s, 1);
        // Interned: never refcounted nor freed by the engine, as opcache's strings.
        GC_TYPE_INFO(s) = GC_STRING | ((IS_STR_INTERNED | IS_STR_PERSISTENT) << GC_FLAGS_SHIFT);
        ZSTR_LEN(s) = text.size();
        memcpy(ZSTR_VAL(s), text.data(), text.size());
        ZSTR_VAL(s)[text.size()] = '\0';
        ZSTR_H(s) = 0;
        zend_string_hash_val(s);
    }

    // ---- refusals
    std::string path_to(const step* at) const {
        std::vector<saved_step> steps;
        for (const step* s = at; s; s = s->parent) steps.push_back({s->kind, s->name, s->h});
        std::reverse(steps.begin(), steps.end());
        std::string out = object_path(walking_);
        for (auto& s : steps) append_step(out, s);
        return out;
    }
    std::string object_path(int64_t i) const {
        if (i < 0) {
            std::string out(root_name_);
            if (!objects_.empty() && objects_[0].found_in == -1 && objects_[0].steps.empty()) {  // the root itself
                out += '(';
                out.append(ZSTR_VAL(objects_[0].src->ce->name), ZSTR_LEN(objects_[0].src->ce->name));
                out += ')';
            }
            return out;
        }
        std::string out = object_path(objects_[static_cast<size_t>(i)].found_in);
        for (auto& s : objects_[static_cast<size_t>(i)].steps) append_step(out, s);
        return out;
    }
    static void append_step(std::string& out, const saved_step& s) {
        if (s.kind != step::property) {
            append_path_element(out, s.kind == step::key ? s.name : nullptr, s.h);
        } else {
            const char* cls = nullptr;
            const char* prop = nullptr;
            size_t len = 0;
            zend_unmangle_property_name_ex(s.name, &cls, &prop, &len);
            out += "->";
            out.append(prop, len);
        }
    }
    // Out of line, taking no temporaries from the caller: the walk recurses
    // through value() and array(), whose frames must stay small.
    [[noreturn]] PHPBIND_COLD void refuse(const step* at, std::string_view what) const {
        std::string message = path_to(at);
        message += ": ";
        message += what;
        throw heap_unstorable(std::move(message));
    }
    [[noreturn]] PHPBIND_COLD void refuse_depth(const step* at) const {
        refuse(at, "arrays nested more than " + std::to_string(max_depth) + " levels deep cannot be stored");
    }
    [[noreturn]] PHPBIND_COLD void refuse_object(const step* at, zend_object* o, const char* why) const {
        std::string what = "an object of class ";
        what.append(ZSTR_VAL(o->ce->name), ZSTR_LEN(o->ce->name));
        throw heap_unstorable(path_to(at) + ": " + what + " cannot be stored: " + why);
    }

    // ---- values
    // Copies `src` into `dst` (writing) or plans it; true if it holds an object.
    bool value(zval* src, zval* dst, const step* at) {
        switch (Z_TYPE_P(src)) {
        case IS_UNDEF:
        case IS_NULL:
            if (writing_) ZVAL_NULL(dst);
            return false;
        case IS_FALSE:
        case IS_TRUE:
        case IS_LONG:
        case IS_DOUBLE:
            if (writing_) ZVAL_COPY_VALUE(dst, src);
            return false;
        case IS_STRING: {
            zend_string* s = string_of(Z_STR_P(src));
            if (writing_) ZVAL_INTERNED_STR(dst, s);
            return false;
        }
        case IS_ARRAY: return array(Z_ARR_P(src), dst, at);
        case IS_OBJECT: {
            uint32_t i = object(Z_OBJ_P(src), at);
            if (writing_) ZVAL_PTR(dst, reinterpret_cast<object_record*>(base_ + objects_at_) + i);
            return true;
        }
        case IS_RESOURCE: refuse(at, "a resource cannot be stored");
        case IS_REFERENCE: refuse(at, "a reference cannot be stored");
        case IS_INDIRECT: return value(Z_INDIRECT_P(src), dst, at);
        default: refuse(at, "this value cannot be stored");
        }
    }

    static bool skipped(zval* v) { return Z_TYPE_P(v) == IS_INDIRECT && Z_TYPE_P(Z_INDIRECT_P(v)) == IS_UNDEF; }

    // Arrays are walked recursively (here and when a request rebuilds one):
    // nesting is bounded, as json_decode() bounds it by default, so that no
    // input can exhaust the stack (an ASan build's frames are large).
    static constexpr int max_depth = 512;
    int depth_ = 0;
    struct nested {
        int& d;
        explicit nested(int& depth) : d(depth) { ++d; }
        ~nested() { --d; }
    };

    bool array(zend_array* src, zval* dst, const step* at) {
        const nested level(depth_);
        if (depth_ > max_depth) refuse_depth(at);
        uint32_t n = 0;
        bool holes = src->nNumUsed != src->nNumOfElements;
        {
            zval* v;
            ZEND_HASH_FOREACH_VAL(src, v) {
                if (skipped(v)) holes = true;
                else ++n;
            }
            ZEND_HASH_FOREACH_END();
        }
        if (n == 0) {
            if (writing_) ZVAL_EMPTY_ARRAY(dst);
            return false;
        }
        const bool packed = HT_IS_PACKED(src) && !holes;
        const uint32_t size = table_size_for(n);
        const uint32_t mask = packed ? HT_MIN_MASK : HT_SIZE_TO_MASK(size);
        const size_t element = packed && PHPBIND_PACKED_ZVALS ? sizeof(zval) : sizeof(Bucket);
        size_t at_offset;
        if (!writing_) {
            at_offset = take(sizeof(HashTable) + HT_HASH_SIZE(mask) + element * n);
            array_offsets_.push_back(at_offset);
        } else {
            at_offset = array_offsets_[next_array_++];
        }
        HashTable* ht = writing_ ? reinterpret_cast<HashTable*>(base_ + at_offset) : nullptr;
        if (writing_) {
            GC_SET_REFCOUNT(ht, 2);
            GC_TYPE_INFO(ht) = GC_ARRAY;  // the flags follow once the elements are known
            HT_FLAGS(ht) = HASH_FLAG_STATIC_KEYS | (packed ? HASH_FLAG_PACKED : 0);
            ht->nTableMask = mask;
            HT_SET_DATA_ADDR(ht, reinterpret_cast<char*>(ht + 1));
            if (packed) HT_HASH_RESET_PACKED(ht);
            else HT_HASH_RESET(ht);
            ht->nNumUsed = n;
            ht->nNumOfElements = n;
            ht->nTableSize = size;
            ht->nInternalPointer = 0;
            ht->nNextFreeElement = src->nNextFreeElement;
            ht->pDestructor = ZVAL_PTR_DTOR;
        }
        bool objects = false;
        uint32_t i = 0;
        zend_ulong h;
        zend_string* key;
        zval* v;
        ZEND_HASH_FOREACH_KEY_VAL(src, h, key, v) {
            if (skipped(v)) continue;
            const step here{at, key ? step::key : step::index, key, h};
            if (!writing_) {
                if (key) string_of(key);
                objects = value(v, nullptr, &here) || objects;
                continue;
            }
            zval* slot;
            if (packed && PHPBIND_PACKED_ZVALS) {
                slot = reinterpret_cast<zval*>(ht->arData) + i;
            } else {
                Bucket* b = ht->arData + i;
                b->key = key ? string_of(key) : nullptr;
                b->h = key ? ZSTR_H(b->key) : h;
                slot = &b->val;
            }
            objects = value(v, slot, &here) || objects;
            if (!packed) {
                Bucket* b = ht->arData + i;
                const uint32_t bucket = static_cast<uint32_t>(b->h) | ht->nTableMask;
                Z_NEXT(b->val) = HT_HASH(ht, bucket);
                HT_HASH(ht, bucket) = HT_IDX_TO_HASH(i);
            }
            ++i;
        }
        ZEND_HASH_FOREACH_END();
        if (writing_) {
            // Data is immutable, as opcache marks the arrays it stores: never
            // refcounted, never written (a writer separates first), never
            // collected. An array holding an object is a template, rebuilt
            // in each request and never handed out itself.
            if (!objects) GC_TYPE_INFO(ht) = GC_ARRAY | (immutable_array_flags << GC_FLAGS_SHIFT);
            ZVAL_ARR(dst, ht);
            Z_TYPE_FLAGS_P(dst) = 0;
        }
        return objects;
    }

    // ---- objects
    uint32_t object(zend_object* o, const step* at) {
        if (auto it = object_index_.find(o); it != object_index_.end()) return it->second;
        if (writing_) throw std::logic_error("phpbind heap: an object the plan did not see");  // cannot happen
        const uint32_t cls = class_of(o, at);
        const auto index = static_cast<uint32_t>(objects_.size());
        object_index_.emplace(o, index);
        object_plan p{o, cls, walking_, {}, 0};
        for (const step* s = at; s; s = s->parent) p.steps.push_back({s->kind, s->name, s->h});
        std::reverse(p.steps.begin(), p.steps.end());
        if (classes_[cls].kind != class_kind::enumeration) {
            p.slots_at = take(sizeof(zval) * static_cast<size_t>(o->ce->default_properties_count));
        } else {
            string_offset(std::string_view(ZSTR_VAL(Z_STR_P(zend_enum_fetch_case_name(o))),
                                           ZSTR_LEN(Z_STR_P(zend_enum_fetch_case_name(o)))));
        }
        objects_.push_back(std::move(p));
        return index;
    }

    // The bound class whose C++ object `o` holds, if it is one of this extension's.
    static const class_node* bound_node(zend_object* o) {
        for (auto& [type, node] : classes_by_type()) {
            if (o->handlers == &node->handlers || o->handlers == &node->pending) return node;
        }
        return nullptr;
    }

    uint32_t class_of(zend_object* o, const step* at) {
        zend_class_entry* ce = o->ce;
        if (auto it = class_index_.find(ce); it != class_index_.end()) {
            if (classes_[it->second].kind != class_kind::enumeration) check_instance(o, at, classes_[it->second].node);
            return it->second;
        }
        class_kind kind = class_kind::plain;
        const class_node* node = nullptr;
        if (ce->ce_flags & ZEND_ACC_ENUM) {
            kind = class_kind::enumeration;
        } else if ((node = bound_node(o))) {
            kind = class_kind::native;
            if (!natives_allowed_)
                refuse_object(at, o,
                              "objects of bound C++ classes cannot be stored in a fork-shared heap (their C++ "
                              "copies would live in one process's memory)");
            if (ce->ce_flags & ZEND_ACC_ANON_CLASS)
                refuse(at,
                       "an object of an anonymous class cannot be stored (its name is not stable across "
                       "requests)");
            if (!node->heap_copy)
                refuse_object(at, o,
                              "its C++ type cannot be copied into the heap (it is not copy-constructible "
                              "and has no heap_clone(), or it holds request memory)");
            check_instance(o, at, node);
        } else {
            if (ce == zend_ce_closure) refuse(at, "a Closure cannot be stored");
            if (ce->type == ZEND_INTERNAL_CLASS) {
                std::string what = "an object of internal class ";
                what.append(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name));
                refuse(at, what + " cannot be stored");
            }
            if (ce->ce_flags & ZEND_ACC_ANON_CLASS)
                refuse(at,
                       "an object of an anonymous class cannot be stored (its name is not stable across "
                       "requests)");
            // A userland class extending an internal one inherits its object
            // creation and handlers: not a plain object.
            if (ce->create_object) refuse_object(at, o, "its class extends an internal class with its own objects");
            check_instance(o, at, nullptr);
        }
        class_plan c{ce, kind, node, {}, 0};
        string_of(ce->name);
        if (kind != class_kind::enumeration) {
            const int n = ce->default_properties_count;
            c.types.resize(static_cast<size_t>(n));
            for (int i = 0; i < n; ++i) {
                zend_property_info* info = ce->properties_info_table ? ce->properties_info_table[i] : nullptr;
                if (!info) refuse_object(at, o, "a property slot has no declaration");
                string_of(info->name);
                if (ZEND_TYPE_IS_SET(info->type)) {
                    zend_string* t = zend_type_to_string(info->type);
                    c.types[static_cast<size_t>(i)] = texts_.emplace_back(ZSTR_VAL(t), ZSTR_LEN(t));
                    zend_string_release(t);
                    string_offset(c.types[static_cast<size_t>(i)]);
                }
            }
            c.props_at = take(sizeof(prop_record) * static_cast<size_t>(n));
        }
        classes_.push_back(std::move(c));
        class_index_.emplace(ce, static_cast<uint32_t>(classes_.size() - 1));
        return static_cast<uint32_t>(classes_.size() - 1);
    }

    // What makes one object of a plain class (or of a bound class: `node`) unstorable.
    void check_instance(zend_object* o, const step* at, const class_node* node) const {
        if (!node && o->handlers != &std_object_handlers) refuse_object(at, o, "it has custom object handlers");
        if (node && o->handlers != &node->handlers) refuse_object(at, o, "its C++ object was never constructed");
#if PHP_VERSION_ID >= 80400
        if (zend_object_is_lazy(o)) refuse_object(at, o, "it is a lazy object");
#endif
        if (o->properties) {
            zval* v;
            ZEND_HASH_FOREACH_VAL(o->properties, v) {
                if (Z_TYPE_P(v) != IS_INDIRECT) refuse_object(at, o, "it has dynamic properties");
            }
            ZEND_HASH_FOREACH_END();
        }
    }

    void walk_object(size_t i) {
        object_plan& p = objects_[i];
        if (classes_[p.cls].kind == class_kind::enumeration) return;
        walking_ = static_cast<int64_t>(i);
        zend_object* o = p.src;
        zend_class_entry* ce = o->ce;
        zval* slots = writing_ ? reinterpret_cast<zval*>(base_ + p.slots_at) : nullptr;
        for (int j = 0; j < ce->default_properties_count; ++j) {
            zval* v = OBJ_PROP_NUM(o, j);
            const step here{nullptr, step::property, ce->properties_info_table[j]->name, 0};
            if (Z_TYPE_P(v) == IS_UNDEF) {
                if (writing_) {
                    ZVAL_UNDEF(&slots[j]);
                    Z_PROP_FLAG_P(&slots[j]) = Z_PROP_FLAG_P(v);
                }
                continue;
            }
            if (Z_TYPE_P(v) == IS_REFERENCE) refuse(&here, "a reference cannot be stored");
            value(v, writing_ ? &slots[j] : nullptr, &here);
            if (writing_) Z_PROP_FLAG_P(&slots[j]) = 0;
        }
        walking_ = -1;
    }

    void write_class(class_record& r, const class_plan& c) {
        r.name = string_of(c.ce->name);
        r.kind = c.kind;
        r.node = c.node;
        r.slots = 0;
        r.props = nullptr;
        if (c.kind == class_kind::enumeration) return;
        r.slots = static_cast<uint32_t>(c.ce->default_properties_count);
        r.props = reinterpret_cast<prop_record*>(base_ + c.props_at);
        for (uint32_t i = 0; i < r.slots; ++i) {
            zend_property_info* info = c.ce->properties_info_table[i];
            r.props[i].name = string_of(info->name);
            r.props[i].type = c.types[i].empty() ? nullptr : string_at(c.types[i]);
            r.props[i].flags = info->flags & stored_prop_flags;
        }
    }
};

graph_copy::graph_copy(std::string_view root_name, bool natives_allowed)
    : b_(std::make_unique<builder>(root_name, natives_allowed)) {}
graph_copy::~graph_copy() = default;
size_t graph_copy::plan(zval* root) {
    b_->plan(root);
    return b_->bytes();
}
graph* graph_copy::write(void* block, zval* root) { return b_->write(block, root); }
void graph_copy::commit() noexcept { b_->commit(); }

void free_natives(graph* g) noexcept {
    for (uint32_t i = 0; i < g->objects_count; ++i) {
        if (g->objects[i].native) g->classes[g->objects[i].cls].node->heap_delete(g->objects[i].native);
    }
}

// ---- Rebuilding an object graph in a request ----------------------------------------

static std::string class_name(const class_record& c) { return std::string(ZSTR_VAL(c.name), ZSTR_LEN(c.name)); }

[[noreturn]] PHPBIND_COLD static void mismatch(const class_record& c, const std::string& why) {
    throw heap_class_mismatch("The stored value cannot be used in this request: class " + class_name(c) + " " + why);
}

static std::string type_text(zend_string* t) {
    return t ? std::string(ZSTR_VAL(t), ZSTR_LEN(t)) : std::string("(untyped)");
}
static std::string prop_text(zend_string* mangled) {
    const char* cls = nullptr;
    const char* prop = nullptr;
    size_t len = 0;
    zend_unmangle_property_name_ex(mangled, &cls, &prop, &len);
    const char* visibility = !cls ? "" : (cls[0] == '*' ? "protected " : "private ");
    std::string text = visibility;  // (appended: see parse_declared_type in function.cpp)
    text.append("$").append(prop, len);
    return text;
}

// The case object `name` of enum `ce` (its constants evaluated), or nullptr.
static zend_object* enum_case_object(zend_class_entry* ce, zend_string* name) {
    auto* c = static_cast<zend_class_constant*>(zend_hash_find_ptr(CE_CONSTANTS_TABLE(ce), name));
    if (!c || !(ZEND_CLASS_CONST_FLAGS(c) & ZEND_CLASS_CONST_IS_CASE) || Z_TYPE(c->value) != IS_OBJECT) return nullptr;
    return Z_OBJ(c->value);
}

// Finds every recorded class in this request and compares its layout: read
// only (a class lookup may autoload, through the edge), complete before
// anything is built. `found` receives the class entries.
void verify(const graph& g, zend_class_entry** found) {
    for (uint32_t i = 0; i < g.classes_count; ++i) {
        const class_record& c = g.classes[i];
        zend_class_entry* ce = nullptr;
        into_php([&] { ce = zend_lookup_class(c.name); });
        if (!ce) mismatch(c, "does not exist");
        if (c.kind == class_kind::enumeration) {
            if (!(ce->ce_flags & ZEND_ACC_ENUM)) mismatch(c, "is no longer an enum");
            if (!(ce->ce_flags & ZEND_ACC_CONSTANTS_UPDATED)) into_php([&] { zend_update_class_constants(ce); });
            found[i] = ce;
            continue;
        }
        if (c.kind == class_kind::native) {
            // The class itself, or a PHP subclass of it: its objects hold the same C++ type.
            zend_class_entry* bound = ce;
            while (bound->type == ZEND_USER_CLASS && bound->parent) bound = bound->parent;
            if (bound != c.node->ce) mismatch(c, "no longer holds the C++ object it held");
        } else if (ce->type != ZEND_USER_CLASS || ce->create_object) {
            mismatch(c, "is no longer a userland class with standard objects");
        }
        if (ce->ce_flags &
            (ZEND_ACC_INTERFACE | ZEND_ACC_TRAIT | ZEND_ACC_ENUM | ZEND_ACC_EXPLICIT_ABSTRACT_CLASS |
             ZEND_ACC_IMPLICIT_ABSTRACT_CLASS))
            mismatch(c, "can no longer be instantiated");
        if (static_cast<uint32_t>(ce->default_properties_count) != c.slots)
            mismatch(c,
                     "has " + std::to_string(ce->default_properties_count) + " declared properties, " +
                         std::to_string(c.slots) + " were recorded");
        for (uint32_t j = 0; j < c.slots; ++j) {
            const prop_record& p = c.props[j];
            zend_property_info* info = ce->properties_info_table[j];
            if (!zend_string_equals(info->name, p.name))
                mismatch(c, "has " + prop_text(info->name) + " where " + prop_text(p.name) + " was recorded");
            std::string now;
            if (ZEND_TYPE_IS_SET(info->type)) {
                zend_string* t = zend_type_to_string(info->type);
                now.assign(ZSTR_VAL(t), ZSTR_LEN(t));
                zend_string_release(t);
            }
            if (now != (p.type ? std::string(ZSTR_VAL(p.type), ZSTR_LEN(p.type)) : std::string()))
                mismatch(c,
                         "declares " + prop_text(p.name) + " as " + (now.empty() ? "(untyped)" : now) + ", " +
                             type_text(p.type) + " was recorded");
            if ((info->flags & stored_prop_flags) != p.flags)
                mismatch(c, "changed the visibility or readonly flag of " + prop_text(p.name));
        }
        if (!(ce->ce_flags & ZEND_ACC_CONSTANTS_UPDATED)) into_php([&] { zend_update_class_constants(ce); });
        found[i] = ce;
    }
    for (uint32_t i = 0; i < g.objects_count; ++i) {
        const object_record& o = g.objects[i];
        if (g.classes[o.cls].kind == class_kind::enumeration && !enum_case_object(found[o.cls], o.case_name))
            mismatch(g.classes[o.cls], "has no case " + std::string(ZSTR_VAL(o.case_name), ZSTR_LEN(o.case_name)));
    }
}

// The request objects being built: engine calls only below (run under
// into_php(): an allocation failure bails out), so nothing here has a destructor.
// With delayed out-of-memory handling (oom_pending(): an allocation past memory_limit succeeds
// and the engine raises its fatal error later) the rebuild stops adding as soon as the limit is
// passed, leaving every array and object it made valid but incomplete; Heap::get() then releases
// the result and raises the fatal error, before the process reaches the hard limit.

static void rebuild_value(const rebuild& r, const zval* src, zval* dst);

static void rebuild_array(const rebuild& r, zend_array* src, zval* dst) {
    if (GC_FLAGS(src) & IS_ARRAY_IMMUTABLE) {
        ZVAL_ARR(dst, src);
        Z_TYPE_FLAGS_P(dst) = 0;
        return;
    }
    zend_array* a = zend_new_array(zend_hash_num_elements(src));
    ZVAL_ARR(dst, a);
    zend_ulong h;
    zend_string* key;
    zval* v;
    ZEND_HASH_FOREACH_KEY_VAL(src, h, key, v) {
        if (UNEXPECTED(oom_pending())) break;
        zval item;
        rebuild_value(r, v, &item);
        if (key) zend_hash_add_new(a, key, &item);
        else zend_hash_index_add_new(a, h, &item);
    }
    ZEND_HASH_FOREACH_END();
}

static void rebuild_value(const rebuild& r, const zval* src, zval* dst) {
    if (Z_TYPE_P(src) == IS_PTR) {
        auto i = static_cast<size_t>(static_cast<const object_record*>(Z_PTR_P(src)) - r.g->objects);
        if (r.made[i]) ZVAL_OBJ_COPY(dst, r.made[i]);
        else ZVAL_NULL(dst);  // not made: the rebuild stopped at memory_limit
    } else if (Z_TYPE_P(src) == IS_ARRAY) {
        rebuild_array(r, Z_ARR_P(src), dst);
    } else {
        ZVAL_COPY_VALUE(dst, src);  // scalars, interned strings: nothing counted
    }
}

void rebuild_graph(void* p) {
    auto& r = *static_cast<rebuild*>(p);
    const graph& g = *r.g;
    // Every object first (slots empty, so a failure frees them safely), then
    // their slots: references between them, cycles included, find their target.
    for (uint32_t i = 0; i < g.objects_count && !oom_pending(); ++i) {
        const object_record& o = g.objects[i];
        zend_class_entry* ce = r.classes[o.cls];
        if (g.classes[o.cls].kind == class_kind::enumeration) {
            r.made[i] = enum_case_object(ce, o.case_name);  // verify() found it
            GC_ADDREF(r.made[i]);  // held by `made` until the end
            continue;
        }
        if (const class_node* node = g.classes[o.cls].node) {
            // Default property values in its slots; the C++ copy is its own now.
            r.made[i] = node->heap_create(ce, r.copies[i]);
            r.copies[i] = nullptr;
            continue;
        }
        zend_object* obj = zend_objects_new(ce);
        for (int j = 0; j < ce->default_properties_count; ++j) ZVAL_UNDEF(OBJ_PROP_NUM(obj, j));
        r.made[i] = obj;
    }
    for (uint32_t i = 0; i < g.objects_count && !oom_pending(); ++i) {
        const object_record& o = g.objects[i];
        if (!o.slots || !r.made[i]) continue;
        zend_object* obj = r.made[i];
        for (uint32_t j = 0; j < g.classes[o.cls].slots; ++j) {
            zval* slot = OBJ_PROP_NUM(obj, j);
            zval_ptr_dtor(slot);  // a default value (never an object), or nothing
            if (Z_TYPE(o.slots[j]) == IS_UNDEF) {
                ZVAL_UNDEF(slot);
                Z_PROP_FLAG_P(slot) = Z_PROP_FLAG_P(&o.slots[j]);
                continue;
            }
            rebuild_value(r, &o.slots[j], slot);
            Z_PROP_FLAG_P(slot) = 0;
        }
    }
    rebuild_value(r, &g.root, r.out);
    // `made` lets go: every object is referred to from the graph.
    for (uint32_t i = 0; i < g.objects_count; ++i) {
        if (r.made[i]) GC_DELREF(r.made[i]);
    }
}

}  // namespace detail
PHPBIND_NAMESPACE_END
