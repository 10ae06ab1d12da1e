// phpbind/object_hooks.hpp — hooking an object handler of an existing class (userland or
// internal): `+`, `<=>`, property access, casts, count() on objects of a class someone else
// declared, with the previous handler one call away.
//
//   using op = php::hooks::handler<&zend_object_handlers::do_operation>;
//   zend_result add(php::hooks::proceed<op> next, zend_uchar opcode, zval* result, zval* a, zval* b) {
//       if (opcode != ZEND_ADD) return next(opcode, result, a, b);
//       ...write *result...; return SUCCESS;
//   }
//   php::hooks::override_handler<op, &add>("Money");          // this request's Money objects
//   PHPBIND_EXTENSION(x, m) { m.override_handler<op, &add>("DateInterval"); }   // module lifetime
//
// The engine gives an object its handler table where the object is made (the class's
// create_object). An override wraps that: objects made while it is on get a copy of the table
// they would have had with one slot replaced, and the class (and its subclasses that make their
// objects the same way) makes them through the override. docs/hooks.md has the rules.
#pragma once

#include <phpbind/hooks.hpp>

#include <zend_object_handlers.h>
#include <zend_objects.h>

#include <cstddef>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace hooks {

/// An object handler as a hook point: `handler<&zend_object_handlers::compare>`. The slots that
/// can be overridden are specialised below; each says what its handler returns when the C++
/// function fails (an exception is then pending) and which argument is the object.
template <auto Slot>
struct handler;

}  // namespace hooks

namespace detail {

// The parts of a slot's description every slot shares. `Self` picks the object the handler
// runs for; `cache_arg` is the argument holding the engine's property cache slot (-1: none),
// `out_arg` the one the handler writes its result to (-1: none).
template <class Fn, Fn zend_object_handlers::* Member, int CacheArg = -1, int OutArg = -1>
struct handler_slot {
    using fn = Fn;
    static constexpr std::size_t offset() noexcept {
        // The slot's byte offset in the table (offsetof on a member pointer).
        return reinterpret_cast<std::size_t>(&(static_cast<zend_object_handlers*>(nullptr)->*Member));
    }
    static fn get(const zend_object_handlers* h) noexcept { return h->*Member; }
    static void set(zend_object_handlers* h, fn f) noexcept { h->*Member = f; }
    static constexpr int cache_arg = CacheArg;
    static constexpr int out_arg = OutArg;
};

}  // namespace detail

