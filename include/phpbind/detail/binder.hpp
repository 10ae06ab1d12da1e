// phpbind/detail/binder.hpp — a C++ callable becomes a PHP internal function (module::def and
// every method, constructor and protocol method class_ binds; compiled half: src/function.cpp).
//
// The handler is a template instance specialised on the callable: arguments
// are read straight from the call frame with the engine's own ZPP primitives,
// the callable is called directly (no type erasure, no heap allocation), and
// every error path is out of line. Arg info is generated from the C++
// signature, so Reflection shows exactly what a C stub would declare.
#pragma once

#include <phpbind/args.hpp>
#include <phpbind/caster.hpp>
#include <phpbind/detail/edge.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

class module;

namespace detail {

// ---------------------------------------------------------------------------
// Parameter kinds: plain, by-reference, variadic.

template <class P>
struct param {
    static_assert(!(std::is_lvalue_reference_v<P> && !std::is_const_v<std::remove_reference_t<P>>),
                  "phpbind: a non-const reference parameter cannot be bound; use php::ref<T> for a "
                  "PHP by-reference parameter, or take the value by copy / const&.");
    using value_type = std::remove_cvref_t<P>;
    using c = caster<value_type>;
    static constexpr uint32_t type_mask = c::type_mask;
    static constexpr bool by_ref = false;
    static constexpr bool is_variadic = false;
    using state = typename c::parsed;
    static_assert(std::is_trivially_destructible_v<state>,
                  "phpbind: caster<T>::parsed must be trivially destructible (see docs/casters.md).");

    static constexpr bool quick = quick_try_load_v<c>;

