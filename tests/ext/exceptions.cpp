// tests/ext/exceptions.cpp — C++ exceptions at the edge of bound code.
// Checked by tests/phpt/exceptions/*.phpt.
#include "test_ext.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void throw_kind(std::string_view kind, std::string msg, zend_long code) {
    if (kind == "exception") throw php::exception(msg, code);
    if (kind == "error") throw php::error(msg, code);
    if (kind == "type_error") throw php::type_error(msg, code);
    if (kind == "value_error") throw php::value_error(msg, code);
    if (kind == "argument_count_error") throw php::argument_count_error(msg, code);
    if (kind == "arithmetic_error") throw php::arithmetic_error(msg, code);
    if (kind == "division_by_zero_error") throw php::division_by_zero_error(msg, code);
    if (kind == "unhandled_match_error") throw php::unhandled_match_error(msg, code);
    if (kind == "logic_exception") throw php::logic_exception(msg, code);
    if (kind == "bad_function_call_exception") throw php::bad_function_call_exception(msg, code);
    if (kind == "bad_method_call_exception") throw php::bad_method_call_exception(msg, code);
    if (kind == "domain_exception") throw php::domain_exception(msg, code);
    if (kind == "invalid_argument_exception") throw php::invalid_argument_exception(msg, code);
    if (kind == "length_exception") throw php::length_exception(msg, code);
    if (kind == "out_of_range_exception") throw php::out_of_range_exception(msg, code);
    if (kind == "runtime_exception") throw php::runtime_exception(msg, code);
    if (kind == "out_of_bounds_exception") throw php::out_of_bounds_exception(msg, code);
    if (kind == "overflow_exception") throw php::overflow_exception(msg, code);
    if (kind == "range_exception") throw php::range_exception(msg, code);
    if (kind == "underflow_exception") throw php::underflow_exception(msg, code);
    if (kind == "unexpected_value_exception") throw php::unexpected_value_exception(msg, code);
    if (kind == "argument_value_error") throw php::argument_value_error(static_cast<uint32_t>(code), msg);
    if (kind == "argument_type_error") throw php::argument_type_error(static_cast<uint32_t>(code), msg);
    if (kind == "std_runtime_error") throw std::runtime_error(msg);
    if (kind == "std_out_of_range") throw std::out_of_range(msg);
    if (kind == "std_bad_alloc") throw std::bad_alloc();
    if (kind == "int") throw 42;
    if (kind == "string") throw std::string(msg);
    throw php::argument_value_error(1, "is not a known exception kind");
}

void raise_kind(std::string_view kind, std::string msg, zend_long code) { throw_kind(kind, std::move(msg), code); }

// Throws after a by-reference argument was changed in C++: the caller's
// variable keeps its old value, since the function did not return normally.
void ref_then_throw(php::ref<int64_t> x) {
    *x = 99;
    throw php::runtime_exception("after changing the reference");
}

std::string lambda_throws(std::string_view what) { throw std::invalid_argument("lambda: " + std::string(what)); }

}  // namespace

void register_exceptions(php::module& m) {
    using php::arg;
    m.def<&raise_kind>("pb_throw", arg("kind"), arg("message") = "", arg("code") = 0);
    m.def<&ref_then_throw>("pb_ref_then_throw", arg("x"));
    m.def("pb_lambda_throws", [](std::string_view w) { return lambda_throws(w); }, arg("what"));
}
