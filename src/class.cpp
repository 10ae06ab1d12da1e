// src/class.cpp — registering bound classes, and their error paths.
#include <phpbind/class.hpp>
#include "internal.hpp"

#include <cstring>
#include <stdexcept>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

void not_shared_error(uint32_t num, const char* class_name, zend_object* o) {
    zend_argument_type_error(num,
                             "must be of type ?%s shared with C++ (an object made from a std::shared_ptr), %s given",
                             class_name, ZSTR_VAL(o->ce->name));
}

void throw_uninitialized(zend_object* o) {
    throw error(std::string(ZSTR_VAL(o->ce->name)) +
                " object is not initialized: its constructor (parent::__construct()) was not called");
}

void throw_unbound(const std::type_info& t) {
    throw error("C++ type " + demangle(t) + " is not bound to a PHP class: bind it with class_<T> first");
}

void throw_offset_type(zend_object* o, const char* what, const char* expected, zval* z) {
    throw type_error(std::string(ZSTR_VAL(o->ce->name)) + " " + what + " must be of type " + expected + ", " +
                     detail::value_name(z) + " given");
}

void throw_inherited_constructor(zend_object* o) {
    throw error(std::string(ZSTR_VAL(o->ce->name)) +
                " cannot be constructed by its base class's constructor: bind a constructor for it");
}

void throw_null_factory(zend_object* o) {
    throw error(std::string(ZSTR_VAL(o->ce->name)) + "::__construct(): its factory returned a null pointer");
}

void* upcast(zend_object* o, const class_node* target) {
    const class_node* n = node_of(o);
    void* p = n->self(o);
    while (n != target) {
        if (UNEXPECTED(!n->parent)) {  // unreachable through phpbind's casters: they check instanceof
            throw type_error(std::string(ZSTR_VAL(o->ce->name)) + " object is not a " + ZSTR_VAL(target->ce->name));
        }
        p = n->to_parent(p);
        n = n->parent;
    }
    return p;
}

// The running calls are the engine's frames: a bound method of `o` has it
// as $this, a bound function given it has it among its arguments (C++
// references into it live on that frame). Only the rare second __construct
// looks, so no call pays for the bookkeeping.
void check_not_in_use(zend_object* o) {
    // The bound class's module: only its functions hold C++ references into
    // its objects (call_user_func given the object holds none).
    const zend_class_entry* ce = o->ce;
    while (ce && ce->type != ZEND_INTERNAL_CLASS) ce = ce->parent;
    const zend_module_entry* mod = ce ? ce->info.internal.module : nullptr;
    zend_execute_data* self = EG(current_execute_data);  // this __construct
    for (zend_execute_data* f = self ? self->prev_execute_data : nullptr; f; f = f->prev_execute_data) {
        if (!f->func || f->func->type != ZEND_INTERNAL_FUNCTION || f->func->internal_function.module != mod) continue;
        bool uses = Z_TYPE(f->This) == IS_OBJECT && Z_OBJ(f->This) == o;
        for (uint32_t i = 0, n = ZEND_CALL_NUM_ARGS(f); !uses && i < n; ++i) {
            zval* a = ZEND_CALL_ARG(f, i + 1);
            ZVAL_DEREF(a);
            uses = Z_TYPE_P(a) == IS_OBJECT && Z_OBJ_P(a) == o;
        }
        if (uses)
            throw error(std::string("Cannot call ") + ZSTR_VAL(o->ce->name) +
                        "::__construct() while the object is in use by a running method or function");
    }
}

void throw_property_type(zend_object* o, zend_string* name, zval* value, const char* expected) {
    throw type_error(std::string("Cannot assign ") + detail::value_name(value) + " to property " +
                     ZSTR_VAL(o->ce->name) + "::$" + ZSTR_VAL(name) + " of type " + expected);
}