    static PHPBIND_INLINE bool load(zval* arg, uint32_t num, state& st) { return c::load(arg, num, st, false); }
    static PHPBIND_INLINE bool try_load(zval* arg, state& st) noexcept { return c::try_load(arg, st); }
    static decltype(auto) hold(state& st) { return c::get(st); }
    template <class H>
    static decltype(auto) pass(H& h) {
        return std::move(h);
    }
    template <class H>
    static void after(H&) {}
};

// A by-reference parameter is read after every argument is coerced, as a C
// function reads its by-reference zval in its body after ZPP: code that a
// later argument's coercion runs (an error handler, a __toString) may
// reassign the variable, and the function sees the new value. load() only
// records the argument; finish() reads a counted copy of the referenced value
// (a weak-mode coercion converts the copy, never the variable). The result is
// assigned through the reference with the engine's checks
// (ZEND_TRY_ASSIGN_REF_TMP: zend_try_assign_typed_ref for typed references).
//
// Null and undefined are accepted (the function starts from T{}), so the arg
// info declares the type nullable: `?int &$x`. A reference held by a typed
// property is never converted: its value must have one of the declared types
// exactly, or the call is a TypeError, as for a userland function
// (zend_check_type_slow: "We cannot have conversions for typed refs"). A debug
// build of the engine checks both against the arg info and fails the call
// ("Arginfo / zpp mismatch", zend_internal_call_should_throw) where a
// function accepts what its arg info refuses.
/// A typed reference whose value has none of the parameter's types: the
/// engine's TypeError for the argument.
PHPBIND_COLD void typed_ref_type_error(uint32_t num, uint32_t mask, const char* class_name, zval* value);
template <class C>
const char* class_name_of();

template <class T>
struct param<ref<T>> {
    using value_type = T;
    using c = caster<T>;
    static constexpr uint32_t type_mask = c::type_mask | MAY_BE_NULL;
    static constexpr bool by_ref = true;
    static constexpr bool is_variadic = false;
    struct state {
        zval* arg;
        zval* target;
        zval copy;  // counted while present; released by drop() or release()
        typename c::parsed value;
        uint32_t num;
        bool present;
    };
    struct holder {
        zval* target;
        T value;
    };
    static bool load(zval* arg, uint32_t num, state& st) {
        st.arg = arg;
        st.num = num;
        st.present = false;
        return true;
    }
    static bool finish(state& st) {
        zval* arg = st.arg;
        st.target = Z_ISREF_P(arg) ? arg : nullptr;
        zval* v = arg;
        ZVAL_DEREF(v);
        if (Z_TYPE_P(v) <= IS_NULL) return true;
        if (UNEXPECTED(st.target && ZEND_REF_HAS_TYPE_SOURCES(Z_REF_P(st.target)) &&
                       !(type_mask & (1u << Z_TYPE_P(v))))) {
            typed_ref_type_error(st.num, type_mask, class_name_of<c>(), v);
            return false;
        }
        ZVAL_COPY(&st.copy, v);
        if (EXPECTED(c::load(&st.copy, st.num, st.value, false))) {
            st.present = true;
            return true;
        }
        zval_ptr_dtor(&st.copy);  // before the body: no C++ frame to unwind
        return false;
    }
    static holder hold(state& st) { return holder{st.target, st.present ? T(c::get(st.value)) : T{}}; }
    static constexpr bool owns_state = true;
    // A later argument failed: the body never runs (no edge entered yet).
    static void drop(state& st) noexcept {
        if (st.present) zval_ptr_dtor(&st.copy);
    }
    // The body's edge is leaving.
    static void release(state& st) noexcept {
        if (st.present) release_zval(&st.copy);
    }
    static ref<T> pass(holder& h) { return ref<T>(h.value); }
    static void after(holder& h) {
        if (!h.target) return;
        zval tmp;
        c::to_zval(std::move(h.value), &tmp);
        ZEND_TRY_ASSIGN_REF_TMP(h.target, &tmp);
    }
};

template <class T>
struct variadic_access {
    using parsed = typename caster<T>::parsed;
    static variadic<T> make(parsed* items, size_t n) {
        variadic<T> v;
        v.items_ = items;
        v.n_ = n;
        return v;
    }
};

template <class T>
struct param<variadic<T>> {
    using value_type = T;
    using c = caster<T>;
    static constexpr uint32_t type_mask = c::type_mask;
    static constexpr bool by_ref = false;
    static constexpr bool is_variadic = true;
    using parsed = typename c::parsed;
    struct state {
        parsed* items;
        size_t n;
    };
    // Loads arguments first..argc; `arg` is the first of them.
    static bool load_all(zval* first, uint32_t first_num, uint32_t count, state& st) {
        st.n = count;
        st.items = nullptr;
        if (count == 0) return true;
        st.items = static_cast<parsed*>(safe_emalloc(count, sizeof(parsed), 0));
        for (uint32_t i = 0; i < count; ++i) {
            if (!c::load(first + i, first_num + i, st.items[i], false)) {
                efree(st.items);
                return false;
            }
        }
        return true;
    }
    static variadic<T> hold(state& st) { return variadic_access<T>::make(st.items, st.n); }
    static variadic<T>&& pass(variadic<T>& h) { return std::move(h); }
    static void after(variadic<T>&) {}
};

// ---------------------------------------------------------------------------
// Signatures

template <class... T>
struct type_list {};

template <class F>
struct signature;
template <class R, class... A>
struct signature<R (*)(A...)> {
    using ret = R;
    using args = type_list<A...>;
};
template <class R, class... A>
struct signature<R (*)(A...) noexcept> : signature<R (*)(A...)> {};
template <class C, class R, class... A>
struct signature<R (C::*)(A...)> : signature<R (*)(A...)> {};
template <class C, class R, class... A>
struct signature<R (C::*)(A...) const> : signature<R (*)(A...)> {};
template <class C, class R, class... A>
struct signature<R (C::*)(A...) noexcept> : signature<R (*)(A...)> {};
template <class C, class R, class... A>
struct signature<R (C::*)(A...) const noexcept> : signature<R (*)(A...)> {};

template <class F>
struct callable_signature : signature<decltype(&F::operator())> {};

// ---------------------------------------------------------------------------
// Per-binding data, keyed by a type unique to the bound callable (the
// function pointer's constant, or a lambda's closure type). It lives in the
// extension that instantiates it: phpbind is linked statically with hidden
// visibility, so no two extensions share it.

/// What one binding shares with its callable's other bindings: the defaults
/// the handler reads for omitted arguments, and whether it is bound yet.
struct binding_state {
    zval* defaults;  // one per parameter
    bool bound = false;
};

template <class Key, size_t N>
struct fn_data {
    // Immutable zvals for omitted optional arguments (registration strings:
    // freed when the extension is unloaded).
    static inline zval defaults[N ? N : 1];
    static inline binding_state state{defaults};
};

// The object of a stateful callable: up to a few bindings per callable type.
template <class F, size_t I>
struct closure_slot {
    static inline void* ptr = nullptr;
};

// Everything the registration needs to know about one parameter.
struct param_info {
    const char* name = nullptr;
    uint32_t type_mask = 0;
    bool by_ref = false;
    bool is_variadic = false;
    bool has_default = false;
    const char* class_name = nullptr;  // a class type (bound C++ classes)
    const char* doc = nullptr;  // php::arg("x").doc("...")
    std::string (*phpdoc)() = nullptr;  // the precise type for the stub (array<string,int>); null: the declared one
    bool hide_default = false;  // php::arg("x").optional(): declared `= <default>`
    bool untyped = false;  // php::arg("x").untyped(): declared without a type
};

/// The type a stub's phpdoc gives a value of type V, where it says more than
/// the declared PHP type (containers' element types, unions of them); null
/// where the declared type is all there is.
template <class V>
constexpr std::string (*phpdoc_of())() {
    if constexpr (requires { caster<V>::full_type_name(); }) {
        return [] { return std::string(caster<V>::full_type_name()); };
    } else {
        return nullptr;
    }
}

/// The PHP class a caster declares, if any (casters of bound classes).
template <class C>
const char* class_name_of() {
    if constexpr (requires { C::class_name(); }) return C::class_name();
    else return nullptr;
}

/// Everything a binding tells the registration, filled by binder::bind_into.
struct function_record {
    std::string_view name;
    zif_handler handler = nullptr;
    uint32_t return_mask = 0;
    const char* return_class = nullptr;  // a class return type (bound C++ classes)
    const param_info* params = nullptr;
    size_t n = 0;
    zval* defaults = nullptr;  // this binding's defaults, one per parameter (UNDEF: none)
    binding_state* state = nullptr;
    std::vector<zend_function_entry>* methods = nullptr;  // a class's method table; null: a module function
    uint32_t flags = 0;  // ZEND_ACC_PUBLIC, ZEND_ACC_STATIC, ...
    const char* doc = nullptr;  // php::doc("...")
    std::string (*return_phpdoc)() = nullptr;  // see phpdoc_of()
    const php::returns* declared_return = nullptr;  // php::returns("..."): replaces return_mask/return_class
    const php::deprecated* deprecation = nullptr;  // php::deprecated(...)
    // With a deprecation, deprecate_function(): set only by a binding that has one, so that an
    // extension without deprecations does not link the code that attaches the attribute.
    void (*deprecate)(module& m, const function_record& r, const char* fname) = nullptr;
};

/// Marks the function `fname` that `r` registers #[\Deprecated] at module startup (r.deprecation).
void deprecate_function(module& m, const function_record& r, const char* fname);

/// Appends a function to the module: validates the parameter spec, builds and
/// stores its arg info, and fills the binding's state (defaults). Binding the
/// same callable again is allowed only with the same defaults. Returns false
/// (and records an error on the module) otherwise.
bool register_function(module& m, const function_record& r);

// A default value for a `mixed` parameter: any scalar or string.
template <class D>
void any_default(const D& d, zval* out) {
    if constexpr (std::is_same_v<D, std::nullptr_t> || std::is_same_v<D, std::nullopt_t>) {
        ZVAL_NULL(out);
    } else if constexpr (std::is_same_v<D, bool>) {
        ZVAL_BOOL(out, d);
    } else if constexpr (std::is_integral_v<D>) {
        caster<D>::persistent_zval(d, out);
    } else if constexpr (std::is_floating_point_v<D>) {
        ZVAL_DOUBLE(out, d);
    } else if constexpr (std::is_convertible_v<const D&, std::string_view>) {
        caster<std::string_view>::persistent_zval(std::string_view(d), out);
    } else {
        static_assert(sizeof(D) == 0, "phpbind: a mixed parameter's default must be null, bool, int, float or string");
    }
}

template <class P, class D>
void make_default(const D& d, zval* out) {
    using V = typename param<P>::value_type;
    static_assert(!param<P>::is_variadic, "phpbind: a variadic parameter cannot have a default value");
    if constexpr (requires { caster<V>::accepts_any; }) {
        any_default(d, out);
    } else if constexpr (std::is_same_v<D, std::nullptr_t> || std::is_same_v<D, std::nullopt_t>) {
        static_assert(caster<V>::type_mask & MAY_BE_NULL,
                      "phpbind: only a nullable parameter (std::optional<T>) can default to null");
        ZVAL_NULL(out);
    } else {
        static_assert(std::is_constructible_v<V, const D&>,
                      "phpbind: the default value is not convertible to the parameter's C++ type");
        static_assert(has_persistent_zval<V>, "phpbind: this parameter type cannot have a default value");
        caster<V>::persistent_zval(V(d), out);
    }
}

template <class T>
struct is_std_optional : std::false_type {};
template <class T>
struct is_std_optional<std::optional<T>> : std::true_type {};

template <class P>
void apply_extra(param_info& pi, zval*, const arg& a) {
    pi.name = a.name;
    pi.doc = a.doc_text;
    pi.untyped = a.untyped_;
}
template <class P, class D>
void apply_extra(param_info& pi, zval* def, const arg_v<D>& a) {
    pi.name = a.name;
    pi.doc = a.doc_text;
    pi.untyped = a.untyped_;
    pi.has_default = true;
    pi.hide_default = a.hidden;
    if constexpr (std::is_same_v<D, omitted_t>) {
        using V = typename param<P>::value_type;
        static_assert(!param<P>::is_variadic, "phpbind: a variadic parameter is optional already");
        static_assert(is_std_optional<V>::value || std::is_same_v<V, ValueView>,
                      "phpbind: optional() without a value needs a parameter that can tell an omitted argument "
                      "(std::optional<T>: std::nullopt; php::ValueView: undefined); give one: optional(v)");
        if constexpr (is_std_optional<V>::value) ZVAL_NULL(def);  // else UNDEF: the view of an omitted argument
    } else {
        make_default<P>(a.value, def);
    }
}

template <class T>
struct is_arg_v : std::false_type {};
template <class D>
struct is_arg_v<arg_v<D>> : std::true_type {};

template <class T>
inline constexpr bool is_doc = std::is_same_v<T, php::doc>;
template <class T>
inline constexpr bool is_returns = std::is_same_v<T, php::returns>;
template <class T>
inline constexpr bool is_deprecated = std::is_same_v<T, php::deprecated>;

/// For each annotation, the parameter it describes (php::arg and its
/// defaults, in order), or SIZE_MAX for php::doc, php::returns and php::deprecated, which
/// describe the function.
template <class... Extra>
constexpr auto parameter_slots() {
    std::array<size_t, sizeof...(Extra) + 1> slots{};
    constexpr bool docs[] = {(is_doc<Extra> || is_returns<Extra> || is_deprecated<Extra>)..., false};
    size_t k = 0;
    for (size_t i = 0; i < sizeof...(Extra); ++i) slots[i] = docs[i] ? SIZE_MAX : k++;
    slots[sizeof...(Extra)] = k;  // the number of parameter annotations
    return slots;
}

// Storage for the arguments' first phase. Deliberately left uninitialised:
// every state is trivially destructible and written before it is read.
template <size_t I, class S>
struct state_slot {
    S v;
};
template <class Seq, class... S>
struct state_pack;
template <size_t... I, class... S>
struct state_pack<std::index_sequence<I...>, S...> : state_slot<I, S>... {
    state_pack() {}
};
template <size_t I, class S>
PHPBIND_INLINE S& state_of(state_slot<I, S>& s) {
    return s.v;
}

// A parameter whose first-phase state owns a reference (a by-reference
// copy): finish() reads it once every argument is loaded, drop() releases it
// if the body never runs, release() when the body's edge leaves, however it
// leaves.
template <class P>
inline constexpr bool owns_state_v = [] {
    if constexpr (requires { param<P>::owns_state; }) return param<P>::owns_state;
    else return false;
}();

template <class P, class S>
PHPBIND_INLINE bool finish_state(S& st) {
    if constexpr (owns_state_v<P>) return param<P>::finish(st);
    else return true;
}

template <class P, class S>
PHPBIND_INLINE void drop_state(S& st, bool loaded) noexcept {
    if constexpr (owns_state_v<P>) {
        if (loaded) param<P>::drop(st);
    }
}

template <class Pack, class... P>
struct release_at_exit {
    Pack& st;
    ~release_at_exit() { release_each(std::index_sequence_for<P...>{}); }
    template <size_t... I>
    void release_each(std::index_sequence<I...>) noexcept {
        (
            [&] {
                if constexpr (owns_state_v<P>) param<P>::release(state_of<I>(st));
            }(),
            ...);
    }
};

// A parameter read on the frameless path (param<P>::quick; the parameters of
// bound classes, by-reference and variadic ones are not).
template <class P>
inline constexpr bool quick_param_v = [] {
    if constexpr (requires { param<P>::quick; }) return bool(param<P>::quick);
    else return false;
}();

template <class... T>
struct last_of {
    using type = typename decltype((std::type_identity<T>{}, ...))::type;
};

// ---------------------------------------------------------------------------
// The handler.

template <class Key, class Invoke, class R, class... A>
struct binder {
    static constexpr size_t N = sizeof...(A);
    static constexpr bool has_variadic = [] {
        if constexpr (N == 0) return false;
        else return param<typename last_of<A...>::type>::is_variadic;
    }();
    static constexpr size_t fixed = has_variadic ? N - 1 : N;
    using data = fn_data<Key, N>;