namespace hooks {

#define PHPBIND_OBJECT_SLOT(slot, type, cache, out, failure_value)                                                     \
    template <>                                                                                                        \
    struct handler<&zend_object_handlers::slot>                                                                        \
        : detail::handler_slot<type, &zend_object_handlers::slot, cache, out> {                                        \
        static constexpr const char* name = #slot;                                                                     \
        /** What the handler returns when the C++ function fails. */                                                   \
        template <class... A>                                                                                          \
        static auto failure(A...) noexcept {                                                                           \
            return failure_value;                                                                                      \
        }                                                                                                              \
        /** What `next` does when the class had no such handler. */                                                    \
        template <class... A>                                                                                          \
        static auto fallback(A... a) noexcept {                                                                        \
            return failure(a...);                                                                                      \
        }                                                                                                              \
        /** The object the handler runs for. */                                                                        \
        static zend_object* self(zend_object* o, ...) noexcept { return o; }                                           \
    }

/// `zval* (zend_object*, zend_string* name, int type, void** cache_slot, zval* rv)`.
PHPBIND_OBJECT_SLOT(read_property, zend_object_read_property_t, 3, 4, &EG(uninitialized_zval));
/// `zval* (zend_object*, zend_string* name, zval* value, void** cache_slot)`.
PHPBIND_OBJECT_SLOT(write_property, zend_object_write_property_t, 3, -1, &EG(error_zval));
/// `zval* (zend_object*, zend_string* name, int type, void** cache_slot)`; nullptr: the engine
/// goes through read_property / write_property instead.
PHPBIND_OBJECT_SLOT(get_property_ptr_ptr, zend_object_get_property_ptr_ptr_t, 3, -1, &EG(error_zval));
/// `int (zend_object*, zend_string* name, int has_set_exists, void** cache_slot)`.
PHPBIND_OBJECT_SLOT(has_property, zend_object_has_property_t, 3, -1, 0);
/// `void (zend_object*, zend_string* name, void** cache_slot)`.
PHPBIND_OBJECT_SLOT(unset_property, zend_object_unset_property_t, 2, -1, (void)0);
/// `zval* (zend_object*, zval* offset, int type, zval* rv)`; nullptr reads as null.
PHPBIND_OBJECT_SLOT(read_dimension, zend_object_read_dimension_t, -1, 3, static_cast<zval*>(nullptr));
/// `void (zend_object*, zval* offset, zval* value)`; offset is nullptr for `$o[] = v`.
PHPBIND_OBJECT_SLOT(write_dimension, zend_object_write_dimension_t, -1, -1, (void)0);
/// `int (zend_object*, zval* offset, int check_empty)`.
PHPBIND_OBJECT_SLOT(has_dimension, zend_object_has_dimension_t, -1, -1, 0);
/// `void (zend_object*, zval* offset)`.
PHPBIND_OBJECT_SLOT(unset_dimension, zend_object_unset_dimension_t, -1, -1, (void)0);
/// `zend_result (zend_object*, zval* retval, int type)`: conversions ((string), (int), (bool)...).
PHPBIND_OBJECT_SLOT(cast_object, zend_object_cast_t, -1, 1, FAILURE);
/// `zend_result (zend_object*, zend_long* count)`: count(); FAILURE: not countable this way.
PHPBIND_OBJECT_SLOT(count_elements, zend_object_count_elements_t, -1, -1, FAILURE);
#undef PHPBIND_OBJECT_SLOT

/// `int (zval* a, zval* b)`: `==`, `<`, `<=>`, sort(). The engine asks `a`'s handler when `a` is
/// an object, `b`'s otherwise. Failure: uncomparable.
template <>
struct handler<&zend_object_handlers::compare>
    : detail::handler_slot<zend_object_compare_t, &zend_object_handlers::compare> {
    static constexpr const char* name = "compare";
    /// What the handler returns when the C++ function fails.
    static int failure(zval*, zval*) noexcept { return ZEND_UNCOMPARABLE; }
    /// What `next` does when the class had no such handler.
    static int fallback(zval*, zval*) noexcept { return ZEND_UNCOMPARABLE; }
    /// The object the handler runs for.
    static zend_object* self(zval* a, zval* b) noexcept { return Z_TYPE_P(a) == IS_OBJECT ? Z_OBJ_P(a) : Z_OBJ_P(b); }
};

/// `zend_result (zend_uchar opcode, zval* result, zval* a, zval* b)`: arithmetic, bitwise and
/// `.` operators (ZEND_ADD, ...). The engine asks `a`'s handler when `a` is an object that has
/// one, `b`'s otherwise. FAILURE (or no handler before the override): the engine goes on as if
/// there were none (a TypeError for an object it cannot convert). In a compound assignment
/// (`$a += 1`) `result` is `a` itself: the handler releases the value it replaces.
template <>
struct handler<&zend_object_handlers::do_operation>
    : detail::handler_slot<zend_object_do_operation_t, &zend_object_handlers::do_operation, -1, 1> {
    static constexpr const char* name = "do_operation";
    /// What the handler returns when the C++ function fails.
    static zend_result failure(zend_uchar, zval*, zval*, zval*) noexcept { return FAILURE; }
    /// What `next` does when the class had no such handler.
    static zend_result fallback(zend_uchar, zval*, zval*, zval*) noexcept { return FAILURE; }
    /// The object the handler runs for.
    static zend_object* self(zend_uchar, zval*, zval* a, zval* b) noexcept {
        return Z_TYPE_P(a) == IS_OBJECT && Z_OBJ_HT_P(a)->do_operation ? Z_OBJ_P(a) : Z_OBJ_P(b);
    }
};

}  // namespace hooks