namespace {

// ---- native-backed properties --------------------------------------------------
//
// A native-backed property is declared (so Reflection, get_object_vars and
// var_dump know it, with its type), but its slot is only a snapshot: every
// read and write goes through these handlers to the C++ getter and setter.
// The engine's property fast paths never see these names, because only
// zend_std_* fill a property cache slot with a (class, offset) pair and they
// are never asked about them. The handlers use the opline's three cache
// slots for themselves instead, keyed on the object handlers (a pointer no
// class entry has, so the engine's own `ce == slot[0]` checks fail and it
// calls the handler; the engine reads slot[2] as property info only after
// get_property_ptr_ptr returned a pointer, which it never does for these):
//   [0] the handlers of constructed objects (see class_node::pending): an int
//       data member at offset [1] in the C++ object, read in place (on a
//       32-bit engine, [1]'s low bit set: an int64_t, read while it fits);
//       the handlers with the low bit set: [1] is `offset << 2 | kind` for a
//       float or bool data member read in place, else 0 (use the getter);
//   [2] the property's entry.

void* tagged(const zend_object_handlers* h) noexcept {
    return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(h) | 1);
}

const native_property* find_native(zend_object* o, zend_string* name, void** cache_slot) noexcept {
    if (cache_slot && (cache_slot[0] == o->handlers || cache_slot[0] == tagged(o->handlers))) {
        return static_cast<const native_property*>(cache_slot[2]);
    }
    for (const native_property& p : node_of(o)->properties) {
        if (p.name == name || zend_string_equals(p.name, name)) {
            if (cache_slot) {
                cache_slot[0] = tagged(o->handlers);
                cache_slot[1] = nullptr;
                cache_slot[2] = const_cast<native_property*>(&p);
                if (p.direct != direct_none && is_constructed(o)) {
                    // Cannot fail: is_constructed() was checked.
                    ptrdiff_t off = -1;
                    if (edge([&] { off = p.member_offset(o); }) && off >= 0) {
                        if (p.direct == direct_long || (p.direct == direct_wide && (off & 1) == 0)) {
                            // A wide int (8-byte aligned) is marked in the offset's low bit.
                            cache_slot[0] = const_cast<zend_object_handlers*>(o->handlers);
                            cache_slot[1] = reinterpret_cast<void*>(static_cast<uintptr_t>(off) |
                                                                    (p.direct == direct_wide ? 1 : 0));
                        } else if (p.direct == direct_double || p.direct == direct_bool) {
                            cache_slot[1] = reinterpret_cast<void*>((static_cast<uintptr_t>(off) << 2) | p.direct);
                        }  // (an unaligned wide int, in a packed struct: its getter)
                    }
                }
            }
            return &p;
        }
    }
    return nullptr;
}

// As zend_std_write_property() decides for typed properties: the caller's strict_types.
bool caller_is_strict() noexcept {
    zend_execute_data* ex = EG(current_execute_data);
    return ex && ex->func && ZEND_CALL_USES_STRICT_TYPES(ex);
}

PHPBIND_COLD void readonly_error(zend_object* o, zend_string* name, const char* what) {
    zend_throw_error(nullptr, "Cannot %s readonly property %s::$%s", what, ZSTR_VAL(o->ce->name), ZSTR_VAL(name));
}

__attribute__((noinline)) zval* read_property_slow(zend_object* o, zend_string* name, int type, void** cache_slot,
                                                   zval* rv) {
    const native_property* p = find_native(o, name, cache_slot);
    if (p && cache_slot && cache_slot[1] && cache_slot[0] == tagged(o->handlers)) {
        // A float or bool data member of a constructed object, read in place.
        const char* self = *reinterpret_cast<char* const*>(reinterpret_cast<const char*>(o) - native_ptr_distance);
        uintptr_t d = reinterpret_cast<uintptr_t>(cache_slot[1]);
        const char* field = self + (d >> 2);
        if ((d & 3) == direct_double) ZVAL_DOUBLE(rv, *reinterpret_cast<const double*>(field));
        else ZVAL_BOOL(rv, *reinterpret_cast<const bool*>(field));
        return rv;
    }
    if (!p) return zend_std_read_property(o, name, type, cache_slot, rv);
    zval v;
    ZVAL_UNDEF(&v);
    if (!edge([&] { p->get(o, &v); })) {
        release_zval(&v);
        return &EG(uninitialized_zval);
    }
    ZVAL_COPY_VALUE(rv, &v);
    // A nested write to a property without storage of its own (a typed C++ member, a getter)
    // changes a copy: said as zend_std_read_property() says it for __get.
    if (UNEXPECTED(type == BP_VAR_W || type == BP_VAR_RW || type == BP_VAR_UNSET) && Z_TYPE_P(rv) != IS_OBJECT) {
        zend_error(E_NOTICE, "Indirect modification of overloaded property %s::$%s has no effect",
                   ZSTR_VAL(o->ce->name), ZSTR_VAL(name));
    }
    return rv;
}

