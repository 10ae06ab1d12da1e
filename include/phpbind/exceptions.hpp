// phpbind/exceptions.hpp — C++ exceptions that become PHP throwables.
//
// Bound code reports errors by throwing. No C++ exception ever reaches the
// engine: every handler phpbind generates catches at its edge and raises the
// matching PHP throwable instead:
//
//   throw php::value_error("must be positive");   // PHP: ValueError
//   throw php::runtime_exception("disk full", 28); // PHP: RuntimeException, code 28
//   throw std::runtime_error("boom");              // PHP: Exception("boom")
//   throw 42;                                      // PHP: Exception("Unknown C++ exception")
#pragma once

#include <phpbind/engine.hpp>

#include <exception>
#include <string>
#include <string_view>
#include <typeinfo>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

/// Base of every C++ exception that names the PHP class it becomes.
/// The class entry is looked up when the exception is raised, so these types
/// can be thrown before the engine's classes exist (e.g. from a constructor
/// of a static object) and caught in C++ without touching the engine.
class throwable : public std::exception {
public:
    using class_getter = zend_class_entry* (*)() noexcept;

    throwable(class_getter cls, std::string message, zend_long code = 0)
        : cls_(cls), message_(std::move(message)), code_(code) {}

    const char* what() const noexcept override { return message_.c_str(); }
    /// The message the PHP exception gets (`getMessage()`); may contain NUL bytes.
    const std::string& message() const noexcept { return message_; }
    /// The code the PHP exception gets (`getCode()`).
    zend_long code() const noexcept { return code_; }
    /// The PHP class this exception becomes when it crosses a handler edge.
    zend_class_entry* php_class() const noexcept { return cls_(); }

    virtual ~throwable() = default;

    /// Raises this exception in the engine (sets EG(exception)).
    virtual void raise() const;

private:
    class_getter cls_;
    std::string message_;
    zend_long code_;
};

#define PHPBIND_DEFINE_THROWABLE(cpp_name, ce_expr)                                                                    \
    class cpp_name : public throwable {                                                                                \
    public:                                                                                                            \
        explicit cpp_name(std::string message, zend_long code = 0)                                                     \
            : throwable([]() noexcept -> zend_class_entry* { return ce_expr; }, std::move(message), code) {}           \
    };

// Core throwables.
PHPBIND_DEFINE_THROWABLE(exception, zend_ce_exception)
PHPBIND_DEFINE_THROWABLE(error, zend_ce_error)
PHPBIND_DEFINE_THROWABLE(type_error, zend_ce_type_error)
PHPBIND_DEFINE_THROWABLE(value_error, zend_ce_value_error)
PHPBIND_DEFINE_THROWABLE(argument_count_error, zend_ce_argument_count_error)
PHPBIND_DEFINE_THROWABLE(arithmetic_error, zend_ce_arithmetic_error)
PHPBIND_DEFINE_THROWABLE(division_by_zero_error, zend_ce_division_by_zero_error)
PHPBIND_DEFINE_THROWABLE(unhandled_match_error, zend_ce_unhandled_match_error)
// SPL exceptions.
PHPBIND_DEFINE_THROWABLE(logic_exception, spl_ce_LogicException)
PHPBIND_DEFINE_THROWABLE(bad_function_call_exception, spl_ce_BadFunctionCallException)
PHPBIND_DEFINE_THROWABLE(bad_method_call_exception, spl_ce_BadMethodCallException)
PHPBIND_DEFINE_THROWABLE(domain_exception, spl_ce_DomainException)
PHPBIND_DEFINE_THROWABLE(invalid_argument_exception, spl_ce_InvalidArgumentException)
PHPBIND_DEFINE_THROWABLE(length_exception, spl_ce_LengthException)
PHPBIND_DEFINE_THROWABLE(out_of_range_exception, spl_ce_OutOfRangeException)
PHPBIND_DEFINE_THROWABLE(runtime_exception, spl_ce_RuntimeException)
PHPBIND_DEFINE_THROWABLE(out_of_bounds_exception, spl_ce_OutOfBoundsException)
PHPBIND_DEFINE_THROWABLE(overflow_exception, spl_ce_OverflowException)
PHPBIND_DEFINE_THROWABLE(range_exception, spl_ce_RangeException)
PHPBIND_DEFINE_THROWABLE(underflow_exception, spl_ce_UnderflowException)
PHPBIND_DEFINE_THROWABLE(unexpected_value_exception, spl_ce_UnexpectedValueException)

