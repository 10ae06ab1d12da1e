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
    const std::string& message() const noexcept { return message_; }
    zend_long code() const noexcept { return code_; }
    zend_class_entry* php_class() const noexcept { return cls_(); }

    virtual ~throwable() = default;

    /// Raises this exception in the engine (sets EG(exception)).
    virtual void raise() const;

private:
    class_getter cls_;
    std::string message_;
    zend_long code_;
};

#define PHPBIND_DEFINE_THROWABLE(cpp_name, ce_expr)                                  \
    class cpp_name : public throwable {                                              \
    public:                                                                          \
        explicit cpp_name(std::string message, zend_long code = 0)                   \
            : throwable([]() noexcept -> zend_class_entry* { return ce_expr; },      \
                        std::move(message), code) {}                                 \
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
    void raise() const override;
    uint32_t arg_num() const noexcept { return num_; }

private:
    uint32_t num_;
};

/// Like argument_value_error, raising TypeError.
class argument_type_error : public throwable {
public:
    argument_type_error(uint32_t arg_num, std::string message)
        : throwable([]() noexcept { return zend_ce_type_error; }, std::move(message)), num_(arg_num) {}
    void raise() const override;
    uint32_t arg_num() const noexcept { return num_; }

private:
    uint32_t num_;
};

namespace detail {

/// Called from a `catch (...)` at a handler's edge: turns the exception being
/// handled into a pending PHP exception. Out of line so the happy path of a
/// bound function carries no error-handling code.
PHPBIND_COLD void raise_current_exception() noexcept;

/// Raises `cls` with a message that may contain NUL bytes.
PHPBIND_COLD void raise(zend_class_entry* cls, const char* data, size_t len, zend_long code) noexcept;

} // namespace detail

PHPBIND_NAMESPACE_END
