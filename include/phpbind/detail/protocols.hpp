// phpbind/detail/protocols.hpp — the handlers of the native protocols of bound classes
// (phpbind/class_protocols.hpp lists them): template instances specialised on the bound members
// that class_<T> (class.hpp) installs in the class entry and its object handlers.
#pragma once

#include <phpbind/class_protocols.hpp>
#include <phpbind/detail/class_spec.hpp>
#include <phpbind/serialization.hpp>

#include <zend_smart_str.h>

// ext/json's header, unlike the engine's, declares no C linkage itself: without
// this, a function it declares (php_json_encode, ...) would be looked up under
// a C++-mangled name.
extern "C" {
#include <ext/json/php_json.h>
}

#include <compare>
#include <cstddef>
#include <optional>
#include <ranges>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {

template <class R>
PHPBIND_INLINE void result_to_zval(R&& r, zval* out) {
    caster<std::remove_cvref_t<R>>::to_zval(std::forward<R>(r), out);
}

// ---------------------------------------------------------------------------
// Iteration: ce->get_iterator hands out a zend_object_iterator whose funcs are
// specialised on a cursor. The iterator holds a reference to the object (in
// `it.data`), so the object outlives every loop over it.

// A cursor walks one loop. The engine calls valid() before reading an element
// in foreach, but InternalIterator's current()/key()/next() may come at any
// point (before the first valid(), past the end): a cursor reads nothing
// outside its range, and gives null there.

template <class E>
concept pair_like = requires(const E& e) {
    e.first;
    e.second;
};

/// Positional cursor: keys 0..size()-1, values at(i); when at(i) returns a
/// pair, its .first is the key and .second the value (a map's entries).
/// size() is read again at every step, so growing or shrinking the object
/// during a loop is safe: a loop sees the elements present when it reaches
/// them and ends early when the object shrinks below its position. next()
/// reads nothing: past the end, a position stays past it.
///
/// When at(i) returns a reference to a stored php::Value (or a pair whose
/// .second is one), the engine reads the element in place (`direct`): no copy
/// per step. The engine copies what get_current_data returns before any PHP
/// code can run (ZEND_FE_FETCH_R, InternalIterator::current(), yield from,
/// argument unpacking), and only get_current_key runs in between, which reads
/// without changing anything. When size() and at() are noexcept too
/// (`nothrow`), a step enters no edge: nothing can fail.
template <auto Size, auto At>
struct index_cursor {
    using A = std::remove_cvref_t<typename first_of<typename signature<decltype(At)>::args>::type>;
    using R = typename signature<decltype(At)>::ret;
    static constexpr bool pairs = pair_like<std::remove_cvref_t<R>>;
    static constexpr bool direct = [] {
        if constexpr (pairs) {
            using E = decltype((std::declval<R>().second));
            return std::is_lvalue_reference_v<E> && std::is_same_v<std::remove_cvref_t<E>, Value>;
        } else {
            return std::is_lvalue_reference_v<R> && std::is_same_v<std::remove_cvref_t<R>, Value>;
        }
    }();
    template <class T>
    static constexpr bool nothrow =
        std::is_nothrow_invocable_v<decltype(Size), T&> && std::is_nothrow_invocable_v<decltype(At), T&, A>;
    size_t i = 0;
    /// The element in place (direct cursors; valid() holds).
    template <class T>
    zval* element(T& self) noexcept(nothrow<T>) {
        if constexpr (pairs) return const_cast<zval*>((self.*At)(static_cast<A>(i)).second.raw());
        else return const_cast<zval*>((self.*At)(static_cast<A>(i)).raw());
    }
    template <class T>
    void rewind(T&) noexcept {
        i = 0;
    }
    template <class T>
    bool valid(T& self) {
        return static_cast<size_t>((self.*Size)()) > i;
    }
    template <class T>
    void value(T& self, zval* out) {
        if (!valid(self)) ZVAL_NULL(out);
        else if constexpr (pairs) result_to_zval((self.*At)(static_cast<A>(i)).second, out);
        else result_to_zval((self.*At)(static_cast<A>(i)), out);
    }
    template <class T>
    void key(T& self, zval* out) {
        if (!valid(self)) ZVAL_NULL(out);
        else if constexpr (pairs) result_to_zval((self.*At)(static_cast<A>(i)).first, out);
        else ZVAL_LONG(out, static_cast<zend_long>(i));
    }
    // One step on, reading nothing: the next valid() decides (a loop past the
    // end stays past it, as a PHP array's position does).
    static constexpr bool blind_next = true;
    void next() noexcept { ++i; }
};

