// phpbind/hooks.hpp — engine hooks: C++ in the engine's function pointers, chained to the
// previous holder, removed at exactly the right time.
//
//   // Around: the hook decides when (and for some points whether) the previous holder runs.
//   void timed(php::hooks::proceed<php::hooks::execute_internal> next, zend_execute_data* ex, zval* rv) {
//       auto t0 = now();
//       next(ex, rv);                 // the previous holder (or the engine's own)
//       record(php::Frame(ex), now() - t0);
//   }
//   PHPBIND_EXTENSION(apm, m) { m.hook<php::hooks::execute_internal, &timed>(); }   // module lifetime
//
//   // Before / after: phpbind runs the previous holder in between (no guard, the fastest form).
//   void count(zend_execute_data* ex, zval*) { ++calls; }
//   m.hook<php::hooks::execute_internal, &count, nullptr>();
//   // Before's result (trivially destructible) is After's first argument: the timing above, unguarded.
//   uint64_t start(zend_execute_data*, zval*) { return now(); }
//   void stop(uint64_t t0, zend_execute_data* ex, zval*) { record(php::Frame(ex), now() - t0); }
//   m.hook<php::hooks::execute_internal, &start, &stop>();
//
//   // During a request: removed when the request ends (or earlier with remove()).
//   php::hooks::install<php::hooks::compile_string, &audit_eval>();
//
// Each hook is one C function generated for it, in the engine's pointer; it keeps the previous
// holder and calls it directly. docs/hooks.md has the points, the chain rules and the lifetimes.
#pragma once

#include <phpbind/detail/edge.hpp>
#include <phpbind/observer.hpp>

#include <zend_compile.h>
#include <zend_exceptions.h>
#include <zend_execute.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>

PHPBIND_NAMESPACE_BEGIN
namespace hooks {

// -- hook points --------------------------------------------------------------------------
// Each names the engine's pointer (`target()`), what calling "the previous holder" means when
// the pointer was empty (`fallback`), and whether the previous holder must run for the engine's
// sake (`must_proceed`: the hook cannot skip it).

/// zend_compile_file: compiling a script or an included file. `zend_op_array*(zend_file_handle*,
/// int type)`; returning nullptr without an exception pending is a failed include.
struct compile_file {
    using fn = zend_op_array* (*)(zend_file_handle*, int);
    static constexpr const char* name = "zend_compile_file";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_compile_file; }
    /// What calling the previous holder does when the pointer was empty.
    static zend_op_array* fallback(zend_file_handle*, int) noexcept { return nullptr; }
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_file_handle*, int) noexcept { return false; }
};

/// zend_compile_string: eval() and its kin. The engine's arguments as the version has them
/// (8.2+: source, filename, zend_compile_position).
struct compile_string {
#if PHP_VERSION_ID >= 80200
    using fn = zend_op_array* (*)(zend_string*, const char*, zend_compile_position);
    /// What calling the previous holder does when the pointer was empty.
    static zend_op_array* fallback(zend_string*, const char*, zend_compile_position) noexcept { return nullptr; }
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_string*, const char*, zend_compile_position) noexcept { return false; }
#else
    using fn = zend_op_array* (*)(zend_string*, const char*);
    /// What calling the previous holder does when the pointer was empty.
    static zend_op_array* fallback(zend_string*, const char*) noexcept { return nullptr; }
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_string*, const char*) noexcept { return false; }
#endif
    static constexpr const char* name = "zend_compile_string";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_compile_string; }
};

/// zend_execute_ex: running a user function's (or a script's) code. `void(zend_execute_data*)`.
/// The previous holder always runs (the frame must be left by the VM): a hook that does not call
/// `proceed` has it called for it when it returns; an exception it throws first is raised at the
/// function's first instruction, so the body does not run. While any hook holds this pointer the
/// VM calls every user function through it (a C stack frame per PHP call, as for any extension
/// that hooks it).
struct execute_ex {
    using fn = void (*)(zend_execute_data*);
    static constexpr const char* name = "zend_execute_ex";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_execute_ex; }
    /// What calling the previous holder does when the pointer was empty.
    static void fallback(zend_execute_data* ex) { ::execute_ex(ex); }
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_execute_data*) noexcept { return true; }
};