// The fast path: an int data member cached for this class, read in place.
// Only constructed objects have these handlers (class_node::pending), so the
// C++ object exists.
zval* read_property(zend_object* o, zend_string* name, int type, void** cache_slot, zval* rv) {
    if (EXPECTED(cache_slot != nullptr) && EXPECTED(cache_slot[0] == o->handlers)) {
        const char* self = *reinterpret_cast<char* const*>(reinterpret_cast<const char*>(o) - native_ptr_distance);
        const uintptr_t d = reinterpret_cast<uintptr_t>(cache_slot[1]);
        if constexpr (sizeof(zend_long) < sizeof(int64_t)) {
            if (d & 1) {  // an int64_t on a 32-bit engine: in place while it fits
                int64_t v;
                std::memcpy(&v, self + (d & ~uintptr_t{1}), sizeof v);
                if (UNEXPECTED(v < ZEND_LONG_MIN || v > ZEND_LONG_MAX)) {
                    return read_property_slow(o, name, type, cache_slot, rv);  // the getter raises ArithmeticError
                }
                ZVAL_LONG(rv, static_cast<zend_long>(v));
                return rv;
            }
        }
        ZVAL_LONG(rv, *reinterpret_cast<const zend_long*>(self + d));
        return rv;
    }
    return read_property_slow(o, name, type, cache_slot, rv);
}

zval* write_property(zend_object* o, zend_string* name, zval* value, void** cache_slot) {
    const native_property* p = find_native(o, name, cache_slot);
    if (!p) return zend_std_write_property(o, name, value, cache_slot);
    if (!p->set) {
        readonly_error(o, name, "modify");
        return &EG(error_zval);
    }
    zval tmp;
    ZVAL_COPY(&tmp, value);
    // PHP's own coercion and TypeError for the declared type (an untyped
    // property, property_untyped, takes any value: the engine's check
    // assumes a type).
    if (ZEND_TYPE_IS_SET(p->info->type) && !zend_verify_property_type(p->info, &tmp, caller_is_strict())) {
        release_zval(&tmp);
        return &EG(error_zval);
    }
    bool ok = edge([&] { p->set(o, name, &tmp); });
    release_zval(&tmp);
    return ok ? value : &EG(error_zval);
}

zval* get_property_ptr_ptr(zend_object* o, zend_string* name, int type, void** cache_slot) {
    const native_property* p = find_native(o, name, cache_slot);
    if (!p) return zend_std_get_property_ptr_ptr(o, name, type, cache_slot);
    // A php::Value member (property_untyped) of a constructed object is the storage the engine
    // writes through: `$obj->p[] = 1`, `$obj->p .= 's'`, `$x = &$obj->p`. The engine reads
    // cache_slot[2] as the property's zend_property_info once it has a pointer
    // (zend_fetch_property_address(), ZEND_ASSIGN_OBJ_OP, zend_assign_to_property_reference());
    // ours holds a native_property there, so the cache is emptied: an untyped property has no
    // type to enforce. Otherwise NULL: the engine reads and writes through the handlers above.
    if (p->slot && is_constructed(o) && type != BP_VAR_R && type != BP_VAR_IS) {
        zval* slot = nullptr;
        if (!edge([&] { slot = p->slot(o); }) || !slot) return &EG(error_zval);
        if (cache_slot) cache_slot[0] = cache_slot[1] = cache_slot[2] = nullptr;
        return slot;
    }
    return nullptr;
}