    template <size_t I, uint32_t Req, class P>
    static PHPBIND_INLINE bool load_one([[maybe_unused]] zend_execute_data* execute_data,
                                        [[maybe_unused]] uint32_t argc, typename param<P>::state& st) {
        if constexpr (param<P>::is_variadic) {
            if (UNEXPECTED(ZEND_CALL_INFO(execute_data) & ZEND_CALL_HAS_EXTRA_NAMED_PARAMS)) {
                zend_unexpected_extra_named_error();
                return false;
            }
            uint32_t n = argc > I ? argc - static_cast<uint32_t>(I) : 0;
            return param<P>::load_all(ZEND_CALL_ARG(execute_data, I + 1), I + 1, n, st);
        } else if constexpr (I < Req) {
            // Required: the count check guarantees it was passed.
            return param<P>::load(ZEND_CALL_ARG(execute_data, I + 1), I + 1, st);
        } else {
            zval* z = EXPECTED(I < argc) ? ZEND_CALL_ARG(execute_data, I + 1) : &data::defaults[I];
            return param<P>::load(z, I + 1, st);
        }
    }

    // Loads the arguments and runs the call through the body of the edge:
    // -1 if an argument was refused (nothing ran), 1 if the body threw.
    // Quick: every argument was passed and is read with try_load (a refusal
    // raises nothing; coerce_and_run() then reads them as ZPP would).
    template <bool Quick, uint32_t Req, size_t... I>
    static PHPBIND_INLINE int run_body([[maybe_unused]] zend_execute_data* execute_data, zval* return_value,
                                       [[maybe_unused]] uint32_t argc, std::index_sequence<I...>) {
        state_pack<std::index_sequence<I...>, typename param<A>::state...> st;
        constexpr bool owns = (owns_state_v<A> || ...);
        if constexpr (Quick) {
            if (!(param<A>::try_load(ZEND_CALL_ARG(execute_data, I + 1), state_of<I>(st)) && ...)) return -1;
        } else if constexpr (!owns) {
            if (!(load_one<I, Req, A>(execute_data, argc, state_of<I>(st)) && ...)) return -1;
        } else {
            size_t loaded = 0;
            if (!((load_one<I, Req, A>(execute_data, argc, state_of<I>(st)) && (++loaded, true)) && ...) ||
                !(finish_state<A>(state_of<I>(st)) && ...)) {
                (drop_state<A>(state_of<I>(st), I < loaded), ...);
                return -1;
            }
        }
        // Phase two, through the edge: C++ values; nothing here calls into
        // the engine but through a guard.
        edge_check_entry();
        auto body = [&] {
            [[maybe_unused]] auto release = [&] {
                if constexpr (owns) return release_at_exit<decltype(st), A...>{st};
                else return 0;
            }();
            std::tuple<decltype(param<A>::hold(state_of<I>(st)))...> h{param<A>::hold(state_of<I>(st))...};
            if constexpr (requires { Invoke::is_method; }) {
                // A method: the invoker finds the C++ object in $this and
                // writes the result itself (returning *this gives $this).
                Invoke::call(execute_data, return_value, param<A>::pass(std::get<I>(h))...);
            } else if constexpr (std::is_void_v<R>) {
                Invoke::call(param<A>::pass(std::get<I>(h))...);
            } else {
                caster<std::remove_cvref_t<R>>::to_zval(Invoke::call(param<A>::pass(std::get<I>(h))...), return_value);
                if constexpr (may_give_reference<R>) unwrap_returned(return_value);
            }
            (param<A>::after(std::get<I>(h)), ...);
        };
        return edge_body(0, body) ? 1 : 0;
    }

