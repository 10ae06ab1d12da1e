// phpbind/detail/edge.hpp — the one guarded edge between the engine and C++.
//
// Two directions, one mechanism each, and nothing else in phpbind crosses:
//
//   edge(f)      engine -> C++. Every function, method and object handler,
//                iterator function and serialization handler runs its C++
//                body through it (release_edge(f): free_obj, get_gc, an
//                iterator's dtor, INI validators, lifecycle callbacks). A C++
//                exception becomes the pending PHP exception; a fatal error
//                or exit() caught further down resumes in the engine once
//                every C++ frame has unwound.
//
//   into_php(f)  C++ -> engine, for every engine call that can run user
//                code, explicitly (a call) or implicitly (a release that runs
//                __destruct or the cycle collector, a read that runs __get, a
//                conversion that runs __toString, a lookup that autoloads).
//                A bailout is caught with zend_try and becomes
//                php::fatal_error (C++ unwinding); a pending exception
//                becomes php::error_already_set or php::script_exit.
//
// The state between the two: a fatal error or exit() that a guard caught but
// could not hand to C++ by throwing (in a destructor, which is noexcept) or
// that C++ swallowed with `catch (...)` stays recorded here. Every later
// into_php() refuses to run PHP code (it throws the same kind again), and the
// edge whose body it happened in resumes it. So neither can be swallowed: the script ends as it
// would have without C++ in between. docs/errors.md has the full contract.
#pragma once

#include <phpbind/exceptions.hpp>

#include <cstdint>
#include <type_traits>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

/// What the engine is unwinding while C++ frames are in the way: one byte,
/// so an edge's happy path is one compare with memory and one branch. A bit
/// is set by the guard that caught the event and cleared by the edge that
/// hands it back.
struct unwind_state {
    static constexpr uint8_t fatal = 1;  // a bailout caught by a guard, not yet resumed
    static constexpr uint8_t exit = 2;  // exit() turned into script_exit, not yet handed back
    static constexpr uint8_t exception = 4;  // a guard that cannot throw left an exception in the engine
    static constexpr uint8_t oom = 8;  // phpbind refused an allocation at memory_limit (reserve_memory()): the
        // edge raises the engine's fatal error
    uint8_t pending = 0;
};
/// One per extension (hidden visibility): the edges of an extension resume
/// what its own guards caught.
#ifdef ZTS
inline thread_local unwind_state unwinding;
#else
inline unwind_state unwinding;
#endif

/// Resumes a caught bailout in the engine (longjmp to the engine's own
/// zend_try). Only an edge calls it, with no C++ object left on its frame.
[[noreturn]] PHPBIND_COLD void resume_bailout() PHPBIND_JMP_NOEXCEPT;
/// into_php() while a fatal error or exit() is unwinding, or after the
/// executor shut down (a C++ destructor run while the engine frees leftover
/// objects): throws php::fatal_error, php::script_exit or php::error.
[[noreturn]] PHPBIND_COLD void refuse_php_call();
/// An edge's way out when its body failed or left something pending: hands
/// back what this edge owns (what was not pending at its entry) — resumes a
/// bailout (does not return), raises exit again — and says whether the
/// handler succeeded.
PHPBIND_COLD bool edge_settle(unsigned entry, bool failed) PHPBIND_JMP_NOEXCEPT;
/// edge_settle() for a plain edge whose handler returns zend_result (a tail call).
PHPBIND_COLD zend_result edge_settle_result(bool failed) PHPBIND_JMP_NOEXCEPT;
// A function handler's edge_settle: a call that failed leaves no result
// (the engine releases none with an exception pending).
PHPBIND_COLD void edge_settle_call(bool failed, zval* return_value) PHPBIND_JMP_NOEXCEPT;
/// PHPBIND_DEBUG: an edge() entered while something was pending (it should
/// have been a release_edge()); names the rule and aborts.
[[noreturn]] PHPBIND_COLD void edge_misuse() noexcept;

/// Whether C++ may run PHP code now.
PHPBIND_INLINE bool php_callable_now() noexcept {
    return EXPECTED((unwinding.pending & (unwind_state::fatal | unwind_state::exit | unwind_state::oom)) == 0 &&
                    EG(active));
}