/// Range cursor: walks a copy of what Entries() returns, taken at rewind (as
/// foreach walks a PHP array by value): changes to the object during the loop
/// are not seen and cannot invalidate it. Elements with .first/.second (map
/// entries, pairs) give key => value; others give 0, 1, 2... => element.
template <auto Entries>
struct range_cursor {
    using R = typename signature<decltype(Entries)>::ret;
    using C = std::remove_cvref_t<R>;
    static_assert(std::ranges::input_range<C>, "phpbind: iterable<&T::m>() needs m() to return a range (a container)");
    static_assert(!std::ranges::view<C>,
                  "phpbind: iterable<&T::m>() walks a copy of m()'s result, so m() must return a container (by value "
                  "or by reference), not a view that may refer to the object; for a live positional loop use "
                  "iterable<&T::size, &T::at>()");
    static constexpr bool pairs = pair_like<std::ranges::range_value_t<C>>;
    using It = std::ranges::iterator_t<const C>;
    std::optional<C> snap;  // engaged with pos, once rewound
    std::optional<It> pos;
    zend_long index = 0;

    template <class T>
    void rewind(T& self) {
        pos.reset();
        snap.reset();
        snap.emplace((self.*Entries)());
        pos.emplace(std::ranges::begin(std::as_const(*snap)));
        index = 0;
    }
    template <class T>
    bool valid(T& self) {
        if (!snap) rewind(self);
        return *pos != std::ranges::end(std::as_const(*snap));
    }
    template <class T>
    void value(T& self, zval* out) {
        if (!valid(self)) ZVAL_NULL(out);
        else if constexpr (pairs) result_to_zval((**pos).second, out);
        else result_to_zval(**pos, out);
    }
    template <class T>
    void key(T& self, zval* out) {
        if (!valid(self)) ZVAL_NULL(out);
        else if constexpr (pairs) result_to_zval((**pos).first, out);
        else ZVAL_LONG(out, index);
    }
    template <class T>
    void next(T& self) {
        if (!valid(self)) return;
        ++*pos;
        ++index;
    }
};

/// Consuming cursor: each step takes the next value with take(), a member
/// returning std::optional (std::nullopt ends the loop); keys 0, 1, 2, ...
/// A value is taken when the loop first asks whether there is one (valid()),
/// so values added by the loop's body are seen, and a loop that breaks has
/// taken exactly the values it visited.
template <auto Take>
struct take_cursor {
    using R = std::remove_cvref_t<typename signature<decltype(Take)>::ret>;
    static_assert(is_std_optional<R>::value, "phpbind: a consuming iteration's take() returns std::optional");
    std::optional<typename R::value_type> cur;
    bool taken = false;
    zend_long index = 0;

    template <class T>
    void rewind(T&) noexcept {
        cur.reset();
        taken = false;
        index = 0;
    }
    template <class T>
    bool valid(T& self) {
        if (!taken) {
            cur = (self.*Take)();
            taken = true;
        }
        return cur.has_value();
    }
    template <class T>
    void value(T& self, zval* out) {
        if (valid(self)) result_to_zval(*cur, out);
        else ZVAL_NULL(out);
    }
    template <class T>
    void key(T& self, zval* out) {
        if (valid(self)) ZVAL_LONG(out, index);
        else ZVAL_NULL(out);
    }
    template <class T>
    void next(T& self) {
        if (!valid(self)) return;
        cur.reset();
        taken = false;
        ++index;
    }
};

/// The cursor of a one-member iteration: consuming when the member returns
/// std::optional, over a container otherwise.
template <auto F>
using single_cursor =
    std::conditional_t<is_std_optional<std::remove_cvref_t<typename signature<decltype(F)>::ret>>::value,
                       take_cursor<F>, range_cursor<F>>;

/// What `foreach ($obj as &$v)` over a T raises (an Error); the engine's own
/// message unless the class names one (class_::iterable_handlers).
template <class T>
inline const char* by_reference_message = "An iterator cannot be used with foreach by reference";

template <class C>
concept direct_cursor = requires { requires C::direct; };
template <class C>
concept blind_next_cursor = requires { requires C::blind_next; };
template <class C, class T>
concept nothrow_cursor = requires { requires C::template nothrow<T>; };

template <class T, class Cursor>
struct native_iterator {
    zend_object_iterator it;  // first: the engine frees the block from this address
    zval current;  // the value handed out by get_current_data, or UNDEF (always null when direct)
    // Where the object keeps the address of its C++ object (null while it has
    // none); for an object of a class derived in C++, a null of our own.
    T* const* slot;
    Cursor cur;
    static inline T* const not_plain = nullptr;