    template <uint32_t Req>
    static PHPBIND_INLINE void run(zend_execute_data* execute_data, zval* return_value, uint32_t argc) {
        // The arguments' scope has ended here: the edge's way out needs none of them.
        const int r = run_body<false, Req>(execute_data, return_value, argc, std::index_sequence_for<A...>{});
        if (r < 0) return;
        // The edge's way out, settled by an out-of-line tail call (the
        // happy path keeps no stack frame for it).
        if (UNEXPECTED(r != 0 || unwinding.pending != 0)) return edge_settle_call(r != 0, return_value);
    }

    // Every parameter is required and reads its exact type with a test that
    // calls nothing.
    template <uint32_t Req>
    static constexpr bool quick = N > 0 && Req == N && (quick_param_v<A> && ...);

    // The handler. With quick parameters, a call passing every argument in
    // its exact type runs without a stack frame of its own; any other call
    // (and the edge's settling) is a tail call. The body is compiled once:
    // a call whose arguments need coercion has them coerced in place, as the
    // engine coerces a userland function's parameters (zend_verify_arg_type),
    // and runs again on the quick path.
    template <uint32_t Req>
    static void handle(zend_execute_data* execute_data, zval* return_value) {
        if constexpr (quick<Req>) {
            if (EXPECTED(EX_NUM_ARGS() == N)) {
                const int r = run_body<true, N>(execute_data, return_value, N, std::index_sequence_for<A...>{});
                if (EXPECTED(r == 0 && unwinding.pending == 0)) return;
                if (r >= 0) return edge_settle_call(r != 0, return_value);
            }
            return coerce_and_run(execute_data, return_value, std::index_sequence_for<A...>{});
        } else {
            general<Req>(execute_data, return_value);
        }
    }