/// zend_execute_internal: calling an internal function (strlen, a phpbind function).
/// `void(zend_execute_data*, zval* return_value)`. A hook may skip the call: the result is then
/// what it left in `return_value` (null unless it wrote one). Calls the compiler turned into
/// opcodes (strlen, count, is_int, ... on a literal name outside a namespace) do not pass here.
struct execute_internal {
    using fn = void (*)(zend_execute_data*, zval*);
    static constexpr const char* name = "zend_execute_internal";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_execute_internal; }
    /// What calling the previous holder does when the pointer was empty.
    static void fallback(zend_execute_data* ex, zval* rv) { ::execute_internal(ex, rv); }
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_execute_data*, zval*) noexcept { return false; }
};

/// zend_error_cb: every error, warning, notice and deprecation the engine reports (after `@`,
/// error_reporting and the user's error handler had their say: what reaches display and logs).
/// `void(int type, zend_string* file, uint32_t line, zend_string* message)`. A hook may swallow
/// a non-fatal one by not proceeding; for a fatal error the previous holder always runs (it ends
/// the script).
struct error_cb {
    using fn = void (*)(int, zend_string*, uint32_t, zend_string*);
    static constexpr const char* name = "zend_error_cb";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_error_cb; }
    /// What calling the previous holder does when the pointer was empty.
    static void fallback(int, zend_string*, uint32_t, zend_string*) noexcept {}
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(int type, zend_string*, uint32_t, zend_string*) noexcept {
        return (type & E_FATAL_ERRORS) != 0 && (type & E_DONT_BAIL) == 0;
    }
};

/// zend_interrupt_function: the VM's interrupt check (after EG(vm_interrupt) was set: a timeout,
/// a signal, phpbind's own deferred exceptions). `void(zend_execute_data*)`.
struct interrupt {
    using fn = void (*)(zend_execute_data*);
    static constexpr const char* name = "zend_interrupt_function";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_interrupt_function; }
    /// What calling the previous holder does when the pointer was empty.
    static void fallback(zend_execute_data*) noexcept {}
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_execute_data*) noexcept { return false; }
};

/// zend_throw_exception_hook: every exception thrown, as it is thrown (it is already EG(exception)).
/// `void(zend_object*)`.
struct throw_exception {
    using fn = void (*)(zend_object*);
    static constexpr const char* name = "zend_throw_exception_hook";
    /// The engine's pointer.
    static fn& target() noexcept { return ::zend_throw_exception_hook; }
    /// What calling the previous holder does when the pointer was empty.
    static void fallback(zend_object*) noexcept {}
    /// Whether the previous holder must run for these arguments, whatever the hook does.
    static bool must_proceed(zend_object*) noexcept { return false; }
};

}  // namespace hooks

