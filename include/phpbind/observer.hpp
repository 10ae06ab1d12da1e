// phpbind/observer.hpp — watching the engine's calls and errors (the observer API).
//
//   bool wanted(php::Frame f) { return !f.is_internal(); }    // once per function
//   void enter(php::Frame f) { ++calls; }                      // every call of a wanted function
//   void leave(php::Frame f, php::ValueView* result) { ... }   // every return, thrown exceptions too
//   PHPBIND_EXTENSION(prof, m) { m.observe_calls<&wanted, &enter, &leave>(); }
//
// The engine calls the generated handlers directly (zend_observer_fcall_register):
// no table lookup and no allocation between the engine and the C++ functions.
#pragma once

#include <phpbind/detail/edge.hpp>
#include <phpbind/value.hpp>

#include <zend_observer.h>

#include <string>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

/// A call the engine is making, as an observer sees it: the function, its class, where it is
/// declared, its arguments. Borrowed: valid during the observer callback it was given to.
class Frame {
public:
    explicit Frame(zend_execute_data* ex) noexcept : ex_(ex) {}

    /// The engine's frame.
    zend_execute_data* raw() const noexcept { return ex_; }
    /// The function being called (for a script or an included file, its top-level code).
    zend_function* function() const noexcept { return ex_->func; }
    /// A function of PHP itself or of an extension (strlen, a phpbind function).
    bool is_internal() const noexcept { return ex_->func->type == ZEND_INTERNAL_FUNCTION; }
    /// A closure (an anonymous function or a first-class callable of one).
    bool is_closure() const noexcept { return (ex_->func->common.fn_flags & ZEND_ACC_CLOSURE) != 0; }
    /// The top-level code of a script, an included file or eval().
    bool is_file() const noexcept { return ex_->func->common.function_name == nullptr; }

    /// The function's name as declared ("strlen", "run", "{closure}"); empty for top-level code.
    std::string_view name() const noexcept {
        const zend_string* n = ex_->func->common.function_name;
        return n ? std::string_view(ZSTR_VAL(n), ZSTR_LEN(n)) : std::string_view();
    }
    /// The class that declares the method; empty for a function.
    std::string_view class_name() const noexcept {
        const zend_class_entry* ce = ex_->func->common.scope;
        return ce ? std::string_view(ZSTR_VAL(ce->name), ZSTR_LEN(ce->name)) : std::string_view();
    }
    /// "Class::method", "function", or for top-level code the file's path.
    std::string qualified_name() const;

    /// The file that declares the function (user code); empty for an internal function.
    std::string_view file() const noexcept {
        if (is_internal() || !ex_->func->op_array.filename) return {};
        const zend_string* f = ex_->func->op_array.filename;
        return {ZSTR_VAL(f), ZSTR_LEN(f)};
    }
    /// The line the function's declaration starts on (user code); 0 for an internal function.
    uint32_t line() const noexcept { return is_internal() ? 0 : ex_->func->op_array.line_start; }

    /// How many arguments the call was given.
    uint32_t arg_count() const noexcept { return ZEND_CALL_NUM_ARGS(ex_); }
    /// Argument `i` (from 0) as the frame holds it now: at the call's start, what was passed;
    /// at its end, a parameter the function reassigned has its new value. i < arg_count().
    ValueView arg(uint32_t i) const noexcept;

private:
    zend_execute_data* ex_;
};

/// An error or warning the engine raises, as the error observer sees it (before any error
/// handler, and whether or not `@` or error_reporting silence it).
struct error_report {
    int type;  // E_WARNING, E_ERROR, ...
    std::string_view message;
    std::string_view file;
    uint32_t line;
};