    template <size_t... I>
    static __attribute__((noinline)) void coerce_and_run(zend_execute_data* execute_data, zval* return_value,
                                                         std::index_sequence<I...>) {
        if (UNEXPECTED(EX_NUM_ARGS() != N)) {
            zend_wrong_parameters_count_error(N, N);
            return;
        }
        if (!(coerce_in_place<I, A>(ZEND_CALL_ARG(execute_data, I + 1)) && ...)) return;
        // Every argument is now of its exact type: the quick path takes it.
        // Through a pointer the compiler does not follow: a handler it sees
        // calling itself would not have the bound function inlined into it.
        void (*volatile quick_path)(zend_execute_data*, zval*) = &handle<N>;
        quick_path(execute_data, return_value);
    }
    // Reads argument #I+1 as ZPP would (raising its error or deprecation)
    // and leaves the exact value try_load accepts in its slot.
    template <size_t I, class P>
    static bool coerce_in_place(zval* slot) {
        using c = typename param<P>::c;
        typename c::parsed p;
        if (c::try_load(slot, p)) return true;
        if (!c::load(slot, I + 1, p, false)) return false;
        // The new value is in place before the old one is released (a string
        // conversion released what it replaced already; a caster's load that
        // took an object would run its __destruct here, with the slot valid).
        zval old;
        ZVAL_COPY_VALUE(&old, slot);
        c::write_parsed(p, slot);
        zval_ptr_dtor(&old);
        if (UNEXPECTED(EG(exception))) return false;  // an error handler that threw on a deprecation
        if (UNEXPECTED(!c::try_load(slot, p))) {
            // A caster whose promise does not hold: refused, not coerced again.
            zend_argument_error(zend_ce_error, I + 1,
                                "is refused by its caster after coercion (caster::try_load must accept what "
                                "caster::write_parsed writes)");
            return false;
        }
        return true;
    }

