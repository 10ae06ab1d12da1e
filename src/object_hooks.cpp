// src/object_hooks.cpp — overriding an object handler of an existing class
// (phpbind/object_hooks.hpp).
//
// The engine gives an object its handler table where it makes it: the class's
// create_object, which subclasses copy when they are declared
// (do_inherit_parent_constructor()), or zend_objects_new() with the read-only
// std_object_handlers when a class has none (_object_and_properties_init()).
// So an override takes over create_object of the class and of the subclasses
// that copied it, lets the previous one make the object, and gives the object
// a copy of the table it got with one slot replaced. Tables are made once per
// table they copy and kept while this copy of the library is loaded: an
// object may outlive the override that made it (objects live until the
// engine's executor shutdown, after every RSHUTDOWN), and then its table
// passes every call to the previous handler.
#include <phpbind/object_hooks.hpp>
#include <phpbind/detail/object_layout.hpp>
#include "internal.hpp"

#include <cstring>
#include <string>
#include <utility>

PHPBIND_NAMESPACE_BEGIN
namespace detail {
namespace {

zend_class_entry* parent_of(const zend_class_entry* c) noexcept {
    return (c->ce_flags & ZEND_ACC_LINKED) ? c->parent : nullptr;
}

bool descends_from(const zend_class_entry* c, const zend_class_entry* ancestor) noexcept {
    for (const zend_class_entry* p = parent_of(c); p; p = parent_of(p)) {
        if (p == ancestor) return true;
    }
    return false;
}

zend_object* default_create(zend_class_entry* ce) {
    zend_object* obj = zend_objects_new(ce);
    object_properties_init(obj, ce);
    return obj;
}

// How many pointer-sized words two tables differ in.
std::size_t distance(const zend_object_handlers* a, const zend_object_handlers* b) noexcept {
    const auto* x = reinterpret_cast<const unsigned char*>(a);
    const auto* y = reinterpret_cast<const unsigned char*>(b);
    std::size_t d = 0;
    for (std::size_t i = 0; i < sizeof(zend_object_handlers); i += sizeof(void*)) {
        d += std::memcmp(x + i, y + i, sizeof(void*)) != 0;
    }
    return d;
}

}  // namespace

void handler_override::aim(std::string_view class_name, bool for_module, const char* slot_name) {
    const std::string shown(class_name.starts_with('\\') ? class_name.substr(1) : class_name);
    const std::string what = std::string("phpbind: override of the ") + slot_name + " handler of " + shown;
    zend_class_entry* ce = nullptr;
    if (for_module) {
        // At MINIT: the classes registered by the modules started before this one.
        std::string lc(shown);
        for (char& ch : lc) ch = static_cast<char>(zend_tolower_ascii(static_cast<unsigned char>(ch)));
        ce = static_cast<zend_class_entry*>(zend_hash_str_find_ptr(CG(class_table), lc.data(), lc.size()));
    } else {
        zend_string* cn = zend_string_init(class_name.data(), class_name.size(), false);
        ce = zend_lookup_class_ex(cn, nullptr, ZEND_FETCH_CLASS_NO_AUTOLOAD);
        zend_string_release(cn);
    }
    if (!ce) {
        throw php::logic_exception(
            what + ": no such class is declared" +
            (for_module ? " (a class of another extension needs that extension started first)" : ""));
    }
    if (ce->ce_flags & (ZEND_ACC_INTERFACE | ZEND_ACC_TRAIT | ZEND_ACC_ENUM)) {
        throw php::logic_exception(what + ": an interface, trait or enum has no objects of its own");
    }
    if (ce->ce_flags & ZEND_ACC_IMMUTABLE) {
        throw php::logic_exception(what + ": opcache keeps this class immutable (shared with other requests)");
    }
    // phpbind finds a bound object's class record from its handlers table (node_of()): a copy
    // made for an override would read as another record.
    for (const auto& [type, node] : classes_by_type()) {
        if (node->ce && instanceof_function(ce, node->ce)) {
            throw php::logic_exception(
                what +
                ": the class is bound by phpbind (class_<T>), whose objects keep their handlers: "
                "bind the behaviour with the class's protocols");
        }
    }
    if (for_module && ce->type == ZEND_INTERNAL_CLASS && ce->info.internal.module &&
        ce->info.internal.module->type == MODULE_TEMPORARY) {
        throw php::logic_exception(what + ": the class belongs to a module loaded by dl(), which goes at the " +
                                   "request's end: override it for a request");
    }
    if (target && target != ce) {
        for (const patch& p : patched) {
            if (p.live) {
                throw php::logic_exception(what + ": this override is in use for " + label +
                                           " (or has ended there and waits under a later override of that class)");
            }
        }
    }
    // install() runs where nothing may throw: room for every class it may take over is made here.
    std::size_t descendants = 0;
    void* entry_ptr;
    ZEND_HASH_MAP_FOREACH_PTR(CG(class_table), entry_ptr) {
        descendants += descends_from(static_cast<zend_class_entry*>(entry_ptr), ce);
    }
    ZEND_HASH_FOREACH_END();
    patched.reserve(patched.size() + descendants + 1);
    target = ce;
    std::snprintf(label, sizeof label, "the %s handler of %s", slot_name, ZSTR_VAL(ce->name));
}

bool handler_override::on_top() const noexcept {
    for (const patch& p : patched) {
        if (p.live && p.ce->create_object != create) return false;
    }
    return true;
}

void handler_override::install() noexcept {
    const create_fn before = target->create_object;
    auto take = [&](zend_class_entry* ce) {
        for (patch& p : patched) {
            if (p.ce == ce) {
                p.previous = ce->create_object;
                p.live = true;
                ce->create_object = create;
                return;
            }
        }
        patched.push_back({ce, ce->create_object, true});
        ce->create_object = create;
    };
    // The subclasses declared so far that make their objects as the class does
    // (those declared later copy the override's create_object). Opcache's
    // immutable ones cannot be changed, and keep making theirs as they did.
    void* entry_ptr;
    ZEND_HASH_MAP_FOREACH_PTR(CG(class_table), entry_ptr) {
        auto* ce = static_cast<zend_class_entry*>(entry_ptr);
        if (ce != target && ce->create_object == before && !(ce->ce_flags & ZEND_ACC_IMMUTABLE) &&
            descends_from(ce, target)) {
            bool seen = false;  // a class_alias() names a class twice
            for (const patch& p : patched) seen = seen || (p.ce == ce && p.live);
            if (!seen) take(ce);
        }
    }
    ZEND_HASH_FOREACH_END();
    take(target);
}

void handler_override::restore() noexcept {
    for (patch& p : patched) {
        if (p.live && p.ce->create_object == create) p.ce->create_object = p.previous;
        p.live = false;
    }
    // A userland class goes with its request: only internal ones are remembered.
    std::erase_if(patched, [](const patch& p) { return p.ce->type != ZEND_INTERNAL_CLASS; });
}

zend_object* handler_override::make(zend_class_entry* ce) const {
    // The nearest class this override took over says what makes the object:
    // `ce` itself, a class that copied create_object from it, or one whose own
    // create_object asks its parent's.
    for (const zend_class_entry* c = ce; c; c = parent_of(c)) {
        for (const patch& p : patched) {
            if (p.ce == c) return p.previous ? p.previous(ce) : default_create(ce);
        }
    }
    return default_create(ce);
}

handler_override::~handler_override() {
    while (tables) pefree(std::exchange(tables, tables->next), 1);
}

void handler_override::adopt(zend_object* obj) noexcept {
    const zend_object_handlers* base = obj->handlers;
    auto matches = [&](const handler_table& t) {
        // The same table, and still the same content apart from the two slots.
        return t.base == base && std::memcmp(&t.copied, base, sizeof *base) == 0;
    };
    if (!(last && matches(*last))) {
        last = nullptr;
        for (const handler_table* t = tables; t; t = t->next) {
            if (matches(*t)) {
                last = t;
                break;
            }
        }
        if (!last) {
            auto* t = static_cast<handler_table*>(pemalloc(sizeof(handler_table), 1));
            t->h = *base;
            t->base = base;
            t->copied = *base;
            std::memcpy(reinterpret_cast<char*>(&t->h) + slot, &entry, sizeof(void*));
            if (base->clone_obj) t->h.clone_obj = clone;
            t->next = tables;
            tables = t;
            last = t;
        }
    }
    obj->handlers = &last->h;
}

const zend_object_handlers* handler_override::base_of(const zend_object* obj) noexcept {
    const zend_object_handlers* h = obj->handlers;
    if (EXPECTED(last && &last->h == h)) return last->base;
    const handler_table* best = nullptr;
    std::size_t best_distance = SIZE_MAX;
    for (const handler_table* t = tables; t; t = t->next) {
        if (&t->h == h) {
            last = t;
            return t->base;
        }
        // A later override of another slot made the object's table from one of
        // these: the one it differs from least.
        const std::size_t d = distance(&t->h, h);
        if (d < best_distance) {
            best_distance = d;
            best = t;
        }
    }
    return best ? best->base : &std_object_handlers;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