int has_property(zend_object* o, zend_string* name, int check_empty, void** cache_slot) {
    const native_property* p = find_native(o, name, cache_slot);
    if (!p) return zend_std_has_property(o, name, check_empty, cache_slot);
    if (check_empty == ZEND_PROPERTY_EXISTS) return 1;
    int result = 0;
    if (!edge([&] {
            Value v;
            p->get(o, v.raw());
            result = check_empty == ZEND_PROPERTY_NOT_EMPTY ? v.view().truthy() : !v.is_null();
        })) {
        return 0;
    }
    return result;
}

void unset_property(zend_object* o, zend_string* name, void** cache_slot) {
    const native_property* p = find_native(o, name, cache_slot);
    if (!p) return zend_std_unset_property(o, name, cache_slot);
    if (p->unset) {
        // On failure the exception stays pending: the engine raises it.
        (void)edge([&] { p->unset(o); });
        return;
    }
    if (!p->set) return readonly_error(o, name, "unset");
    zend_throw_error(nullptr, "Cannot unset native property %s::$%s", ZSTR_VAL(o->ce->name), ZSTR_VAL(name));
}

// Undefines the native-backed slots from `from` on (the ones foreach would
// otherwise show with a value from an earlier step).
void skip_unrefreshed(zend_object* o, const class_node* n, const native_property* from) noexcept {
    bool on = false;
    for (const native_property& p : n->properties) {
        on = on || &p == from;
        if (!on) continue;
        zval* slot = OBJ_PROP(o, p.info->offset);
        if (Z_ISREF_P(slot)) continue;  // only the engine takes a typed reference apart
        zval old;
        ZVAL_COPY_VALUE(&old, slot);
        ZVAL_UNDEF(slot);
        release_zval(&old);
    }
}

// Who asked for the property table: foreach reads it with no exception check
// afterwards (ZEND_FE_RESET_R/RW add an iterator after the call, so an
// exception there leaks it; ZEND_FE_FETCH_R/RW go on into the loop body).
enum class table_reader { other, foreach_start, foreach_step };

table_reader property_table_reader() noexcept {
    const zend_execute_data* ex = EG(current_execute_data);
    if (!ex || !ex->func || !ZEND_USER_CODE(ex->func->type) || !ex->opline) return table_reader::other;
    switch (ex->opline->opcode) {  // both handlers save the opline before the call
    case ZEND_FE_RESET_R:
    case ZEND_FE_RESET_RW: return table_reader::foreach_start;
    case ZEND_FE_FETCH_R:
    case ZEND_FE_FETCH_RW: return table_reader::foreach_step;
    default: return table_reader::other;
    }
}

// The property table (var_dump, get_object_vars, foreach, (array), json_encode)
// with each native-backed slot refreshed from C++ first.
HashTable* get_properties(zend_object* o) {
    const class_node* n = node_of(o);
    const table_reader reader = property_table_reader();
    // foreach refreshes at every step: nothing to read before the first.
    if (reader != table_reader::foreach_start && is_constructed(o)) {
        for (const native_property& p : n->properties) {
            zval v;
            ZVAL_UNDEF(&v);
            if (!edge([&] { p.get(o, &v); })) {
                release_zval(&v);
                if (reader == table_reader::foreach_step) {
                    // No stale value is iterated: this slot and the ones not
                    // refreshed yet are skipped (undefined, unless foreach by
                    // reference made them references), and the exception is
                    // raised inside the loop, at its next check.
                    skip_unrefreshed(o, n, &p);
                    defer_exception();
                }
                break;  // otherwise the exception is pending; the table as it stands
            }
            zval* slot = OBJ_PROP(o, p.info->offset);
            // A php::Value member bound to a PHP reference (`$x = &$o->p`) gives that reference,
            // which the table shows as a declared property's (var_dump's `&`); the slot already
            // holding it is left as it is (written inside itself, it would contain itself).
            if (Z_ISREF(v) && Z_ISREF_P(slot) && Z_REF(v) == Z_REF_P(slot)) {
                release_zval(&v);
                continue;
            }
            // foreach by reference over the table made the slot a reference
            // typed by the property (FE_FETCH_RW: ZEND_REF_ADD_TYPE_SOURCE),
            // which only the engine may take apart (zend_object_std_dtor
            // removes the type source first): the snapshot goes inside it,
            // as a value.
            if (Z_ISREF_P(slot) && (!Z_ISREF(v) || ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(slot)))) {
                if (Z_ISREF(v)) zend_unwrap_reference(&v);
                slot = Z_REFVAL_P(slot);
            }
            zval old;
            ZVAL_COPY_VALUE(&old, slot);
            ZVAL_COPY_VALUE(slot, &v);
            release_zval(&old);
        }
    }
    return zend_std_get_properties(o);
}