// An edge in two halves: the body (true if it threw) and the way out. A
// caller whose body reads locals of its own frame (a function handler's
// parsed arguments) ends their scope between the two, so nothing has to be
// kept in memory for the cold path.
template <class F>
PHPBIND_INLINE bool edge_body(unsigned entry, F& f) PHPBIND_JMP_NOEXCEPT {
    try {
        f();
        return false;
    } catch (...) {
        raise_current_exception(entry);
        return true;
    }
}
// Outside any catch block: edge_settle() may longjmp. (The edge's functions are noexcept natively;
// in wasm, where longjmp unwinds as an exception, none may be: PHPBIND_JMP_NOEXCEPT.)
PHPBIND_INLINE bool edge_exit(unsigned entry, bool failed) PHPBIND_JMP_NOEXCEPT {
    if (UNEXPECTED(failed || unwinding.pending != entry)) return edge_settle(entry, failed);
    return true;
}
PHPBIND_INLINE void edge_check_entry() noexcept {
#ifdef PHPBIND_DEBUG
    if (unwinding.pending != 0) edge_misuse();
#endif
    memory_budget_stale();  // PHP code ran since the last call
}

/// Engine -> C++, for every handler the engine reaches by running PHP code
/// (functions, methods, properties, dimensions, iteration, comparison,
/// casts, operators, clone). Runs `f`; true if it returned normally with
/// nothing pending. False: a PHP exception is pending (the handler returns
/// its failure value; a function handler discards its result). A fatal
/// error caught inside resumes its bailout from here and does not return.
///
/// Such a handler is never entered while something is pending: PHP code
/// does not run then (into_php() refuses), and the releases through which
/// the engine runs destructors set exit() and exceptions aside
/// (into_php_nothrow()). So the happy path tests one byte and keeps no state;
/// a PHPBIND_DEBUG build checks the premise.
/// [[nodiscard]]: a handler must return its failure value on false.
template <class F>
[[nodiscard]] PHPBIND_INLINE bool edge(F&& f) PHPBIND_JMP_NOEXCEPT {
    edge_check_entry();
    return edge_exit(0, edge_body(0, f));
}

/// Engine -> C++, for handlers the engine also runs while it releases values
/// (free_obj, the cycle collector's get_gc, an iterator's dtor) and for
/// lifecycle callbacks and INI validators: these may be entered while a
/// fatal error unwinds C++ frames (a destructor releasing the last reference
/// to a bound object). Such an edge hands back only what was caught inside
/// it, never what it found pending on entry.
template <class F>
[[nodiscard]] PHPBIND_INLINE bool release_edge(F&& f) PHPBIND_JMP_NOEXCEPT {
    const unsigned entry = unwinding.pending;
    const bool ok = edge_exit(entry, edge_body(entry, f));
    return ok && EG(exception) == nullptr;
}

/// Runs fn(ctx) under zend_try; true if it bailed out. With the three below,
/// the only setjmps of phpbind's calls into the engine (src/edge.cpp, and
/// repeat_bailed() here).
bool run_guarded(void (*fn)(void*), void* ctx) PHPBIND_JMP_NOEXCEPT;
/// zend_call_function() and zend_call_known_function() under zend_try, as
/// run_guarded() runs them, without its thunk (call.hpp's calls into PHP).
bool call_function_bailed(zend_fcall_info* fci, zend_fcall_info_cache* fcc) PHPBIND_JMP_NOEXCEPT;
bool call_known_bailed(zend_function* fn, zend_object* obj, zend_class_entry* scope, zval* ret, uint32_t argc,
                       zval* argv) PHPBIND_JMP_NOEXCEPT;
/// Calls of one callable again and again under one zend_try
/// (CallableView::repeat() in call.hpp). Between two calls it runs the
/// caller's steps: `s.next()` sets the next call's arguments (false: no more
/// calls), `s.take()` reads its result (false: stop). Both have returned
/// before the next call begins and throw nothing (they keep what they caught
/// for after the loop). So while the engine runs a call, this frame, whose
/// locals have trivial destructors, is the only C++ frame above the jump
/// target, and a fatal error skips no destructor. A call is made only with
/// nothing pending (`s.plain()`); otherwise the loop leaves it to the
/// caller's per-call path (`s.resume` set).
template <class S>
[[gnu::noinline]] void repeat_loop(zend_fcall_info* fci, zend_fcall_info_cache* fcc, S& s) PHPBIND_JMP_NOEXCEPT {
    while (s.next()) {
        if (UNEXPECTED(!s.plain())) {
            s.resume = true;
            return;
        }
        zend_call_function(fci, fcc);
        if (!s.take()) return;
    }
}
template <class S>
[[gnu::noinline]] bool repeat_bailed(zend_fcall_info* fci, zend_fcall_info_cache* fcc, S& s) PHPBIND_JMP_NOEXCEPT {
    // True if it bailed out. The loop runs in a frame of its own, compiled
    // as any loop (in this one, everything live across setjmp stays in memory).
    zend_try { repeat_loop(fci, fcc, s); }
    zend_catch {
        return true;  // zend_catch has restored EG(bailout) already
    }
    zend_end_try();
    return false;
}
template <class F>
void guarded_thunk(void* f) {
    (*static_cast<F*>(f))();
}