    static_assert(alignof(Cursor) <= ZEND_MM_ALIGNMENT, "phpbind: iterator cursor is over-aligned");
    static constexpr bool direct = direct_cursor<Cursor>;
    static constexpr bool quiet = nothrow_cursor<Cursor, T>;

    static native_iterator* of(zend_object_iterator* it) noexcept { return reinterpret_cast<native_iterator*>(it); }
    static T& self(zend_object_iterator* it) { return *native<T>(Z_OBJ(it->data)); }
    // The C++ object without an edge when the object is a T (or a PHP
    // subclass of T's class) that has one; null sends the step through self()
    // and its edge. Read afresh at each step: __construct may replace it.
    PHPBIND_INLINE static T* plain_self(zend_object_iterator* it) noexcept { return *of(it)->slot; }

    static void invalidate(zend_object_iterator* it) noexcept {
        if constexpr (direct) return;  // nothing held
        native_iterator* p = of(it);
        zval old;
        ZVAL_COPY_VALUE(&old, &p->current);
        ZVAL_UNDEF(&p->current);
        release_zval(&old);
    }
    // The engine frees the memory itself (zend_objects_store_del): only the
    // contents are released here.
    static void dtor(zend_object_iterator* it) noexcept {
        invalidate(it);
        (void)release_edge([&] { of(it)->cur.~Cursor(); });  // nothing to fail: the iterator is gone either way
        release_zval(&it->data);
    }
    // The steps of a quiet cursor: the plain case inline, the rest (the edge)
    // in a function of its own, so the plain case saves no register.
    static iterator_valid_result valid(zend_object_iterator* it) noexcept {
        if constexpr (quiet) {
            if (T* t = plain_self(it)) [[likely]] {
                if (of(it)->cur.valid(*t)) [[likely]]
                    return SUCCESS;
                return FAILURE;
            }
        }
        return valid_edge(it);
    }
    [[gnu::noinline]] static iterator_valid_result valid_edge(zend_object_iterator* it) noexcept {
        bool ok = false;
        if (!edge([&] { ok = of(it)->cur.valid(self(it)); })) return FAILURE;
        return ok ? SUCCESS : FAILURE;
    }
    // Never null: callers that do not check EG(exception) first still read a
    // valid zval (null) after a C++ exception.
    static zval* current_data(zend_object_iterator* it) noexcept {
        if constexpr (direct && quiet) {
            native_iterator* p = of(it);
            if (T* t = plain_self(it)) [[likely]] {
                if (p->cur.valid(*t)) [[likely]]
                    return p->cur.element(*t);
                return &p->current;
            }
        }
        return current_data_edge(it);
    }
    [[gnu::noinline]] static zval* current_data_edge(zend_object_iterator* it) noexcept {
        native_iterator* p = of(it);
        if constexpr (direct) {
            zval* r = &p->current;
            if (!edge([&] {
                    T& t = self(it);
                    if (p->cur.valid(t)) r = p->cur.element(t);
                }))
                return &p->current;
            return r;
        }
        if (Z_TYPE(p->current) == IS_UNDEF) {
            if (!edge([&] { p->cur.value(self(it), &p->current); })) ZVAL_NULL(&p->current);
        }
        return &p->current;
    }
    static void current_key(zend_object_iterator* it, zval* key) noexcept {
        if (!edge([&] { of(it)->cur.key(self(it), key); })) ZVAL_NULL(key);
    }
    static void move_forward(zend_object_iterator* it) noexcept {
        invalidate(it);
        if constexpr (blind_next_cursor<Cursor>) {
            of(it)->cur.next();
        } else {
            if constexpr (quiet) {
                if (T* t = plain_self(it)) [[likely]]
                    return of(it)->cur.next(*t);
            }
            move_forward_edge(it);
        }
    }
    [[gnu::noinline]] static void move_forward_edge(zend_object_iterator* it) noexcept {
        if constexpr (!blind_next_cursor<Cursor>) {
            (void)edge([&] { of(it)->cur.next(self(it)); });  // a failure leaves the exception pending
        }
    }
    static void rewind(zend_object_iterator* it) noexcept {
        invalidate(it);
        (void)edge([&] { of(it)->cur.rewind(self(it)); });  // a failure leaves the exception pending
    }
    static HashTable* get_gc(zend_object_iterator* it, zval** table, int* n) noexcept {
        zend_get_gc_buffer* buf = zend_get_gc_buffer_create();
        zend_get_gc_buffer_add_zval(buf, &it->data);
        zend_get_gc_buffer_add_zval(buf, &of(it)->current);
        zend_get_gc_buffer_use(buf, table, n);
        return nullptr;
    }
    static inline const zend_object_iterator_funcs funcs = {
        &dtor, &valid, &current_data, &current_key, &move_forward, &rewind, &invalidate, &get_gc,
    };