    // Req, the number of required parameters, is known from the php::arg()
    // annotations at compile time, so the count check compares constants.
    template <uint32_t Req>
    static PHPBIND_INLINE void general(zend_execute_data* execute_data, zval* return_value) {
        const uint32_t argc = EX_NUM_ARGS();
        if constexpr (N == 0) {
            if (UNEXPECTED(argc != 0)) {
                zend_wrong_parameters_none_error();
                return;
            }
        } else if constexpr (has_variadic) {
            if (UNEXPECTED(argc < Req)) {
                zend_wrong_parameters_count_error(Req, static_cast<uint32_t>(-1));
                return;
            }
        } else {
            if (UNEXPECTED(argc < Req || argc > fixed)) {
                zend_wrong_parameters_count_error(Req, fixed);
                return;
            }
        }
        run<Req>(execute_data, return_value, argc);
    }

    template <class... Extra>
    static constexpr uint32_t required_count() {
        constexpr bool has_default[] = {is_arg_v<Extra>::value..., false};
        constexpr auto slots = parameter_slots<Extra...>();
        for (uint32_t i = 0; i < sizeof...(Extra); ++i) {
            if (has_default[i]) return static_cast<uint32_t>(slots[i]);
        }
        return static_cast<uint32_t>(fixed);
    }

