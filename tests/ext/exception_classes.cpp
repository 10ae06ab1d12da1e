// tests/ext/exception_classes.cpp — C++ exception types bound to PHP exception
// classes (module::exception<E>). Checked by tests/phpt/exceptions/bound_*.phpt.
#include "test_ext.hpp"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace {

// The application's own hierarchy, as a C++ library would have it.
struct AppError : std::runtime_error {
    explicit AppError(const std::string& message, int64_t code = 0) : std::runtime_error(message), code_(code) {}
    int64_t code() const noexcept { return code_; }
    int64_t code_;
};
struct NotFound : AppError {  // bound: App\NotFound extends App\AppError
    using AppError::AppError;
};
struct KeyMissing : NotFound {  // not bound: raised as App\NotFound
    using NotFound::NotFound;
};
struct Timeout : AppError {  // bound before AppError, with a PHP parent of its own
    using AppError::AppError;
};
struct BadInput : std::invalid_argument {  // no code(): code 0
    using std::invalid_argument::invalid_argument;
};
enum class quota_code : int { exceeded = 507 };
struct QuotaExceeded {  // not a std::exception: what() by value, code() an enum
    std::string user;
    std::string what() const { return "quota exceeded for " + user; }
    quota_code code() const { return quota_code::exceeded; }
};
struct Corrupt : php::runtime_exception {  // a phpbind throwable bound to a class of its own
    using php::runtime_exception::runtime_exception;
};
struct DiskError : std::system_error {  // code() is a std::error_code: its value()
    using std::system_error::system_error;
};
struct Unbound : std::runtime_error {  // nothing bound: plain Exception, as before
    using std::runtime_error::runtime_error;
};
struct Silent {};  // neither what() nor code(): empty message, code 0
struct BadJson : std::runtime_error {  // extends JsonException, named: PHP 8.2's headers do not export it
    BadJson(const std::string& m, int64_t c) : std::runtime_error(m), c_(c) {}
    int64_t code() const { return c_; }
    int64_t c_;
};

void app_throw(std::string_view kind, std::string message, zend_long code) {
    if (kind == "app") throw AppError(message, code);
    if (kind == "not_found") throw NotFound(message, code);
    if (kind == "key_missing") throw KeyMissing(message, code);
    if (kind == "timeout") throw Timeout(message, code);
    if (kind == "bad_input") throw BadInput(message);
    if (kind == "quota") throw QuotaExceeded{message};
    if (kind == "corrupt") throw Corrupt(message, code);
    if (kind == "disk") throw DiskError(std::make_error_code(std::errc::no_space_on_device), message);
    if (kind == "unbound") throw Unbound(message);
    if (kind == "silent") throw Silent{};
    if (kind == "bad_json") throw BadJson(message, code);
    throw php::argument_value_error(1, "is not a known exception kind");
}

// A bound class whose methods throw bound exceptions.
struct Repo {
    std::string get(std::string_view key) const {
        if (key == "a") return "alpha";
        throw KeyMissing("no key '" + std::string(key) + "'", 404);
    }
    static void must_be_positive(int64_t n) {
        if (n <= 0) throw BadInput("n must be positive, got " + std::to_string(n));
    }
};

// PHP code called from C++ throws one of the bound classes: C++ sees
// php::error_already_set holding the PHP object, and can test its class.
std::string call_and_classify(php::CallableView f) {
    try {
        f();
        return "no exception";
    } catch (const php::error_already_set& e) {
        std::string out = e.class_name() == std::string_view("") ? "?" : std::string(e.class_name());
        if (e.matches(php::exception_class<NotFound>())) out += " is-a App\\NotFound";
        else if (e.matches(php::exception_class<AppError>())) out += " is-a App\\AppError";
        return out + ": " + e.message();
    }
}

// The same, left to escape: the PHP caller gets the very object back.
void call_and_let_escape(php::CallableView f) { f(); }

// Bindings that cannot work: selected by PHPBIND_TEST_BAD_EXCEPTION_CLASS in a
// child process; each makes the module's startup fail with a warning.
void bind_bad(php::module& m, std::string_view which) {
    if (which == "interface") m.exception<Unbound>("App\\Bad", [] { return zend_ce_throwable; });
    else if (which == "not_throwable") m.exception<Unbound>("App\\Bad", [] { return zend_standard_class_def; });
    else if (which == "final") m.exception<Unbound>("App\\Bad", [] { return zend_ce_closure; });
    else if (which == "null_getter") m.exception<Unbound>("App\\Bad", []() -> zend_class_entry* { return nullptr; });
    else if (which == "getter_throws") m.exception<Unbound>("App\\Bad", []() -> zend_class_entry* { throw 42; });
    else if (which == "unbound_base") m.exception<KeyMissing>("App\\Bad", php::base<Unbound>);
    else if (which == "same_type") m.exception<AppError>("App\\AppErrorAgain");
    else if (which == "same_name") m.exception<Unbound>("runtimeexception");
    else if (which == "unknown_named") m.exception<Unbound>("App\\Bad", php::base_named("App\\NoSuchClass"));
    else if (which == "named_final") m.exception<Unbound>("App\\Bad", php::base_named("\\closure"));
}

}  // namespace

void register_exception_classes(php::module& m) {
    using php::arg;
    // The platform's ENOSPC (28 on Linux, 51 in Emscripten's libc), the code DiskError carries.
    m.constant("PB_ENOSPC", static_cast<int64_t>(ENOSPC));
    // Registered in this order at MINIT. Timeout comes before its C++ base
    // AppError and does not extend it in PHP: a Timeout still raises
    // App\Timeout, because a derived type is always tried before its bases.
    m.exception<Timeout>("App\\Timeout", php::base<php::runtime_exception>);
    m.exception<AppError>("App\\AppError", php::base<php::runtime_exception>);
    m.exception<NotFound>("App\\NotFound", php::base<AppError>);
    m.exception<BadInput>("App\\BadInput", php::base<php::invalid_argument_exception>);
    m.exception<QuotaExceeded>("App\\QuotaExceeded", [] { return spl_ce_OverflowException; });
    m.exception<Corrupt>("App\\Corrupt");
    m.exception<DiskError>("App\\DiskError", php::base<php::error>);
    m.exception<Silent>("App\\Silent");
    m.exception<BadJson>("App\\BadJson", php::base_named("\\jsonEXCEPTION"));
    if (const char* bad = std::getenv("PHPBIND_TEST_BAD_EXCEPTION_CLASS")) bind_bad(m, bad);

    m.def<&app_throw>("pb_app_throw", arg("kind"), arg("message") = "", arg("code") = 0);
    m.class_<Repo>("App\\Repo")
        .def<&Repo::get>("get", arg("key"))
        .def_static<&Repo::must_be_positive>("mustBePositive", arg("n"));
    m.def<&call_and_classify>("pb_app_call_and_classify", arg("f"));
    m.def<&call_and_let_escape>("pb_app_call_and_let_escape", arg("f"));
    // A lifecycle callback that throws a bound type: a warning, as for any
    // exception there (there is no PHP frame to raise it in).
    m.on_request_end([] {
        if (std::getenv("PHPBIND_TEST_APP_THROW_AT_RSHUTDOWN")) throw NotFound("at request end", 7);
    });
}