    /// ce->get_iterator. By reference is refused with an Error (the engine's
    /// message, as zend_user_it_get_new_iterator's, by default); an object whose C++ part was
    /// never constructed fails here, before the loop starts.
    static zend_object_iterator* get(zend_class_entry*, zval* object, int by_ref) {
        if (by_ref) {
            zend_throw_error(nullptr, "%s", by_reference_message<T>);
            return nullptr;
        }
        if (!edge([&] { (void)native<T>(Z_OBJ_P(object)); })) return nullptr;
        auto* p = static_cast<native_iterator*>(emalloc(sizeof(native_iterator)));
        zend_iterator_init(&p->it);
        ZVAL_OBJ_COPY(&p->it.data, Z_OBJ_P(object));
        zend_object* o = Z_OBJ_P(object);
        p->slot = o->handlers == &class_info<T>::node.handlers ? &holder_of<T>(o)->ptr : &not_plain;
        p->it.funcs = &funcs;
        p->it.index = 0;
        if constexpr (direct) ZVAL_NULL(&p->current);
        else ZVAL_UNDEF(&p->current);
        new (&p->cur) Cursor();
        return &p->it;
    }
};

/// getIterator(): Iterator — an InternalIterator over the same native
/// iterator (zend_create_internal_iterator_zval uses the method's scope's
/// get_iterator, so a PHP subclass overriding getIterator() cannot recurse).
template <class T>
struct get_iterator_method {
    static constexpr bool is_method = true;
    static void call(zend_execute_data* execute_data, zval* rv) { zend_create_internal_iterator_zval(rv, ZEND_THIS); }
};

/// The declared return type of getIterator().
struct iterator_result {};

// ---------------------------------------------------------------------------
// Casts, operators, comparison: one handler per class, reading a per-class
// table filled at registration.

enum class op_status { not_mine, done, failed };

template <class T>
struct protocol_table {
    using cast_fn = void (*)(T& self, zval* out);
    static inline cast_fn to_string = nullptr;
    static inline cast_fn string_cast = nullptr;  // class_::string_cast: no __toString
    static inline cast_fn to_long = nullptr;
    static inline cast_fn to_double = nullptr;
    static inline cast_fn to_bool = nullptr;
    struct binary {
        uint8_t opcode;
        op_status (*fn)(zval* result, zval* op1, zval* op2);
    };
    static inline std::vector<binary> ops;  // registration order; the first that takes the operands wins
    // Registering the module again (a runtime started anew) adds nothing twice.
    static void add(uint8_t opcode, op_status (*fn)(zval*, zval*, zval*)) {
        for (const auto& e : ops) {
            if (e.opcode == opcode && e.fn == fn) return;
        }
        ops.push_back({opcode, fn});
    }
};

template <class T, class R, auto F>
void cast_through(T& self, zval* out) {
    static_assert(std::is_member_function_pointer_v<decltype(F)>,
                  "phpbind: to_string/to_int/to_float/to_bool take a member function with no parameters");
    result_to_zval((self.*F)(), out);
}

/// cast_object: the types a member was bound for, natively; every other
/// type (and a __toString overridden or added by a PHP subclass) the standard way.
/// _IS_NUMBER is left to the standard handler (FAILURE): arithmetic goes
/// through op<>(), not through an implicit conversion.
template <class T>
zend_result cast_object(zend_object* o, zval* dst, int type) {
    using table = protocol_table<T>;
    typename table::cast_fn fn = nullptr;
    switch (type) {
    case IS_STRING:
        if (!o->ce->__tostring) fn = table::string_cast;
        else if (o->ce->__tostring->type == ZEND_INTERNAL_FUNCTION) fn = table::to_string;
        break;
    case IS_LONG: fn = table::to_long; break;
    case IS_DOUBLE: fn = table::to_double; break;
    case _IS_BOOL: fn = table::to_bool; break;
    default: break;
    }
    if (!fn) return zend_std_cast_object_tostring(o, dst, type);
    if (edge([&] { fn(*native<T>(o), dst); })) return SUCCESS;
    // A C++ exception is pending. A string conversion reports failure (its
    // callers check EG(exception) before raising their own error); the
    // others succeed with a zero value so no "could not be converted"
    // warning follows the exception.
    switch (type) {
    case IS_LONG: ZVAL_LONG(dst, 0); return SUCCESS;
    case IS_DOUBLE: ZVAL_DOUBLE(dst, 0.0); return SUCCESS;
    case _IS_BOOL: ZVAL_FALSE(dst); return SUCCESS;
    default: return FAILURE;
    }
}