    static constexpr uint32_t return_mask() {
        if constexpr (requires { Invoke::no_return_type; }) return 0;  // constructors declare none
        else if constexpr (std::is_void_v<R>) return MAY_BE_VOID;
        else return caster<std::remove_cvref_t<R>>::type_mask;
    }

    static constexpr std::string (*return_phpdoc())() {
        if constexpr (std::is_void_v<R> || requires { Invoke::no_return_type; }) return nullptr;
        else return phpdoc_of<std::remove_cvref_t<R>>();
    }

    static const char* return_class() {
        if constexpr (std::is_void_v<R>) return nullptr;
        else return class_name_of<caster<std::remove_cvref_t<R>>>();
    }

    template <class... Extra>
    static bool bind(module& m, std::string_view name, const Extra&... extra) {
        return bind_into(m, name, nullptr, 0, extra...);
    }

    template <class... Extra>
    static bool bind_into(module& m, std::string_view name, std::vector<zend_function_entry>* methods, uint32_t flags,
                          const Extra&... extra) {
        constexpr auto slots = parameter_slots<Extra...>();
        static_assert(slots[sizeof...(Extra)] <= N, "phpbind: more php::arg() annotations than parameters");
        static_assert((0 + ... + is_doc<Extra>) <= 1, "phpbind: more than one php::doc() for one function");
        static_assert((0 + ... + is_returns<Extra>) <= 1, "phpbind: more than one php::returns() for one function");
        static_assert((0 + ... + is_deprecated<Extra>) <= 1,
                      "phpbind: more than one php::deprecated() for one function");
        param_info pi[N ? N : 1] = {param_info{nullptr, param<A>::type_mask, param<A>::by_ref, param<A>::is_variadic,
                                               false, class_name_of<typename param<A>::c>(), nullptr,
                                               phpdoc_of<typename param<A>::value_type>()}...};
        zval defs[N ? N : 1];
        for (auto& z : defs) ZVAL_UNDEF(&z);
        auto extras = std::forward_as_tuple(extra...);
        const char* doc_text = nullptr;
        const php::returns* declared_return = nullptr;
        const php::deprecated* deprecation = nullptr;
        [&]<size_t... J>(std::index_sequence<J...>) {
            [[maybe_unused]] auto one = [&]<size_t K>(std::integral_constant<size_t, K>) {
                if constexpr (is_returns<std::tuple_element_t<K, std::tuple<Extra...>>>) {
                    declared_return = &std::get<K>(extras);
                } else if constexpr (is_deprecated<std::tuple_element_t<K, std::tuple<Extra...>>>) {
                    deprecation = &std::get<K>(extras);
                } else if constexpr (slots[K] == SIZE_MAX) {
                    doc_text = std::get<K>(extras).text;
                } else {
                    constexpr size_t P = slots[K];
                    apply_extra<std::tuple_element_t<P, std::tuple<A...>>>(pi[P], &defs[P], std::get<K>(extras));
                }
            };
            (one(std::integral_constant<size_t, J>{}), ...);
        }(std::index_sequence_for<Extra...>{});
        function_record r;
        r.doc = doc_text;
        r.return_phpdoc = declared_return ? nullptr : return_phpdoc();
        r.declared_return = declared_return;
        r.deprecation = deprecation;
        if constexpr ((is_deprecated<Extra> || ...)) r.deprecate = &deprecate_function;
        r.name = name;
        r.handler = &handle<required_count<Extra...>()>;
        r.return_mask = return_mask();
        r.return_class = return_class();
        r.params = pi;
        r.n = N;
        r.defaults = defs;
        r.state = &data::state;
        r.methods = methods;
        r.flags = flags;
        return register_function(m, r);
    }
};

template <auto F>
struct invoke_pointer {
    template <class... T>
    static PHPBIND_INLINE decltype(auto) call(T&&... a) {
        return F(std::forward<T>(a)...);
    }
};

// Calls a lambda. A captureless one is default-constructed in place; a
// capturing one lives in `slot` (owned by the module, one per closure type).
template <class F, void** Slot>
struct invoke_closure {
    template <class... T>
    static PHPBIND_INLINE decltype(auto) call(T&&... a) {
        if constexpr (std::is_empty_v<F> && std::is_default_constructible_v<F>) {
            return F{}(std::forward<T>(a)...);
        } else {
            return (*static_cast<F*>(*Slot))(std::forward<T>(a)...);
        }
    }
};

template <class Key, class Invoke, class R, class Args>
struct binder_for;
template <class Key, class Invoke, class R, class... A>
struct binder_for<Key, Invoke, R, type_list<A...>> {
    using type = binder<Key, Invoke, R, A...>;
};

template <auto F>
struct pointer_key {};

}  // namespace detail

PHPBIND_NAMESPACE_END
