// phpbind/function_hooks.hpp — functions replaced by C++: an internal function's handler, or a
// user function's body, for a module's lifetime (module::replace_function) or the running request
// (php::hooks::replace_function); the replacement may call what it replaced. Compiled half:
// src/function_hooks.cpp. docs/hooks.md has the rules.
//
//   void quiet_strlen(php::hooks::original_function original, zend_execute_data* ex, zval* rv) {
//       original(ex, rv);  // or answer the call without it
//   }
//   PHPBIND_EXTENSION(quiet, m) { m.replace_function<&quiet_strlen>("strlen"); }
#pragma once

#include <phpbind/hooks.hpp>

#include <string>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

namespace hooks {

/// A replaced internal function's previous handler (its own, or an earlier replacement's), as a
/// replacement receives it: calling it runs that handler on the same call. It returns normally
/// with a PHP exception pending if the handler threw; a fatal error inside it unwinds the
/// replacement's C++ frames as php::fatal_error first.
class original_function {
public:
    original_function(zif_handler handler, bool* ran) noexcept : handler_(handler), ran_(ran) {}
    /// Runs the previous handler with the call's frame and return value.
    void operator()(zend_execute_data* ex, zval* return_value) const {
        *ran_ = true;
        zif_handler h = handler_;
        auto call = [h, ex, return_value] { h(ex, return_value); };
        detail::hook_guarded(call);
    }

private:
    zif_handler handler_;
    bool* ran_;
};

}  // namespace hooks

namespace detail {

// Finds the function `name` for a replacement (throws php::logic_exception).
zend_function* replaceable_function(std::string_view name, bool for_module);

// A user function's replacement (src/function_hooks.cpp): a copy of its
// op_array whose code calls a handler slot of its own takes the function's
// place in the table for the rest of the request (the slot starts with
// user_original); replacements then chain in that slot as in an internal
// function's handler.
zif_handler* user_function_slot(zend_function* f);
// Runs the original of the replaced user function whose frame `ex` is.
void user_original(zend_execute_data* ex, zval* rv);

// A replaced function's handler slot (an internal function's handler, or a
// user function's replacement's) and its previous holder. Self::run is what
// the engine calls.
template <class Self>
struct replacement_link {
    static inline zif_handler* slot = nullptr;
    static inline bool user = false;  // the slot is a user function's, which goes with the request
    static inline zif_handler previous = nullptr;
    static inline char label[96] = "a function's handler";

    static bool on_top() noexcept { return slot && *slot == &Self::run; }
    static void install() noexcept {
        previous = *slot;
        *slot = &Self::run;
    }
    static void restore() noexcept {
        if (*slot == &Self::run) *slot = previous;
        if (!user) previous = nullptr;  // a user function's copy may still pass calls through it
    }
    static bool dies_with_request() noexcept { return user; }
    static void target(std::string_view name, bool for_module) {
        zend_function* f = replaceable_function(name, for_module);
        zif_handler* s = f->type == ZEND_INTERNAL_FUNCTION ? &f->internal_function.handler : user_function_slot(f);
        if (state.linked && s != slot) {
            throw php::logic_exception(std::string("phpbind: this replacement is in use for ") + label);
        }
        slot = s;
        user = f->type != ZEND_INTERNAL_FUNCTION;
        std::snprintf(label, sizeof label, "%s()", ZSTR_VAL(f->common.function_name));
    }