// get_object_vars(), json_encode(), var_export() and (array): an object of a PHP subclass with
// hooked properties (PHP 8.4) has its table built from the slots
// (zend_hooked_object_build_properties), not through get_properties: the native-backed
// snapshots are refreshed first. (foreach over such an object uses the engine's hooked
// iterator, which reads the slots as they stand: docs/classes.md.)
zend_array* get_properties_for(zend_object* o, zend_prop_purpose purpose) {
    if (has_hooked_properties(o->ce)) {
        (void)get_properties(o);
        if (EG(exception)) return nullptr;
    }
    return zend_std_get_properties_for(o, purpose);
}

// ==, <, <=> of two objects without a comparison of their own:
// zend_std_compare_objects reads the property slots directly, so the
// native-backed snapshots are refreshed first.
int compare_properties(zval* o1, zval* o2) {
    for (zval* z : {o1, o2}) {
        if (Z_TYPE_P(z) == IS_OBJECT && Z_OBJ_HT_P(z)->get_properties == &get_properties) {
            (void)get_properties(Z_OBJ_P(z));
            if (EG(exception)) return ZEND_UNCOMPARABLE;
        }
    }
    return zend_std_compare_objects(o1, o2);
}

// The cycle collector's view of an object with native-backed properties:
// the slots as they stand. zend_std_get_gc() would call get_properties,
// which converts every native member anew on each scan (allocating what the
// collector never frees: the snapshot of a collected object leaked).
HashTable* get_gc_slots(zend_object* o, zval** table, int* n) {
    if (o->properties) {
        *table = nullptr;
        *n = 0;
        return o->properties;
    }
    *table = o->properties_table;
    *n = o->ce->default_properties_count;
    return nullptr;
}

}  // namespace

void start_class(module& m, class_spec& spec, const type_record& r) {
    class_node& node = *r.node;
    zend_class_entry* parent = nullptr;
    if (!r.base) {
        node.handlers = std_object_handlers;
        node.parent = nullptr;
        node.to_parent = nullptr;
        node.properties.clear();
    } else {
        if (!r.base->ce) {
            if (!r.base_name) {
                throw std::runtime_error("class " + spec.name + ": its base class, C++ type " + demangle(*r.base_type) +
                                         ", is not bound: bind it with class_<T> before this class");
            }
            throw std::runtime_error("class " + spec.name + ": its base class " + r.base_name +
                                     " must be bound before it");
        }
        node.handlers = r.base->handlers;
        node.parent = r.base;
        node.to_parent = r.to_parent;
        node.properties = r.base->properties;
        parent = r.base->ce;
        // Without a constructor of its own it would inherit the base's, which
        // builds a Base: a default-constructible type gets `__construct()`
        // from its default constructor instead.
        if (r.bind_default_constructor && !spec.flags_has_constructor) r.bind_default_constructor(m, &spec.methods);
    }
    node.self = r.self;
    node.share = r.share;
    node.adopt_unique = r.adopt_unique;
    node.adopt_shared = r.adopt_shared;
    node.heap_copy = r.heap_copy;
    node.heap_delete = r.heap_delete;
    node.heap_create = r.heap_create;
    classes_by_type()[std::type_index(*r.type)] = &node;
    zend_object_handlers& h = node.handlers;
    h.offset = r.offset;
    h.free_obj = r.free_obj;
    h.clone_obj = r.clone_obj;  // null: PHP's own "Trying to clone an uncloneable object"
    if (r.get_gc) h.get_gc = r.get_gc;
    for (auto setup : spec.handler_setup) setup(h, spec.flags);
    auto create = r.create_constructed && !spec.flags_has_constructor ? r.create_constructed : r.create;
    zend_class_entry* ce = register_class(spec, create, parent, detail::module_access::registers_once(m));
    implement_named_interfaces(spec, ce);
    declare_properties(spec, ce, node);
    node.pending = node.handlers;
    for (auto setup : spec.pending_setup) setup(node.pending);
    node.ce = ce;
}