namespace detail {

// One overriding table: the table objects would have had (`base`) with the slot replaced, and
// clone_obj, so that a clone keeps the table.
struct handler_table {
    zend_object_handlers h;
    const zend_object_handlers* base;
    zend_object_handlers copied;  // *base when h was made from it
    handler_table* next;
};

// What an override of one slot knows, apart from its types (src/object_hooks.cpp).
struct handler_override {
    using create_fn = zend_object* (*)(zend_class_entry*);
    create_fn create = nullptr;  // this override's create_object
    std::size_t slot = 0;  // byte offset of the slot in zend_object_handlers
    void* entry = nullptr;  // what the slot holds in this override's tables
    zend_object_clone_obj_t clone = nullptr;  // what clone_obj holds in them (the copy keeps the table)
    zend_class_entry* target = nullptr;
    // Classes whose create_object it took over, with the one each had; kept after a restore for
    // internal classes (`live` false), whose objects a subclass opcache linked while the override
    // was on may still ask for (src/object_hooks.cpp).
    struct patch {
        zend_class_entry* ce;
        create_fn previous;
        bool live;
    };
    std::vector<patch> patched;
    // One per base table, kept while the copy is loaded. Made where the engine makes objects, with
    // no guarded edge around it, so with the engine's allocator (which ends the process on
    // exhaustion, as it does for its own tables) rather than anything that could throw.
    handler_table* tables = nullptr;
    const handler_table* last = nullptr;  // the most recent hit
    char label[160] = "an object handler";

    handler_override() = default;
    handler_override(const handler_override&) = delete;
    handler_override& operator=(const handler_override&) = delete;
    ~handler_override();

    void aim(std::string_view class_name, bool for_module, const char* slot_name);
    bool on_top() const noexcept;
    void install() noexcept;
    void restore() noexcept;
    zend_object* make(zend_class_entry* ce) const;  // the object as the previous create_object makes it
    void adopt(zend_object* obj) noexcept;  // gives it this override's table
    const zend_object_handlers* base_of(const zend_object* obj) noexcept;  // the table it would have had
};

// The override of slot `Slot` by F(proceed<Slot>, args...).
template <class Slot, auto F>
struct handler_hook {
    static inline handler_override o;

    static zend_object* create(zend_class_entry* ce) {
        zend_object* obj = o.make(ce);
        if (EXPECTED(state.active && obj != nullptr)) o.adopt(obj);
        return obj;
    }