namespace detail {

template <class Fn>
struct hook_fn;
template <class R, class... A>
struct hook_fn<R (*)(A...)> {
    using ret = R;
    using args = std::tuple<A...>;
};

// What a copy of the library knows of one hook it generated: enough to
// install, remove and sweep it without its types (src/hooks.cpp).
struct hook_state {
    const char* point;
    bool (*on_top)() noexcept;  // the engine's pointer holds this hook
    void (*install)() noexcept;  // previous = pointer; pointer = this hook
    void (*restore)() noexcept;  // pointer = previous (on top only)
    bool active = false;  // runs the C++ callable; false: passes through to the previous holder
    bool linked = false;  // in the engine's chain
    unsigned module_users = 0;  // modules that hold it for their lifetime
    bool request = false;  // held by the running request
    // Whether what the hook changed goes with the request (a userland class's handlers): then
    // its end forgets the link instead of waiting to unlink it from the top.
    bool (*dies_with_request)() noexcept = nullptr;
};

// Installs for a module's lifetime (at its MINIT) / for the running request.
// The second throws php::logic_exception when refused (see docs/hooks.md).
void hook_acquire_module(hook_state& s) noexcept;
void hook_release_module(hook_state& s) noexcept;
void hook_install_request(hook_state& s);
void hook_remove(hook_state& s);
// Ends a hook installed for the request wherever it is in its chain: turned off
// now, unlinked when it is on top again (an object handler override, whose
// chain is the class's create_object, shared by the overrides of every slot).
void hook_end(hook_state& s);

// The previous holder, called from C++ under zend_try: a fatal error inside
// it unwinds the hook's C++ frames as php::fatal_error, resumed in the engine
// by the hook's edge.
PHPBIND_COLD void hook_refuse_proceed();
template <class F>
PHPBIND_INLINE void hook_guarded(F& f) {
    if (UNEXPECTED(unwinding.pending & (unwind_state::fatal | unwind_state::exit))) hook_refuse_proceed();
    if (UNEXPECTED(run_guarded(&guarded_thunk<F>, &f))) {
        unwinding.pending |= unwind_state::fatal;
        throw_fatal_error();
    }
}

// A hook's C++ exception, raised where it was thrown: left pending (the engine
// checks after every point's call), or set aside for the next interrupt check
// when the previous holder must still run (execute_ex, before the function's
// first instruction).
void hook_defer_exception() noexcept;

template <class Point, auto... F>
struct hook;

}  // namespace detail

namespace hooks {

/// The previous holder of a hook point, as an around hook receives it: calling it runs the
/// previous holder (another extension's hook, or the engine's own). It returns normally with a
/// PHP exception pending if the code it ran threw (as the engine's hooks see it); a fatal error
/// inside it unwinds the hook's C++ frames as php::fatal_error, and the engine's bailout resumes
/// once they are gone. Valid during the hook call it was given to.
template <class Point>
class proceed {
    using traits = detail::hook_fn<typename Point::fn>;

public:
    explicit proceed(typename Point::fn previous, bool* ran) noexcept : previous_(previous), ran_(ran) {}

    template <class... A>
    typename traits::ret operator()(A... a) const {
        *ran_ = true;
        typename Point::fn p = previous_;
        if constexpr (std::is_void_v<typename traits::ret>) {
            auto call = [p, &a...] { p ? p(a...) : Point::fallback(a...); };
            detail::hook_guarded(call);
        } else {
            typename traits::ret r{};
            auto call = [p, &r, &a...] { r = p ? p(a...) : Point::fallback(a...); };
            detail::hook_guarded(call);
            return r;
        }
    }

private:
    typename Point::fn previous_;
    bool* ran_;
};

}  // namespace hooks

namespace detail {

template <class Point, class Args = typename hook_fn<typename Point::fn>::args>
struct hook_call;
template <class Point, class... A>
struct hook_call<Point, std::tuple<A...>> {
    using R = typename hook_fn<typename Point::fn>::ret;
    static R previous(typename Point::fn p, A... a) { return p ? p(a...) : Point::fallback(a...); }
};

// A hook's link in the engine's pointer: the previous holder and the state
// src/hooks.cpp keeps. Self::entry() is the generated function the pointer holds.
template <class Point, class Self>
struct hook_link {
    static inline typename Point::fn previous = nullptr;
    static bool on_top() noexcept { return Point::target() == Self::entry(); }
    static void install() noexcept {
        previous = Point::target();
        Point::target() = Self::entry();
    }
    static void restore() noexcept {
        Point::target() = previous;
        previous = nullptr;
    }
    static inline hook_state state{Point::name, &on_top, &install, &restore};
};

// The around form: F(proceed<Point>, args...).
template <class Point, auto F>
struct hook<Point, F> : hook_link<Point, hook<Point, F>> {
    static typename Point::fn entry() noexcept { return &run_t<>::run; }
    using link = hook_link<Point, hook>;