void declare_properties(class_spec& spec, zend_class_entry* ce, class_node& node) {
    for (property_spec& p : spec.properties) {
        zend_string* name = zend_string_init_interned(p.name.data(), p.name.size(), 1);
        zend_type type = ZEND_TYPE_INIT_MASK(p.type_mask);
        if (p.class_name) {
            // (A braced initializer: the macro's compound-literal cast is C, not C++.)
            type = zend_type ZEND_TYPE_INIT_CLASS(zend_string_init_interned(p.class_name, strlen(p.class_name), 1),
                                                  (p.type_mask & MAY_BE_NULL) != 0, 0);
        }
        // The engine takes the default as is (ZVAL_COPY_VALUE) and keeps it
        // for the class's life, which outlasts the extension's own data: a
        // string default becomes an interned string the engine owns.
        zval def;
        ZVAL_COPY_VALUE(&def, &p.default_value);
        if (Z_TYPE(def) == IS_STRING) {
            zend_string* s = Z_STR(def);
            ZVAL_INTERNED_STR(&def, zend_string_init_interned(ZSTR_VAL(s), ZSTR_LEN(s), 1));
        }
        zend_property_info* info = zend_declare_typed_property(ce, name, &def, p.flags, nullptr, type);
        if (p.get) {
            native_property np;
            np.name = name;
            np.direct = p.direct;
            np.member_offset = p.member_offset;
            np.get = p.get;
            np.set = p.set;
            np.unset = p.unset;
            np.slot = p.slot;
            np.info = info;
            node.properties.push_back(np);
        }
    }
    if (!node.properties.empty()) {
        node.handlers.read_property = &read_property;
        node.handlers.write_property = &write_property;
        node.handlers.get_property_ptr_ptr = &get_property_ptr_ptr;
        node.handlers.has_property = &has_property;
        node.handlers.unset_property = &unset_property;
        node.handlers.get_properties = &get_properties;
        node.handlers.get_properties_for = &get_properties_for;
        if (node.handlers.get_gc == zend_std_get_gc) node.handlers.get_gc = &get_gc_slots;
        if (node.handlers.compare == zend_std_compare_objects) node.handlers.compare = &compare_properties;
    }
}

namespace {
// An interface registered before `who` (the class table is keyed by
// lower-case name); `what` says how `who` uses it, for the error.
zend_class_entry* find_interface(const std::string& name, const std::string& who, const char* what) {
    std::string lc(name);
    zend_str_tolower(lc.data(), lc.size());
    auto* ce = static_cast<zend_class_entry*>(zend_hash_str_find_ptr(CG(class_table), lc.data(), lc.size()));
    if (!ce || !(ce->ce_flags & ZEND_ACC_INTERFACE)) {
        throw std::runtime_error(who + " " + what + " " + name + ", which is not an interface registered before it");
    }
    return ce;
}
}  // namespace

zend_class_entry* register_interface(interface_spec& spec, bool free_methods) {
    refuse_taken_class_name("interface", spec.name);
    if (spec.methods.empty() || spec.methods.back().fname) spec.methods.push_back(zend_function_entry{});
    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, spec.name.c_str(), spec.name.size(), spec.methods.data());
    zend_class_entry* reg = zend_register_internal_interface(&ce);
    for (const std::string& parent : spec.parents) {
        zend_class_implements(reg, 1, find_interface(parent, "interface " + spec.name, "extends"));
    }
    if (free_methods) std::vector<zend_function_entry>().swap(spec.methods);
    return reg;
}