/// Reads one operand as C++ type A; false when its PHP type does not fit.
template <class A>
struct operand {
    static bool fits(zval* z) noexcept {
        if constexpr (requires { caster<A>::binds_object; }) {
            return caster<A>::matches(z);
        } else {
            typename caster<A>::parsed p{};
            return caster<A>::try_load(z, p);
        }
    }
    static decltype(auto) get(zval* z) {
        if constexpr (requires { caster<A>::binds_object; }) {
            return static_cast<const A&>(*native<A>(Z_OBJ_P(z)));
        } else {
            typename caster<A>::parsed p{};
            (void)caster<A>::try_load(z, p);
            return caster<A>::get(p);
        }
    }
};

/// One C++ operator for `L op R`. The result is written to `result`, which
/// aliases op1 for compound assignment ($a += $b): the old value of op1 is
/// released only once the new one is computed.
template <class Op, class L, class R>
op_status binary_op(zval* result, zval* op1, zval* op2) {
    zval* a = op1;
    zval* b = op2;
    ZVAL_DEREF(a);
    ZVAL_DEREF(b);
    if (!operand<L>::fits(a) || !operand<R>::fits(b)) return op_status::not_mine;
    zval tmp;
    if (!edge([&] { result_to_zval(Op::apply(operand<L>::get(a), operand<R>::get(b)), &tmp); }))
        return op_status::failed;
    if (result == op1) {
        zval old;
        ZVAL_COPY_VALUE(&old, op1);
        ZVAL_COPY_VALUE(result, &tmp);
        release_zval(&old);
        return op_status::done;
    }
    ZVAL_COPY_VALUE(result, &tmp);
    return op_status::done;
}

/// do_operation. FAILURE hands the operation back to the engine: PHP's own
/// "Unsupported operand types" TypeError for operands no binding takes, or,
/// after a C++ exception, the engine's cleanup (result UNDEF unless it
/// aliases op1; zend_binop_error stays silent while an exception is pending).
template <class T>
zend_result do_operation(uint8_t opcode, zval* result, zval* op1, zval* op2) {
    for (const auto& e : protocol_table<T>::ops) {
        if (e.opcode != opcode) continue;
        switch (e.fn(result, op1, op2)) {
        case op_status::done: return SUCCESS;
        case op_status::failed: return FAILURE;
        case op_status::not_mine: break;
        }
    }
    return FAILURE;
}

template <class T>
int compare_native(const T& a, const T& b) {
    if constexpr (requires { a <=> b; }) {
        auto c = a <=> b;
        if (c < 0) return -1;
        if (c > 0) return 1;
        if (c == 0) return 0;
        return ZEND_UNCOMPARABLE;  // partial_ordering::unordered
    } else if constexpr (requires { a < b; }) {
        if (a == b) return 0;
        if (a < b) return -1;
        if (b < a) return 1;
        return ZEND_UNCOMPARABLE;
    } else {
        return a == b ? 0 : ZEND_UNCOMPARABLE;
    }
}

/// compare: two objects of the class by the C++ operators; anything else
/// (another class, a scalar) the standard way.
template <class T>
int compare(zval* o1, zval* o2) {
    if (!caster<T>::matches(o1) || !caster<T>::matches(o2)) return zend_std_compare_objects(o1, o2);
    int r = ZEND_UNCOMPARABLE;
    if (!edge([&] { r = compare_native<T>(*native<T>(Z_OBJ_P(o1)), *native<T>(Z_OBJ_P(o2))); }))
        return ZEND_UNCOMPARABLE;
    return r;
}

// ---------------------------------------------------------------------------
// Serialization: __unserialize builds the C++ object afresh.

template <auto Restore, class T>
struct invoke_unserialize {
    static constexpr bool is_method = true;
    template <class X>
    static void call(zend_execute_data* execute_data, zval* rv, X&& data) {
        if constexpr (std::is_member_function_pointer_v<decltype(Restore)>) {
            // Default-construct (replacing any state), then restore(data).
            invoke_constructor<T>::call(execute_data, rv);
            (native<T>(Z_OBJ(EX(This)))->*Restore)(std::forward<X>(data));
        } else {
            // Construct from the value the factory builds.
            invoke_constructor<T, T>::call(execute_data, rv, Restore(std::forward<X>(data)));
        }
    }
};

// ---------------------------------------------------------------------------
// get_debug_info: what var_dump(), print_r() and debug_zval_refcount() list
// for the object, from a member returning an array; (array), get_object_vars(),
// var_export() and serialization keep the properties.