    template <class Args = typename hook_fn<typename Point::fn>::args>
    struct run_t;
    template <class... A>
    struct run_t<std::tuple<A...>> {
        using R = typename hook_fn<typename Point::fn>::ret;
        static R run(A... a) {
            if (UNEXPECTED(!link::state.active)) return hook_call<Point>::previous(link::previous, a...);
            bool ran = false;
            if constexpr (std::is_void_v<R>) {
                zend_object* in_flight = EG(exception);
                const bool ok = release_edge([&] { F(hooks::proceed<Point>(link::previous, &ran), a...); });
                if (!ran && Point::must_proceed(a...)) {
                    // The engine's state needs the previous holder (a frame to leave, a fatal
                    // error to end the script): a new exception waits for the next interrupt check.
                    if (!ok && in_flight == nullptr && EG(exception) != nullptr) hook_defer_exception();
                    hook_call<Point>::previous(link::previous, a...);
                }
            } else {
                R r{};
                (void)release_edge([&] { r = F(hooks::proceed<Point>(link::previous, &ran), a...); });
                return r;
            }
        }
    };
};

// What a before/after hook's Before did: ran; failed, and the previous holder runs
// (After too, unless it takes Before's state); failed, and nothing more runs.
enum class before_outcome { ran, failed, skip };

// The before/after form: Before(args...) and After(args...) or After(result, args...);
// either may be nullptr. The previous holder runs between them from this frame, which
// holds no C++ object: a fatal error inside it leaves as it would without the hook.
// A Before that returns a value (its state: a start time, a depth) hands it to After
// as its first argument; the state stays in this frame while the previous holder runs,
// so it must be trivially destructible (a fatal error skips the frame, as it skips C's).
template <class Point, auto Before, auto After>
struct hook<Point, Before, After> : hook_link<Point, hook<Point, Before, After>> {
    static typename Point::fn entry() noexcept { return &run_t<>::run; }
    using link = hook_link<Point, hook>;
    static constexpr bool has_before = !std::is_same_v<decltype(Before), std::nullptr_t>;
    static constexpr bool has_after = !std::is_same_v<decltype(After), std::nullptr_t>;

    template <class Args = typename hook_fn<typename Point::fn>::args>
    struct run_t;
    template <class... A>
    struct run_t<std::tuple<A...>> {
        using R = typename hook_fn<typename Point::fn>::ret;
        // Before's state (none: void).
        using S = typename std::conditional_t<has_before, std::invoke_result<decltype(Before), A...>,
                                              std::type_identity<void>>::type;
        static constexpr bool stateful = !std::is_void_v<S>;
        // A noexcept Before or After (one that calls no PHP: php::call throws) is called
        // directly, as C calls its own code; the others through the edge.
        static constexpr bool quiet_before = [] {
            if constexpr (has_before) return noexcept(Before(std::declval<A>()...));
            else return true;
        }();
        template <class... X>
        static void after(X... x) {
            if constexpr (noexcept(After(x...))) After(x...);
            else (void)release_edge([&] { After(x...); });
        }
        static_assert(!stateful ||
                          (std::is_trivially_destructible_v<S> && std::is_trivially_copyable_v<S> &&
                           std::is_default_constructible_v<S>),
                      "phpbind: a Before hook's state (what it returns for After) stays in the hook's frame while "
                      "the previous holder runs, where a fatal error would skip its destructor: return a trivially "
                      "copyable, trivially destructible, default-constructible value");
        static_assert(!stateful || has_after, "phpbind: a Before hook returns a state only for an After hook");