void implement_named_interfaces(const class_spec& spec, zend_class_entry* ce) {
    // Named interfaces first, in the order given, then those of the protocols bound (unless a
    // named one extends them already): the order Reflection lists them in is a C extension's
    // that calls zend_class_implements() for its own interfaces.
    for (const std::string& name : spec.interface_names) {
        zend_class_implements(ce, 1, find_interface(name, "class " + spec.name, "implements"));
    }
    for (auto iface : spec.interfaces) {
        zend_class_entry* i = iface();
        if (!instanceof_function(ce, i)) zend_class_implements(ce, 1, i);
    }
    if (spec.interface_names.empty() || (ce->ce_flags & ZEND_ACC_EXPLICIT_ABSTRACT_CLASS)) return;
    // A concrete class must define what its interfaces declare (the engine
    // checks signatures when it inherits the methods, not their presence).
    void* ptr;
    ZEND_HASH_FOREACH_PTR(&ce->function_table, ptr) {
        auto* fn = static_cast<zend_function*>(ptr);
        if (fn->common.fn_flags & ZEND_ACC_ABSTRACT) {
            throw std::runtime_error("class " + spec.name + " does not define " + ZSTR_VAL(fn->common.scope->name) +
                                     "::" + ZSTR_VAL(fn->common.function_name) + "()");
        }
    }
    ZEND_HASH_FOREACH_END();
}

std::unordered_map<std::type_index, const class_node*>& classes_by_type() {
    static std::unordered_map<std::type_index, const class_node*> map;
    return map;
}

const class_node* bound_class_of(const std::type_info& t) noexcept {
    const auto& map = classes_by_type();
    auto it = map.find(std::type_index(t));
    return it == map.end() ? nullptr : it->second;
}

void refuse_taken_class_name(const char* what, const std::string& name) {
    std::string lc(name);
    zend_str_tolower(lc.data(), lc.size());
    if (zend_hash_str_exists(CG(class_table), lc.data(), lc.size())) {
        throw std::runtime_error(std::string(what) + " " + name + ": a class of that name already exists");
    }
}

zend_class_entry* register_class(class_spec& spec, zend_object* (*create)(zend_class_entry*), zend_class_entry* parent,
                                 bool free_methods) {
    refuse_taken_class_name("class", spec.name);
    if (spec.methods.empty() || spec.methods.back().fname) spec.methods.push_back(zend_function_entry{});  // terminator
    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, spec.name.c_str(), spec.name.size(), spec.methods.data());
    zend_class_entry* reg = zend_register_internal_class_ex(&ce, parent);
    reg->create_object = create;
    reg->ce_flags |= spec.flags;
    // Native state cannot be serialized: PHP's own error unless the type opts in.
    if (!spec.serializable) reg->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
    // The engine owns a class constant's value (it takes the zval as is); it
    // gets its own copy through the declaration API.
    for (auto& [name, z] : spec.constants) {
        switch (Z_TYPE(z)) {
        case IS_NULL: zend_declare_class_constant_null(reg, name.data(), name.size()); break;
        case IS_FALSE:
        case IS_TRUE: zend_declare_class_constant_bool(reg, name.data(), name.size(), Z_TYPE(z) == IS_TRUE); break;
        case IS_LONG: zend_declare_class_constant_long(reg, name.data(), name.size(), Z_LVAL(z)); break;
        case IS_DOUBLE: zend_declare_class_constant_double(reg, name.data(), name.size(), Z_DVAL(z)); break;
        case IS_STRING:
            zend_declare_class_constant_stringl(reg, name.data(), name.size(), Z_STRVAL(z), Z_STRLEN(z));
            break;
        }
    }
    for (auto setup : spec.ce_setup) setup(reg);  // before interfaces are implemented
    // do_register_internal_class() has copied every entry: the table is dead,
    // unless a later runtime in this process registers the class again.
    if (free_methods) std::vector<zend_function_entry>().swap(spec.methods);
    return reg;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