template <class T, auto F>
HashTable* debug_info(zend_object* o, int* is_temp) {
    using R = std::remove_cvref_t<typename signature<decltype(F)>::ret>;
    // A temporary table: the engine releases it after listing it
    // (zend_get_properties_for(), zend_release_properties()).
    *is_temp = 1;
    zval out;
    ZVAL_UNDEF(&out);
    if (UNEXPECTED(!edge([&] { caster<R>::to_zval((native<T>(o)->*F)(), &out); }))) {
        zval_ptr_dtor(&out);
        // The exception is pending: the listing shows no element and the exception is raised after it.
        return zend_new_array(0);
    }
    return Z_ARR(out);
}

// ---------------------------------------------------------------------------
// Custom serialization (C: format): ce->serialize and ce->unserialize.

template <class T, auto Save>
int custom_serialize(zval* object, unsigned char** buffer, size_t* length, zend_serialize_data* data) {
    smart_str buf = {};
    serializer out = serialization_access::writer(&buf, data);
    if (UNEXPECTED(!edge([&] { (native<T>(Z_OBJ_P(object))->*Save)(out); }))) {
        // The exception is pending; the engine writes N; and serialize() raises it.
        smart_str_free(&buf);
        return FAILURE;
    }
    // The engine copies the payload and frees it with efree() (php_var_serialize_intern()).
    *length = buf.s ? ZSTR_LEN(buf.s) : 0;
    *buffer = reinterpret_cast<unsigned char*>(estrndup(buf.s ? ZSTR_VAL(buf.s) : "", *length));
    smart_str_free(&buf);
    return SUCCESS;
}

template <class T, auto Load>
int custom_unserialize(zval* object, zend_class_entry* ce, const unsigned char* buf, size_t length,
                       zend_unserialize_data* data) {
    // The object is made as `new` makes it, its C++ part only by Load (the engine frees a
    // half-made object on FAILURE, with no C++ part to destroy).
    if (object_init_ex(object, ce) != SUCCESS) return FAILURE;
    zend_object* self = Z_OBJ_P(object);
    unserializer in = serialization_access::reader(buf, length, data);
    const bool ok = edge([&] {
        object_holder<T>* h = constructing<T>(self);
        if constexpr (std::is_member_function_pointer_v<decltype(Load)>) {
            release_native(h);
            construct_inline(h);
            (h->ptr->*Load)(in);
        } else {
            T made = Load(in);
            release_native(h);
            construct_inline(h, std::move(made));
        }
    });
    return ok ? SUCCESS : FAILURE;
}

// ---------------------------------------------------------------------------
// Countable and ArrayAccess: the object handlers count_elements and the four
// dimension handlers, straight to the bound members; the interfaces' methods
// (`mixed`, as the interfaces declare them) go through the same handlers.

template <auto F>
using key_of = typename first_of<typename member_traits<decltype(F)>::args>::type;

template <class T>
struct countable_protocol {
    // Only the class's own handler table has this handler: an object not constructed yet has the
    // `pending` table, whose handler is count_other(), and an object of a bound derived class has
    // that class's table (or, without a count of its own, a copy of this one: its ce differs). So
    // the object is constructed, and of the class itself unless a PHP subclass made it, which
    // only a class that is not final can have (zend_do_inheritance refuses to extend a final one).
    template <auto Size, bool Final>
    static zend_result count(zend_object* o, zend_long* count) {
        // A subclass's object takes the general path; this one needs no frame of its own. The
        // engine reads *count only on SUCCESS.
        if (!Final && UNEXPECTED(o->ce != class_info<T>::node.ce)) return count_other<Size>(o, count);
        T* self = holder_of<T>(o)->ptr;
        edge_check_entry();
        auto body = [&] { *count = static_cast<zend_long>((self->*Size)()); };
        const bool threw = edge_body(0, body);
        if (UNEXPECTED(threw || unwinding.pending != 0)) return edge_settle_result(threw);
        return SUCCESS;
    }
    template <auto Size>
    PHPBIND_COLD static zend_result count_other(zend_object* o, zend_long* count) {
        // A PHP subclass's own count() wins: FAILURE with nothing pending makes count() call it
        // (php_count_recursive's fallback to Countable::count, as for ArrayObject's subclasses).
        const auto* f = static_cast<const zend_function*>(zend_hash_str_find_ptr(&o->ce->function_table, "count", 5));
        if (f && f->type == ZEND_USER_FUNCTION && instanceof_function(o->ce, zend_ce_countable)) return FAILURE;
        return edge([&] { *count = static_cast<zend_long>((native<T>(o)->*Size)()); }) ? SUCCESS : FAILURE;
    }
};