namespace detail {
// An observer callback's way back into the engine. A C++ exception becomes a
// PHP one. At a call's end a new exception is left pending: the engine checks
// when the call returns (zend_leave_helper, ZEND_DO_ICALL) and raises it at
// the call site, as if the call threw. At its start the engine does not check
// before the function's code runs: a new exception there is set aside and
// raised at the VM's next interrupt check (a user function's entry; after an
// internal function returns). One thrown while another unwinds is chained to
// it by the engine, as for destructors.
PHPBIND_COLD void observer_begin_failed(zend_object* in_flight) noexcept;

template <class F>
PHPBIND_INLINE void observer_begin_edge(F&& f) PHPBIND_JMP_NOEXCEPT {
    zend_object* in_flight = EG(exception);
    if (UNEXPECTED(!release_edge(f)) && EG(exception) != in_flight) observer_begin_failed(in_flight);
}
template <class F>
PHPBIND_INLINE void observer_end_edge(F&& f) PHPBIND_JMP_NOEXCEPT {
    (void)release_edge(f);
}

// After a fatal error the engine ends the frames still open from request
// shutdown (zend_observer_fcall_end_all(), with no result), where nothing
// catches a second bailout: one from the callback stops there, after the
// engine reported it (as php_call_shutdown_functions() does for its calls).
PHPBIND_INLINE bool ending_frames_after_bailout(const zval* result) noexcept {
    return UNEXPECTED(result == nullptr && CG(unclean_shutdown) && (EG(flags) & EG_FLAGS_IN_SHUTDOWN));
}
void contain_bailout(void (*fn)(void*), void* ctx) noexcept;
// The frame whose end callback is running; left set by a bailout out of it,
// so that the frame is not ended twice.
#ifdef ZTS
inline thread_local const zend_execute_data* ending_frame = nullptr;
#else
inline const zend_execute_data* ending_frame = nullptr;
#endif

void register_call_observer(zend_observer_fcall_init init);
void register_error_observer(zend_observer_error_cb cb);

template <auto F>
void observe_error(int type, zend_string* file, uint32_t line, zend_string* message) {
    const error_report r{type,
                         {ZSTR_VAL(message), ZSTR_LEN(message)},
                         file ? std::string_view(ZSTR_VAL(file), ZSTR_LEN(file)) : std::string_view(),
                         line};
    observer_end_edge([&] { F(r); });
}
/// What module::observe_errors<F>() registers at engine startup.
template <auto F>
struct error_observer {
    static void install() { register_error_observer(&observe_error<F>); }
};

template <auto Filter, auto Begin, auto End>
struct call_observer {
    static void begin(zend_execute_data* ex) {
        observer_begin_edge([&] { Begin(Frame(ex)); });
    }
    static void end_body(zend_execute_data* ex, zval* result) {
        const zend_execute_data* outer = ending_frame;
        ending_frame = ex;
        observer_end_edge([&] {
            if (result) {
                ValueView v(result);
                End(Frame(ex), &v);
            } else {
                End(Frame(ex), nullptr);
            }
        });
        ending_frame = outer;
    }
    static void end(zend_execute_data* ex, zval* result) {
        if (ending_frames_after_bailout(result)) {
            if (ex == ending_frame) return;  // its end callback was running when the fatal error struck
            return contain_bailout([](void* e) { end_body(static_cast<zend_execute_data*>(e), nullptr); }, ex);
        }
        end_body(ex, result);
    }
    static zend_observer_fcall_handlers init(zend_execute_data* ex) {
        bool wanted = true;
        if constexpr (!std::is_same_v<decltype(Filter), std::nullptr_t>) {
            wanted = false;
            observer_begin_edge([&] { wanted = Filter(Frame(ex)); });  // decided as the call starts
        }
        zend_observer_fcall_handlers h{nullptr, nullptr};
        if (!wanted) return h;
        if constexpr (!std::is_same_v<decltype(Begin), std::nullptr_t>) h.begin = &begin;
        if constexpr (!std::is_same_v<decltype(End), std::nullptr_t>) h.end = &end;
        return h;
    }
    /// What module::observe_calls<Filter, Begin, End>() registers at engine startup.
    static void install() { register_call_observer(&init); }
};
}  // namespace detail

PHPBIND_NAMESPACE_END