/// C++ -> engine. Runs `f` (engine calls only: nothing with a destructor may
/// live on its frame, a bailout longjmps out of it) under zend_try. Throws
/// php::fatal_error after a bailout, and what a pending exception is.
/// into_php() while the engine has an exception in flight (a C++ destructor
/// run by its unwinding): the call runs with the exception set aside, as the
/// engine does around __destruct (zend_objects_destroy_object), and what the
/// call throws reaches C++ while the one in flight stays the engine's.
PHPBIND_COLD void into_php_aside(void (*fn)(void*), void* ctx);

template <class F>
PHPBIND_INLINE void into_php(F&& f) {
    if (UNEXPECTED(!php_callable_now())) refuse_php_call();
    using Fn = std::remove_reference_t<F>;
    void* ctx = const_cast<void*>(static_cast<const void*>(&f));
    if (UNEXPECTED(EG(exception) != nullptr)) {
        into_php_aside(&guarded_thunk<Fn>, ctx);
        return;
    }
    if (UNEXPECTED(run_guarded(&guarded_thunk<Fn>, ctx))) {
        unwinding.pending |= unwind_state::fatal;
        throw_fatal_error();
    }
    memory_budget_stale();
    if (UNEXPECTED(EG(exception) != nullptr)) throw_pending_exception();
}

/// Like into_php() for a caller that cannot throw (a destructor). Out of
/// line (src/edge.cpp): a fatal error is recorded for the edge; an exception
/// stays pending in the engine and is recorded too (the edge reports it).
/// While exit() is on its way out, the engine runs __destruct as it would
/// without C++ in between: the release runs with exit() set aside, so the
/// handlers it reaches see nothing pending.
PHPBIND_COLD void into_php_nothrow(void (*fn)(void*), void* ctx) noexcept;

/// The last reference to a refcounted value went away, or an array or
/// object may have become a cycle root (which can start the collector):
/// both can run __destruct. Out of line, guarded.
PHPBIND_COLD void release_last(zend_refcounted* ref) noexcept;
PHPBIND_COLD void possible_root(zend_refcounted* ref) noexcept;

/// zval_ptr_dtor() through the edge: the common cases stay inline.
PHPBIND_INLINE void release_zval(zval* z) noexcept {
    if (!Z_REFCOUNTED_P(z)) return;
    zend_refcounted* ref = Z_COUNTED_P(z);
    if (GC_DELREF(ref) == 0) {
        if (Z_TYPE_P(z) == IS_STRING) rc_dtor_func(ref);  // runs no user code
        else release_last(ref);
        return;
    }
    if (Z_TYPE_P(z) == IS_REFERENCE) {
        zval* inner = &reinterpret_cast<zend_reference*>(ref)->val;
        if (!Z_COLLECTABLE_P(inner)) return;
        ref = Z_COUNTED_P(inner);
    }
    if (UNEXPECTED(GC_MAY_LEAK(ref))) possible_root(ref);
}

/// A function handler's result when it fails: released, null (the engine
/// does not release the result of a call that threw).
inline void discard_result(zval* rv) noexcept {
    zval old;
    ZVAL_COPY_VALUE(&old, rv);
    ZVAL_NULL(rv);
    release_zval(&old);
}

/// release_zval() for a caller that may throw: what the release raised (a
/// fatal error, an exception from __destruct) is thrown here.
inline void release_checked(zval* z) {
    zend_object* in_flight = EG(exception);  // the engine's, if any: never taken from it
    release_zval(z);
    if (UNEXPECTED(unwinding.pending & unwind_state::fatal)) throw_fatal_error();
    if (UNEXPECTED(EG(exception) != nullptr) && !in_flight) throw_pending_exception();
}

/// OBJ_RELEASE() through the edge.
PHPBIND_INLINE void release_object(zend_object* o) noexcept {
    zval z;
    ZVAL_OBJ(&z, o);
    release_zval(&z);
}

}  // namespace detail
PHPBIND_NAMESPACE_END