#undef PHPBIND_DEFINE_THROWABLE

/// An error about one argument of the running function, worded as PHP words
/// its own: `throw php::argument_value_error(2, "must be greater than 0")`
/// raises ValueError("fn(): Argument #2 ($times) must be greater than 0").
class argument_value_error : public throwable {
public:
    argument_value_error(uint32_t arg_num, std::string message)
        : throwable([]() noexcept { return zend_ce_value_error; }, std::move(message)), num_(arg_num) {}
    /// Raises the ValueError in the engine, worded as ZPP words it (`f(): Argument #n ($name)
    /// ...`).
    void raise() const override;
    /// The argument number (1-based) the message is about.
    uint32_t arg_num() const noexcept { return num_; }

private:
    uint32_t num_;
};

/// Like argument_value_error, raising TypeError.
class argument_type_error : public throwable {
public:
    argument_type_error(uint32_t arg_num, std::string message)
        : throwable([]() noexcept { return zend_ce_type_error; }, std::move(message)), num_(arg_num) {}
    /// Raises the TypeError in the engine, worded as ZPP words it (`f(): Argument #n ($name) ...`).
    void raise() const override;
    /// The argument number (1-based) the message is about.
    uint32_t arg_num() const noexcept { return num_; }

private:
    uint32_t num_;
};

/// A PHP exception raised by PHP code that C++ called, now travelling through
/// C++ frames. It owns the PHP exception object: catch it to handle the error
/// (message, class, code are inspectable); let it escape and the *same*
/// object — same identity, same trace — reaches the PHP caller.
class error_already_set : public std::exception {
public:
    /// Takes over the caller's reference on `ex`.
    explicit error_already_set(zend_object* ex) noexcept;
    error_already_set(const error_already_set& o) noexcept;
    error_already_set& operator=(const error_already_set&) = delete;
    ~error_already_set() override;

    const char* what() const noexcept override { return what_.c_str(); }
    /// The PHP exception object (borrowed).
    zend_object* object() const noexcept { return ex_; }
    /// The exception's class name, as PHP spells it.
    std::string_view class_name() const noexcept { return {ZSTR_VAL(ex_->ce->name), ZSTR_LEN(ex_->ce->name)}; }
    /// `$e->getMessage()`, read when the exception reached C++ (binary-safe).
    const std::string& message() const noexcept { return message_; }
    /// `$e->getCode()`, read when the exception reached C++.
    zend_long code() const noexcept { return code_; }
    /// `$e instanceof $ce`
    bool matches(const zend_class_entry* ce) const noexcept { return instanceof_function(ex_->ce, ce); }
    /// Raises the object in the engine again (a new reference; this keeps its own).
    void restore() const noexcept;

private:
    zend_object* ex_;
    std::string message_;
    std::string what_;
    zend_long code_ = 0;
};

/// Base of the engine's own unwinding — `exit()` and fatal errors — while it
/// crosses C++ frames. Deliberately not a std::exception: `catch (const
/// std::exception&)` must not stop it. Code that uses `catch (...)` must
/// rethrow. The edge of the bound function hands it back to the engine, which
/// then ends the script exactly as it would have without C++ in between.
class engine_unwind {
public:
    virtual ~engine_unwind() = default;
    virtual const char* what() const noexcept = 0;
};

/// `exit()` / `die()` was called by PHP code that C++ called.
class script_exit final : public engine_unwind {
public:
    explicit script_exit(zend_object* unwind) noexcept : unwind_(unwind) {}
    script_exit(const script_exit& o) noexcept : unwind_(o.unwind_) { GC_ADDREF(unwind_); }
    script_exit& operator=(const script_exit&) = delete;
    ~script_exit() override { OBJ_RELEASE(unwind_); }
    const char* what() const noexcept override { return "exit() called"; }
    /// The status exit() set (EG(exit_status)).
    int status() const noexcept { return EG(exit_status); }
    /// Hands the exit back to the engine (the edge of a bound function does it; code that catches
    /// script_exit to clean up must rethrow instead).
    void restore() const noexcept;

private:
    zend_object* unwind_;
};

/// A fatal error (an engine bailout) in PHP code that C++ called. Its message
/// has already been reported; C++ destructors run while this unwinds, then the
/// bailout resumes where the engine expects it.
class fatal_error final : public engine_unwind {
public:
    const char* what() const noexcept override { return "PHP fatal error"; }
};