    static inline hook_state state{label, &on_top, &install, &restore, false, false, 0, false, &dies_with_request};
};

template <auto... F>
struct replaced_function;

// The around form: F(original_function, zend_execute_data*, zval*).
template <auto F>
struct replaced_function<F> : replacement_link<replaced_function<F>> {
    using link = replacement_link<replaced_function>;
    // The engine calls it as the function's handler (or the user function's
    // replacement calls it with its frame): a function handler's edge.
    static void run(zend_execute_data* ex, zval* rv) {
        if (UNEXPECTED(!link::state.active)) return link::previous(ex, rv);
        bool ran = false;
        auto body = [&] { F(hooks::original_function(link::previous, &ran), ex, rv); };
        edge_check_entry();
        const bool failed = edge_body(0, body);
        if (UNEXPECTED(failed || unwinding.pending != 0)) edge_settle_call(failed, rv);
    }
};

// The before/after form: `bool Before(ex, rv)` (false: the call is answered,
// the previous handler does not run) and `void After(ex, rv)`; either may be
// nullptr. The previous handler runs from this frame, which holds no C++
// object: no guard, the cost of a C replacement.
template <auto Before, auto After>
struct replaced_function<Before, After> : replacement_link<replaced_function<Before, After>> {
    using link = replacement_link<replaced_function>;
    static void run(zend_execute_data* ex, zval* rv) {
        if (UNEXPECTED(!link::state.active)) return link::previous(ex, rv);
        if constexpr (!std::is_same_v<decltype(Before), std::nullptr_t>) {
            if (!before(ex, rv)) return;
        }
        link::previous(ex, rv);
        if constexpr (!std::is_same_v<decltype(After), std::nullptr_t>) {
            if (EXPECTED(EG(exception) == nullptr)) after(ex, rv);
        }
    }
    // Out of line: their edges' frames are gone before the previous handler runs.
    // A noexcept function (which cannot call PHP: php::call throws) needs no edge.
    static bool before(zend_execute_data* ex, zval* rv) {
        if constexpr (noexcept(Before(ex, rv))) {
            return Before(ex, rv);
        } else {
            return before_edge(ex, rv);
        }
    }
    __attribute__((noinline)) static bool before_edge(zend_execute_data* ex, zval* rv) {
        bool go_on = false;
        auto body = [&] { go_on = Before(ex, rv); };
        edge_check_entry();
        const bool failed = edge_body(0, body);
        if (UNEXPECTED(failed || unwinding.pending != 0)) {
            edge_settle_call(failed, rv);
            return false;
        }
        return go_on;
    }
    static void after(zend_execute_data* ex, zval* rv) {
        if constexpr (noexcept(After(ex, rv))) {
            After(ex, rv);
        } else {
            after_edge(ex, rv);
        }
    }
    __attribute__((noinline)) static void after_edge(zend_execute_data* ex, zval* rv) {
        auto body = [&] { After(ex, rv); };
        edge_check_entry();
        const bool failed = edge_body(0, body);
        if (UNEXPECTED(failed || unwinding.pending != 0)) edge_settle_call(failed, rv);
    }
};

}  // namespace detail

namespace hooks {

/// Replaces the function `name` for the running request with `F(php::hooks::original_function
/// original, zend_execute_data*, zval* return_value)`; `original(ex, return_value)` runs what it
/// replaced. An internal function (strlen, a phpbind function, another extension's): its handler
/// is replaced, and every call runs F except those the compiler turned into opcodes (strlen,
/// count, ... on a literal name outside a namespace). A user function declared in the request:
/// a copy of it whose body runs F takes its place in the function table (its parameters are
/// received as the original receives them, F's result is checked against its return type), and
/// every call site that looks it up from then on runs F; one that ran before the function's first
/// replacement in the request keeps the function it found (the engine caches it per call site,
/// and opcache shares that cache among the call sites of a script), as does a Closure made from it
/// before: replace before the code that calls it runs (docs/hooks.md). Restored at
/// the request's end or by restore_function<F>(). Throws php::logic_exception if there is no such
/// function, F replaces a function already, outside a request, on a thread-safe engine, for a user
/// function returning by reference or from an extension loaded by dl().
template <auto F>
void replace_function(std::string_view name) {
    using R = detail::replaced_function<F>;
    if (R::state.active) {
        throw php::logic_exception(std::string("phpbind: ") + R::label + " is replaced already by this replacement");
    }
    R::target(name, false);
    detail::hook_install_request(R::state);
}
/// The before/after form: `bool Before(zend_execute_data*, zval* return_value)` runs first
/// (returning false answers the call: the replaced handler does not run, the result is what
/// Before left in return_value), then the replaced handler, then `void After(zend_execute_data*,
/// zval* return_value)` (unless the handler threw); either may be nullptr. phpbind runs the
/// replaced handler itself, with no guard; a `noexcept` Before or After (one that calls no PHP:
/// php::call throws) is called directly: the cost of a replacement written in C.
template <auto Before, auto After>
void replace_function(std::string_view name) {
    using R = detail::replaced_function<Before, After>;
    if (R::state.active) {
        throw php::logic_exception(std::string("phpbind: ") + R::label + " is replaced already by this replacement");
    }
    R::target(name, false);
    detail::hook_install_request(R::state);
}
/// Gives the function replaced by replace_function<F>() (or <Before, After>) back what it
/// replaced: F must be the most recent replacement of it (otherwise php::logic_exception).
template <auto... F>
void restore_function() {
    detail::hook_remove(detail::replaced_function<F...>::state);
}

}  // namespace hooks
PHPBIND_NAMESPACE_END