// A Get member may take the read mode as a second parameter (php::dim_read); one that does not
// is read as PHP reads an ArrayAccess object: in "is" mode (isset, empty, ??) Has first, and a
// missing offset is null with no call to Get (zend_std_read_dimension).
template <auto Get>
inline constexpr bool get_takes_mode = [] {
    using A = typename member_traits<decltype(Get)>::args;
    if constexpr (requires { typename second_of<A>::type; }) {
        return std::is_same_v<typename second_of<A>::type, php::dim_read>;
    } else {
        return false;
    }
}();

constexpr dim_read dim_read_of(int type) noexcept {
    switch (type) {
    case BP_VAR_IS: return dim_read::is;
    case BP_VAR_W:
    case BP_VAR_RW: return dim_read::write;
    case BP_VAR_UNSET: return dim_read::unset;
    default: return dim_read::plain;
    }
}

// A Get returning `php::Value*` hands the engine the element's storage (a slot), as a C
// extension's read_dimension returns a pointer into its own buffer: reads copy from it, and in
// write and unset modes it becomes a PHP reference the engine writes through
// (zend_fetch_dimension_address() unwraps a reference no one else holds, so a nested write leaves
// a plain value; `$x = &$obj[$k]` leaves a reference shared with $x). nullptr: no such element
// (null, as a missing offset in "is" mode).
template <auto Get>
inline constexpr bool get_is_slot = std::is_same_v<typename member_traits<decltype(Get)>::ret, Value*>;

