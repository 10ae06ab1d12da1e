// src/edge.cpp — the compiled half of the guarded edge (phpbind/detail/edge.hpp).
#include <phpbind/detail/edge.hpp>
#include <phpbind/allocator.hpp>
#include <phpbind/lifetime.hpp>
#include "internal.hpp"

PHPBIND_NAMESPACE_BEGIN
namespace detail {

namespace {
// An engine function called where a bailout is meant to leave the frame (resume_bailout(),
// raise_memory_limit()), called as one that cannot throw. Natively that changes nothing. In a wasm
// build longjmp unwinds as a wasm exception, and a noexcept frame whose calls may throw has a
// handler that calls std::terminate: the bailout would stop there. Called as nothrow, the frame
// has no handler and the bailout passes through, as a native longjmp does.
template <class R, class... A>
auto nothrow_call(R (*fn)(A...)) noexcept {
    return reinterpret_cast<R (*)(A...) noexcept>(fn);
}
}  // namespace

// zend_try saves the engine's jump buffer and installs this frame's: a fatal
// error below longjmps back here instead of past the C++ frames above. This
// function owns nothing with a destructor, so the longjmp skips none; `fn`
// is a thunk around engine calls only. No local is written between setjmp
// and longjmp (it could be clobbered): the catch branch returns at once.
bool run_guarded(void (*fn)(void*), void* ctx) PHPBIND_JMP_NOEXCEPT {
    zend_try { fn(ctx); }
    zend_catch {
        return true;  // zend_catch has restored EG(bailout) already
    }
    zend_end_try();
    return false;
}

// The calls into PHP from C++ (call.hpp) under zend_try, each in a frame that
// owns nothing with a destructor: run_guarded() without the thunk's indirect
// call.
bool call_function_bailed(zend_fcall_info* fci, zend_fcall_info_cache* fcc) PHPBIND_JMP_NOEXCEPT {
    zend_try { zend_call_function(fci, fcc); }
    zend_catch {
        return true;  // zend_catch has restored EG(bailout) already
    }
    zend_end_try();
    return false;
}
bool call_known_bailed(zend_function* fn, zend_object* obj, zend_class_entry* scope, zval* ret, uint32_t argc,
                       zval* argv) PHPBIND_JMP_NOEXCEPT {
    zend_try { zend_call_known_function(fn, obj, scope, ret, argc, argv, nullptr); }
    zend_catch {
        return true;  // zend_catch has restored EG(bailout) already
    }
    zend_end_try();
    return false;
}

// php::request_allocator's allocation (phpbind/allocator.hpp).
#ifdef ZEND_HAS_OOM
void* request_allocate(size_t bytes) {
    // Fallible: refused rather than taken past the limit, which the engine records.
    check_memory();
    void* p = femalloc(bytes, true);
    if (UNEXPECTED(!p)) throw_memory_exhausted();
    return p;
}
#else
namespace {
struct near_limit {
    size_t bytes;
    void* p;
};
PHPBIND_COLD void* allocate_near_limit(size_t bytes) {
    // The allocation may raise the fatal error (reported where it happens, as for a C
    // extension's emalloc()); its bailout lands here, and C++ unwinds to the edge, which resumes
    // it. The thunk's frame owns nothing with a destructor.
    near_limit a{bytes, nullptr};
    if (run_guarded(
            [](void* c) {
                auto* n = static_cast<near_limit*>(c);
                n->p = emalloc(n->bytes);
            },
            &a)) {
        unwinding.pending |= unwind_state::fatal;
        throw_fatal_error();
    }
    return a.p;
}
}  // namespace

void* request_allocate(size_t bytes) {
    if (EXPECTED(surely_under_limit(bytes))) return emalloc(bytes);
    return allocate_near_limit(bytes);
}
#endif

void into_php_aside(void (*fn)(void*), void* ctx) {
    // As zend_objects_destroy_object() does around __destruct: the frame the
    // exception is in flight in is marked first, so what the call throws
    // leaves that frame's exception state (where to look for its catch) alone.
    zend_execute_data* frame = EG(current_execute_data);
    if (frame && frame->func && ZEND_USER_CODE(frame->func->common.type)) zend_rethrow_exception(frame);
    zend_object* in_flight = EG(exception);
    const zend_op* opline = EG(opline_before_exception);
    // The exception a release left recorded is set aside with it.
    const uint8_t recorded = unwinding.pending & unwind_state::exception;
    unwinding.pending &= ~unwind_state::exception;
    EG(exception) = nullptr;
    bool bailed = run_guarded(fn, ctx);
    zend_object* raised = EG(exception);
    if (bailed) {
        // A fatal error ends the script: the exception that was in flight is
        // not reported afterwards, as when __destruct fails fatally during an
        // unwinding (zend_objects_destroy_object() loses the one it set aside).
        EG(exception) = nullptr;
        if (raised) OBJ_RELEASE(raised);
        if (in_flight) OBJ_RELEASE(in_flight);
        unwinding.pending |= unwind_state::fatal;
        throw_fatal_error();
    }
    if (raised && in_flight && (zend_is_unwind_exit(raised) || zend_is_graceful_exit(raised))) {
        // exit() ends the script: it replaces the exception that was in flight,
        // which is dropped. Not rethrown through zend_throw_exception_internal():
        // chaining (zend_exception_set_previous()) would write a `previous`
        // property onto the exit object, which has none (a deprecation on 8.2
        // engines that do not refuse it themselves), and the throw hook would
        // see the exit.
        OBJ_RELEASE(in_flight);
        EG(exception) = raised;
        EG(opline_before_exception) = opline;
        unwinding.pending |= recorded;
        return;
    }
    EG(exception) = in_flight;
    EG(opline_before_exception) = opline;
    unwinding.pending |= recorded;
    if (raised) throw_exception_object(raised);
}

void into_php_nothrow(void (*fn)(void*), void* ctx) noexcept {
    if (unwinding.pending & unwind_state::fatal) {
        // Unwinding a fatal error: php_error_cb() marked every object
        // destructed, so no user code runs; the handlers the release reaches
        // (free_obj, get_gc) are release edges, which leave the bailout to
        // its owner.
        fn(ctx);
        return;
    }
    // exit() and a recorded exception are set aside: __destruct may run PHP
    // code, whose handlers are entered as in any script.
    const uint8_t aside = unwinding.pending;
    unwinding.pending = 0;
    const bool had_exception = EG(exception) != nullptr;
    const bool bailed = run_guarded(fn, ctx);
    unwinding.pending |= aside;
    if (bailed) unwinding.pending |= unwind_state::fatal;
    else if (!had_exception && EG(exception)) unwinding.pending |= unwind_state::exception;
}

#ifndef ZEND_HAS_OOM
bool refresh_memory_budget(size_t bytes) noexcept {
    if (budget.refused) return false;
    const zend_long limit = PG(memory_limit);
    const size_t real = zend_memory_usage(true);
    if (limit < 0) {
        budget.bytes = PTRDIFF_MAX / 2;
        return true;
    }
    // What stays under the limit with a chunk to spare: while phpbind's allocations since this
    // check stay within it, the allocator never needs a chunk or a huge block it must refuse.
    const size_t room = static_cast<size_t>(limit);
    if (real <= room && bytes <= room - real && ZEND_MM_CHUNK_SIZE <= room - real - bytes) {
        budget.bytes = static_cast<ptrdiff_t>(room - real - bytes - ZEND_MM_CHUNK_SIZE);
        return true;
    }
    budget.refused = true;
    budget.bytes = 0;
    unwinding.pending |= unwind_state::oom;
    return false;
}

namespace {
// The engine's own fatal error for a refusal, raised by the edge once C++ has unwound: an
// allocation the engine must refuse, which reports "Allowed memory size of N bytes exhausted"
// (zend_mm_safe_error()) and bails out from here, where no C++ frame is left.
PHPBIND_COLD bool raise_memory_limit() PHPBIND_JMP_NOEXCEPT {
    const uint8_t was = unwinding.pending;
    unwinding.pending = 0;  // the bailout leaves from here, as resume_bailout()'s
    budget = memory_budget{};
    const zend_long limit = PG(memory_limit);
    if (limit >= 0) {
        // The cached chunks go first, as the allocator's own retry would free them (zend_mm_gc()).
        zend_mm_gc(zend_mm_get_heap());
        const size_t room = static_cast<size_t>(limit), real = zend_memory_usage(true);
        efree(nothrow_call(&_emalloc)((room > real ? room - real : 0) +
                                      ZEND_MM_CHUNK_SIZE ZEND_FILE_LINE_CC ZEND_FILE_LINE_EMPTY_CC));
    }
    // memory_limit was lifted meanwhile: the refused call fails with an Error.
    unwinding.pending = was & ~unwind_state::oom;
    if (!EG(exception)) zend_throw_error(nullptr, "PHP memory_limit exhausted");
    return false;
}
}  // namespace
#endif

bool edge_settle(unsigned entry, bool failed) PHPBIND_JMP_NOEXCEPT {
    const unsigned own = unwinding.pending & ~entry;
    if (own & unwind_state::fatal) resume_bailout();
#ifndef ZEND_HAS_OOM
    if (own & unwind_state::oom) return raise_memory_limit();
#endif
    if (own & unwind_state::exit) {
        // C++ swallowed script_exit: exit() again (it ends the script whatever
        // else this edge's body left recorded).
        unwinding.pending &= ~(own & (unwind_state::exit | unwind_state::exception));
        zend_object* pending = EG(exception);
        if (!pending || (!zend_is_unwind_exit(pending) && !zend_is_graceful_exit(pending))) {
            if (pending) zend_clear_exception();  // exit() ends the script whatever else was thrown since
            zend_throw_exception_internal(zend_create_unwind_exit());
        }
        return false;
    }
    if (own & unwind_state::exception) {
        unwinding.pending &= ~unwind_state::exception;
        failed = failed || EG(exception) != nullptr;
    }
    return !failed;
}

zend_result edge_settle_result(bool failed) PHPBIND_JMP_NOEXCEPT { return edge_settle(0, failed) ? SUCCESS : FAILURE; }

void edge_settle_call(bool failed, zval* return_value) PHPBIND_JMP_NOEXCEPT {
    if (!edge_settle(0, failed)) discard_result(return_value);
}

void edge_misuse() noexcept {
    debug_failure("php::detail::edge",
                  "a handler the engine reaches only by running PHP code was entered while a fatal error or exit() "
                  "was unwinding C++ frames: it must be a release_edge");
}

void resume_bailout() PHPBIND_JMP_NOEXCEPT {
    unwinding.pending = 0;
    nothrow_call (&_zend_bailout)(const_cast<char*>(__FILE__), __LINE__);
    __builtin_unreachable();  // (_zend_bailout does not return; the pointer's type cannot say so)
}

void refuse_php_call() {
    if (unwinding.pending & unwind_state::fatal) throw_fatal_error();
    // memory_limit was reached: the fatal error is on its way (the edge raises it); no PHP first.
    if (unwinding.pending & unwind_state::oom) throw_memory_exhausted();
    if (unwinding.pending & unwind_state::exit) {
        // exit() is on its way to the engine: PHP code runs no more. A fresh
        // unwind object, owned by the C++ exception like the first one.
        throw script_exit(zend_create_unwind_exit());
    }
    // The engine has deactivated its executor (zend_shutdown_executor_values:
    // "no PHP callback functions should be called after this point"): this
    // is a C++ destructor of an object freed after the request's shutdown.
    throw php::error("PHP code cannot be called now: the request has ended (a destructor run while the engine "
                     "frees the objects left at the end of the request may not call into PHP)");
}

void release_last(zend_refcounted* ref) noexcept {
    into_php_nothrow([](void* r) { rc_dtor_func(static_cast<zend_refcounted*>(r)); }, ref);
}

void possible_root(zend_refcounted* ref) noexcept {
    into_php_nothrow([](void* r) { gc_possible_root(static_cast<zend_refcounted*>(r)); }, ref);
}

// ---- exceptions the engine cannot take where they happen ----------------------
//
// A few handlers are called where the engine never checks for an exception
// afterwards (get_properties from ZEND_FE_FETCH_R/RW: the loop body would run
// with it pending). Such an exception is set aside and raised at the next
// instruction boundary where the VM checks for interrupts (a jump, the loop's
// next iteration or its exit, a call), through zend_interrupt_function: the
// engine's own way to act between instructions (zend_interrupt_helper).
namespace {
struct deferred_state {
    zend_object* exception = nullptr;  // set aside, newest first (the older ones are its previous chain)
    const zend_execute_data* frame = nullptr;  // where it was set aside
    const zend_op* opline = nullptr;
    bool oom_hidden = false;  // the engine's handled out-of-memory state, hidden until the check
};
#ifdef ZTS
thread_local deferred_state t_deferred;
#else
deferred_state t_deferred;
#endif
void (*g_previous_interrupt)(zend_execute_data*) = nullptr;
unsigned g_interrupt_users = 0;  // the modules of this library copy that started

// Puts back the engine's handled out-of-memory state that defer_exception() hid.
void restore_hidden_oom() noexcept {
    if (!t_deferred.oom_hidden) return;
    t_deferred.oom_hidden = false;
    oom_restore_handled();
}

void raise_deferred(zend_execute_data* ex) {
    // The previous holder first (pcntl dispatches signal handlers there, and
    // zend_call_function() runs nothing while an exception is pending).
    if (g_previous_interrupt) g_previous_interrupt(ex);
    restore_hidden_oom();
    zend_object* e = t_deferred.exception;
    if (!e || !ex) return;
    t_deferred.exception = nullptr;
    // PHP 8.4 also checks right after an internal function returns, with that function's frame
    // still on top (ZEND_VM_FCALL_INTERRUPT_CHECK in ZEND_DO_ICALL): an internal frame has no
    // opline to raise from, and the VM rethrows a pending exception into the caller at the call
    // (zend_rethrow_exception). Only a user frame's opline is read or redirected.
    const bool user_frame = ex->func && ZEND_USER_CODE(ex->func->type);
    const zend_op* at = user_frame ? ex->opline : nullptr;  // zend_interrupt_helper saved it
    // ZEND_FE_FETCH_R/RW that left its loop jumped to the instruction after it,
    // where the loop's iterator is no longer live (its zend_live_range ends
    // there): raised from the FE_FETCH itself instead, as if that had thrown,
    // so the unwinding frees the iterator and the try around the loop catches it.
    const zend_op* op = t_deferred.opline;
    if (user_frame && ex == t_deferred.frame && op &&
        (op->opcode == ZEND_FE_FETCH_R || op->opcode == ZEND_FE_FETCH_RW) &&
        at == ZEND_OFFSET_TO_OPLINE(op, op->extended_value)) {
        at = op;
    }
    if (!EG(exception)) {
        if (user_frame) ex->opline = at;
        if (!zend_is_unwind_exit(e)) return zend_throw_exception_internal(e);  // takes the reference
        EG(exception) = e;  // as zend_throw_unwind_exit() does
        if (user_frame) {
            EG(opline_before_exception) = at;
            ex->opline = EG(exception_op);
        }
        return;
    }
    // The previous holder threw too: one unwinding, from `at`.
    if (user_frame) EG(opline_before_exception) = at;
    if (zend_is_unwind_exit(e)) {
        zend_object* thrown = EG(exception);  // exit() goes before it
        EG(exception) = e;
        OBJ_RELEASE(thrown);
    } else {
        zend_throw_exception_internal(e);  // chains to it (or yields to an exit() it made)
    }
}
}  // namespace

void defer_exception() noexcept {
    zend_object* e = EG(exception);
    if (!e) return;
    // The reference moves here. Not zend_clear_exception(): it would also drop
    // EG(prev_exception), which belongs to whoever saved it.
    EG(exception) = nullptr;
    zend_execute_data* ex = EG(current_execute_data);
    const bool user_frame = ex && ex->func && ZEND_USER_CODE(ex->func->type);
    if (user_frame && ex->opline == EG(exception_op)) ex->opline = EG(opline_before_exception);  // the throw's redirect
    deferred_state& d = t_deferred;
    if (d.exception && zend_is_unwind_exit(d.exception)) {
        OBJ_RELEASE(e);  // exit() is on its way already
        return;
    }
    if (d.exception && zend_is_unwind_exit(e)) {
        OBJ_RELEASE(d.exception);  // exit() goes before any exception
    } else if (d.exception) {
        zend_exception_set_previous(e, d.exception);  // the engine's order: the older is previous
    }
    d.exception = e;
    d.frame = ex;
    d.opline = user_frame ? ex->opline : nullptr;
    // After an out-of-memory fatal error (an engine with delayed handling: its UnwindExit on the
    // way out of PHP code C++ called), the engine's interrupt check would not call ours.
    if (oom_hide_handled()) d.oom_hidden = true;
    request_interrupt();
}

void drop_deferred_exception() noexcept {
    // The request ended before the VM reached an interrupt check (the script's
    // last instruction was the loop's exit): nothing is left to raise it in.
    restore_hidden_oom();
    if (zend_object* e = t_deferred.exception) {
        t_deferred.exception = nullptr;
        OBJ_RELEASE(e);
    }
}

void interrupt_hook_acquire() noexcept {
    // Once per copy of this library: a second install would make the chain loop.
    if (g_interrupt_users++ != 0) return;
    g_previous_interrupt = zend_interrupt_function;
    zend_interrupt_function = raise_deferred;
}

void interrupt_hook_release() noexcept {
    if (g_interrupt_users == 0 || --g_interrupt_users != 0) return;
    // Modules shut down in the reverse order of their startup, so a holder
    // installed after this one has restored its own by now.
    if (zend_interrupt_function == raise_deferred) zend_interrupt_function = g_previous_interrupt;
    g_previous_interrupt = nullptr;
}

}  // namespace detail
PHPBIND_NAMESPACE_END