        static R run(A... a) {
            if (UNEXPECTED(!link::state.active)) return hook_call<Point>::previous(link::previous, a...);
            if constexpr (stateful) {
                S s{};
                before_outcome b = before_outcome::ran;
                if constexpr (quiet_before) s = Before(a...);
                else b = before_state(&s, a...);
                if (UNEXPECTED(b == before_outcome::skip)) return R();
                if constexpr (std::is_void_v<R>) {
                    hook_call<Point>::previous(link::previous, a...);
                    if (EXPECTED(b == before_outcome::ran)) after(s, a...);
                } else {
                    R r = hook_call<Point>::previous(link::previous, a...);
                    if (EXPECTED(b == before_outcome::ran)) after(s, r, a...);
                    return r;
                }
            } else {
                if constexpr (has_before && quiet_before) {
                    Before(a...);
                } else if constexpr (has_before) {
                    if (UNEXPECTED(before(a...) == before_outcome::skip)) return R();
                }
                if constexpr (std::is_void_v<R>) {
                    hook_call<Point>::previous(link::previous, a...);
                    if constexpr (has_after) after(a...);
                } else {
                    R r = hook_call<Point>::previous(link::previous, a...);
                    if constexpr (has_after) after(r, a...);
                    return r;
                }
            }
        }
        // Out of line: its edge's frame is gone before the previous holder runs.
        __attribute__((noinline)) static before_outcome before(A... a) {
            zend_object* in_flight = EG(exception);
            if (EXPECTED(release_edge([&] { Before(a...); }))) return before_outcome::ran;
            return before_failed(in_flight, a...);
        }
        // The same, keeping Before's state for After.
        __attribute__((noinline)) static before_outcome before_state(S* s, A... a) {
            zend_object* in_flight = EG(exception);
            if (EXPECTED(release_edge([&] { *s = Before(a...); }))) return before_outcome::ran;
            return before_failed(in_flight, a...);
        }
        // A new exception from Before stays pending and the previous holder does not run (as
        // when an around hook throws before `next`), unless the engine's state needs it (a
        // frame to leave, a fatal error to end the script): then the exception waits for the
        // next interrupt check and the previous holder runs with nothing new pending. One
        // thrown while another is in flight (the throw hook) is chained to it by the engine.
        static before_outcome before_failed(zend_object* in_flight, A... a) noexcept {
            if (in_flight != nullptr || EG(exception) == nullptr) return before_outcome::failed;
            if (!Point::must_proceed(a...)) return before_outcome::skip;
            hook_defer_exception();
            return before_outcome::failed;
        }
    };
};

}  // namespace detail

namespace hooks {

/// Installs hook F (around form: `R F(proceed<Point>, args...)`) on `Point` for the running
/// request: removed when the request ends, or by remove<Point, F>(). Throws php::logic_exception
/// if it is installed already, outside a request, or on a thread-safe engine (the engine's
/// pointers are process-wide there; install at startup with module::hook instead).
template <class Point, auto F>
void install() {
    detail::hook_install_request(detail::hook<Point, F>::state);
}
/// The same for the before/after form (`Before(args...)`, `After(args...)` or
/// `After(result, args...)`; either may be nullptr).
template <class Point, auto Before, auto After>
void install() {
    detail::hook_install_request(detail::hook<Point, Before, After>::state);
}

/// Removes a hook installed by install(): it must be the pointer's most recent holder (a chain
/// is never cut in the middle); otherwise throws php::logic_exception naming the point.
template <class Point, auto F>
void remove() {
    detail::hook_remove(detail::hook<Point, F>::state);
}
template <class Point, auto Before, auto After>
void remove() {
    detail::hook_remove(detail::hook<Point, Before, After>::state);
}

/// Whether hook F is installed and running.
template <class Point, auto... F>
bool installed() noexcept {
    return detail::hook<Point, F...>::state.active;
}

}  // namespace hooks
PHPBIND_NAMESPACE_END