template <class T>
struct dimension_protocol {
    template <auto Get, auto Has = nullptr>
        requires get_is_slot<Get>
    static zval* read(zend_object* o, zval* offset, int type, zval* rv) {
        (void)rv;
        Value* slot = nullptr;
        auto body = [&] {
            T* self = native<T>(o);
            if constexpr (get_takes_mode<Get>) {
                slot = (self->*Get)(dim_key<key_of<Get>>(o, offset), dim_read_of(type));
            } else {
                if constexpr (!std::is_null_pointer_v<decltype(Has)>) {
                    if (type == BP_VAR_IS && !(self->*Has)(dim_key<key_of<Has>>(o, offset))) return;
                }
                slot = (self->*Get)(dim_key<key_of<Get>>(o, offset));
            }
        };
        edge_check_entry();
        const bool threw = edge_body(0, body);
        if (UNEXPECTED(!edge_exit(0, threw))) return nullptr;
        if (!slot) return &EG(uninitialized_zval);
        zval* z = slot->raw();
        if (type == BP_VAR_W || type == BP_VAR_RW || type == BP_VAR_UNSET) ZVAL_MAKE_REF(z);
        return z;
    }
    template <auto Get, auto Has = nullptr>
        requires(!get_is_slot<Get>)
    static zval* read(zend_object* o, zval* offset, int type, zval* rv) {
        using K = key_of<Get>;
        if constexpr (!get_takes_mode<Get> && std::is_integral_v<K> && !std::is_same_v<K, bool>) {
            if constexpr (caster<K>::full_range) {
                // `$obj[$int]` on an object of the class itself: the key read in place, and every
                // other case (another mode, key type or class) out of line.
                if (EXPECTED(o->handlers == &class_info<T>::node.handlers && offset && Z_TYPE_P(offset) == IS_LONG &&
                             type != BP_VAR_IS)) {
                    using V = std::remove_cvref_t<typename member_traits<decltype(Get)>::ret>;
                    T* self = holder_of<T>(o)->ptr;
                    auto body = [&] { caster<V>::to_zval((self->*Get)(static_cast<K>(Z_LVAL_P(offset))), rv); };
                    edge_check_entry();
                    // The body's failure leaves by a path that needs nothing of this frame (not
                    // rv: edge_settle() never succeeds after a throw), so that the compiler need
                    // not save registers on entry for it.
                    if (UNEXPECTED(edge_body(0, body))) return read_threw();
                    if (EXPECTED(unwinding.pending == 0)) return rv;
                    return read_settle(rv);
                }
                return read_any<Get, Has>(o, offset, type, rv);
            }
        }
        return read_any<Get, Has>(o, offset, type, rv);
    }
    PHPBIND_COLD static zval* read_threw() PHPBIND_JMP_NOEXCEPT {
        (void)edge_settle(0, true);
        return nullptr;
    }
    // The body returned, with something pending (exit() or a fatal error C++ swallowed): the
    // result it made is released, as the engine nulls rv on failure without releasing it.
    PHPBIND_COLD static zval* read_settle(zval* rv) PHPBIND_JMP_NOEXCEPT {
        if (edge_settle(0, false)) return rv;
        release_zval(rv);
        return nullptr;
    }
    template <auto Get, auto Has>
    __attribute__((noinline)) static zval* read_any(zend_object* o, zval* offset, int type, zval* rv) {
        using V = std::remove_cvref_t<typename member_traits<decltype(Get)>::ret>;
        // Built in rv itself. A to_zval that throws leaves nothing in it; a
        // result made before the edge failed (exit() swallowed in the body)
        // is released here: on failure the engine nulls rv without releasing.
        bool absent = false;
        auto body = [&] {
            T* self = native<T>(o);
            if constexpr (get_takes_mode<Get>) {
                caster<V>::to_zval((self->*Get)(dim_key<key_of<Get>>(o, offset), dim_read_of(type)), rv);
            } else {
                if constexpr (!std::is_null_pointer_v<decltype(Has)>) {
                    if (type == BP_VAR_IS && !(self->*Has)(dim_key<key_of<Has>>(o, offset))) {
                        absent = true;
                        return;
                    }
                }
                caster<V>::to_zval((self->*Get)(dim_key<key_of<Get>>(o, offset)), rv);
            }
        };
        edge_check_entry();
        const bool threw = edge_body(0, body);
        if (EXPECTED(edge_exit(0, threw))) return absent ? &EG(uninitialized_zval) : rv;
        if (!threw && !absent) release_zval(rv);
        return nullptr;
    }
    template <auto Set>
    static void write(zend_object* o, zval* offset, zval* value) {
        using V = typename second_of<typename member_traits<decltype(Set)>::args>::type;
        // On failure the exception stays pending: the engine raises it.
        (void)edge([&] { (native<T>(o)->*Set)(dim_key<key_of<Set>>(o, offset), dim_key<V>(o, value, "value")); });
    }
    template <auto Has, auto Get>
    static int has(zend_object* o, zval* offset, int check_empty) {
        int result = 0;
        if (!edge([&] {
                T* self = native<T>(o);
                auto key = dim_key<key_of<Has>>(o, offset);
                if (!(self->*Has)(key)) return;
                if (!check_empty) {
                    result = 1;
                    return;
                }
                using V = std::remove_cvref_t<typename member_traits<decltype(Get)>::ret>;
                Value v;
                if constexpr (get_is_slot<Get>) {
                    const Value* slot;
                    if constexpr (get_takes_mode<Get>) {
                        slot = (self->*Get)(dim_key<key_of<Get>>(o, offset), dim_read::is);
                    } else {
                        slot = (self->*Get)(key);
                    }
                    result = slot && slot->view().truthy();
                    return;
                } else if constexpr (get_takes_mode<Get>) {
                    caster<V>::to_zval((self->*Get)(dim_key<key_of<Get>>(o, offset), dim_read::is), v.raw());
                } else {
                    caster<V>::to_zval((self->*Get)(key), v.raw());
                }
                result = v.view().truthy();
            })) {
            return 0;
        }
        return result;
    }
    template <auto Unset>
    static void unset(zend_object* o, zval* offset) {
        // On failure the exception stays pending: the engine raises it.
        (void)edge([&] { (native<T>(o)->*Unset)(dim_key<key_of<Unset>>(o, offset)); });
    }

    // The interface methods: they take `mixed` and go through the handlers.
    template <auto Get>
    struct get_method {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            zval* r = read<Get>(Z_OBJ(EX(This)), off.raw(), BP_VAR_R, rv);
            if (r && r != rv) ZVAL_COPY_DEREF(rv, r);
        }
    };
    template <auto Set>
    struct set_method {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off, ValueView value) {
            write<Set>(Z_OBJ(EX(This)), off.raw(), value.raw());
        }
    };
    template <auto Has>
    struct has_method {
        static constexpr bool is_method = true;
        // Runs inside the method's edge: exceptions propagate to it.
        static void call(zend_execute_data* execute_data, zval* rv, ValueView off) {
            ZVAL_BOOL(rv, (native<T>(Z_OBJ(EX(This)))->*Has)(dim_key<key_of<Has>>(Z_OBJ(EX(This)), off.raw())));
        }
    };
    template <auto Unset>
    struct unset_method {
        static constexpr bool is_method = true;
        static void call(zend_execute_data* execute_data, zval*, ValueView off) {
            unset<Unset>(Z_OBJ(EX(This)), off.raw());
        }
    };
};

}  // namespace detail

template <>
struct caster<detail::iterator_result> {
    static constexpr uint32_t type_mask = 0;  // the class name carries the type
    static constexpr const char* type_name = "Iterator";
    static const char* class_name() { return "Iterator"; }
};

PHPBIND_NAMESPACE_END