    template <class T>
    struct runner;
    template <class R, class... A>
    struct runner<R (*)(A...)> {
        static R run(A... a) {
            auto prev = Slot::get(o.base_of(Slot::self(a...)));
            if (UNEXPECTED(!state.active)) return prev ? prev(a...) : Slot::fallback(a...);
            return call(prev, std::index_sequence_for<A...>{}, a...);
        }
        template <std::size_t... I>
        static R call(typename Slot::fn prev, std::index_sequence<I...>, A... a) {
            // The engine may skip a handler whose property lookup it has cached: the C++
            // function is handed no cache slot, so every access comes through it.
            auto args = std::tuple<A...>(pick<I>(a)...);
            zval* out = out_zval(std::get<I>(args)...);
            if (out) ZVAL_UNDEF(out);
            bool ran = false;
            if constexpr (std::is_void_v<R>) {
                (void)edge([&] { F(hooks::proceed<Slot>(prev, &ran), std::get<I>(args)...); });
            } else {
                R r = Slot::failure(a...);
                if (UNEXPECTED(!edge([&] { r = F(hooks::proceed<Slot>(prev, &ran), std::get<I>(args)...); }))) {
                    // A result written before the failure is not the engine's to free.
                    if (out) {
                        zval_ptr_dtor(out);
                        ZVAL_UNDEF(out);
                    }
                    return Slot::failure(a...);
                }
                return r;
            }
        }
        template <std::size_t I, class T>
        static T pick(T v) noexcept {
            if constexpr (static_cast<int>(I) == Slot::cache_arg) {
                return nullptr;
            } else {
                return v;
            }
        }
        // The result argument, when the handler writes one into a fresh zval: not for
        // do_operation's compound assignment (result is the left operand itself).
        static zval* out_zval(A... a) noexcept {
            if constexpr (Slot::out_arg < 0) {
                return nullptr;
            } else {
                zval* out = std::get<Slot::out_arg>(std::tuple<A...>(a...));
                if constexpr (std::is_same_v<Slot, hooks::handler<&zend_object_handlers::do_operation>>) {
                    auto t = std::tuple<A...>(a...);
                    if (out == std::get<2>(t) || out == std::get<3>(t)) return nullptr;
                }
                return out;
            }
        }
    };

    // A clone is made by the previous clone_obj (zend_objects_clone_obj() makes
    // it with zend_objects_new(), an internal class with its own function):
    // it gets the table of the object it copies.
    static zend_object* clone(zend_object* old) {
        const zend_object_handlers* base = o.base_of(old);
        zend_object* copy = base->clone_obj(old);
        if (copy && (copy->handlers == base || copy->handlers == &std_object_handlers)) copy->handlers = old->handlers;
        return copy;
    }

    static bool on_top() noexcept { return o.on_top(); }
    static void install() noexcept {
        o.create = &create;
        o.clone = &clone;
        o.slot = Slot::offset();
        o.entry = reinterpret_cast<void*>(&runner<typename Slot::fn>::run);
        o.install();
    }
    static void restore() noexcept { o.restore(); }
    static bool dies_with_request() noexcept { return o.target && o.target->type == ZEND_USER_CLASS; }
    static void aim(std::string_view class_name, bool for_module) { o.aim(class_name, for_module, Slot::name); }

    static inline hook_state state{o.label, &on_top, &install, &restore, false, false, 0, false, &dies_with_request};
};

}  // namespace detail

namespace hooks {

/// Overrides the handler `Slot` (`handler<&zend_object_handlers::compare>`, ...) of the class
/// `class_name` (a userland class declared in this request, or an internal class) for the
/// running request with `R F(php::hooks::proceed<Slot> next, args...)`; `next(args...)` runs the
/// handler the object had. Applies to objects made from now on, of the class and of its
/// subclasses that make their objects the same way; restored at the request's end or by
/// restore_handler<Slot, F>(). Throws php::logic_exception if the class is not declared, is an
/// interface, trait or enum, is kept immutable by opcache, F overrides a handler already,
/// outside a request, or on a thread-safe engine.
template <class Slot, auto F>
void override_handler(std::string_view class_name) {
    using H = detail::handler_hook<Slot, F>;
    if (H::state.active) {
        throw php::logic_exception(std::string("phpbind: this override is in use already for ") + H::o.label);
    }
    H::aim(class_name, false);
    detail::hook_install_request(H::state);
}

/// Ends the override made by override_handler<Slot, F>() in this request (otherwise
/// php::logic_exception): objects made from now on do not get it, and those made under it pass
/// every call of the slot to the previous handler. Overrides of one class may end in any order
/// (each leaves the class's create_object when no later one holds it).
template <class Slot, auto F>
void restore_handler() {
    detail::hook_end(detail::handler_hook<Slot, F>::state);
}

/// Whether the override is on.
template <class Slot, auto F>
bool overridden() noexcept {
    return detail::handler_hook<Slot, F>::state.active;
}

}  // namespace hooks
PHPBIND_NAMESPACE_END