/// The request went past memory_limit while C++ code was building values (on an engine with
/// delayed out-of-memory handling: docs/errors.md). phpbind's containers, casters and builders
/// throw it at their next allocation, so C++ frames unwind; the edge of the bound function
/// returns to the engine, which then raises its usual fatal error ("Allowed memory size of N
/// bytes exhausted"): shutdown functions run and the status is 255. Catching it does not
/// prevent that: the engine keeps the condition.
class memory_exhausted final : public engine_unwind {
public:
    const char* what() const noexcept override { return "PHP memory_limit exhausted"; }
};

namespace detail {

/// The readable name of a C++ type, for messages (src/exceptions.cpp).
std::string demangle(const std::type_info& t);

/// Throws php::memory_exhausted (out of line: the allocating paths stay small).
[[noreturn]] PHPBIND_COLD void throw_memory_exhausted();
/// Where phpbind allocates request memory for C++ code: throws php::memory_exhausted once the
/// request went past memory_limit (a load and a branch; nothing on an engine that bails out at
/// the allocation itself).
PHPBIND_INLINE void check_memory() {
    if (UNEXPECTED(oom_pending())) throw_memory_exhausted();
}
/// Before phpbind allocates up to `bytes` of request memory: throws php::memory_exhausted when
/// they could go past memory_limit on an engine that would raise its fatal error at the
/// allocation (reserve_memory()); nothing on an engine with delayed handling.
PHPBIND_INLINE void reserve_or_throw(size_t bytes) {
    if (UNEXPECTED(!reserve_memory(bytes))) throw_memory_exhausted();
}

/// Called only by an edge (phpbind/detail/edge.hpp), in its catch block:
/// turns the exception being handled into a pending PHP exception. A fatal
/// error is left to the edge, which resumes it once it has left the catch
/// block; exit() pending when the edge was entered (`entry`) is left to the
/// edge that owns it. Out of line so the happy path carries no error handling.
PHPBIND_COLD void raise_current_exception(unsigned entry) noexcept;

/// Turns what a call into PHP left behind into a C++ exception: the pending
/// PHP exception (error_already_set) or exit() (script_exit).
[[noreturn]] PHPBIND_COLD void throw_pending_exception();
/// The same for an exception object not pending in the engine (takes its reference).
[[noreturn]] PHPBIND_COLD void throw_exception_object(zend_object* ex);
[[noreturn]] PHPBIND_COLD void throw_fatal_error();

/// Raises `cls` with a message that may contain NUL bytes.
PHPBIND_COLD void raise(zend_class_entry* cls, const char* data, size_t len, zend_long code) noexcept;

/// One bound exception class (module::exception<E>, phpbind/exception_class.hpp):
/// how to recognise a C++ exception of type E (or derived from it) and the
/// PHP class it becomes. The registry of these is filled at MINIT, read when
/// a handler's edge translates an exception, and emptied of a module's
/// entries at its MSHUTDOWN, so no entry outlives the class it names.
struct exception_translator {
    const std::type_info* type;
    zend_class_entry* ce;
    const void* owner;  // the module that bound it
    /// In a catch block: if the exception being handled is an E, raises it
    /// as `ce` and returns true.
    bool (*translate)(zend_class_entry* ce) noexcept;
    /// Throws a null `const E*`, and tells (in a catch block) whether the
    /// pointer being handled converts to `const E*`: together they test
    /// whether one bound type derives from another (registration only).
    void (*throw_pointer)();
    bool (*catches_pointer)() noexcept;
    /// E derives from php::throwable: only such bindings apply to a
    /// php::throwable, whose own class wins over a binding of a base such as
    /// std::exception.
    bool is_throwable;
};

/// Called in a catch block: raises the exception being handled as the class
/// bound to its most derived bound type. False if no bound type matches.
PHPBIND_COLD bool translate_bound_exception(bool throwable_only) noexcept;

}  // namespace detail

/// Hands an exception the engine has pending to C++: for code that calls the
/// engine's own API (zend_*, php_*) directly, which reports failure by
/// leaving EG(exception) set. Takes it from the engine and throws it as
/// php::error_already_set (exit() as php::script_exit); does nothing when none
/// is pending. Thrown on out of a bound function, the same exception object
/// reaches the PHP caller.
inline void throw_if_pending() {
    if (UNEXPECTED(EG(exception) != nullptr)) detail::throw_pending_exception();
}

PHPBIND_NAMESPACE_END
