// tests/cpp/exception_classes_test.cpp — bound exception classes in an embedded
// engine: two modules of one program binding exception types (one extending
// the other's class), and engines started one after another in one process,
// each registering the classes anew.
//
// Built with PHPBIND_NO_GET_MODULE, like runtime_test.cpp.
#include <phpbind/phpbind.hpp>
#include <phpbind/runtime.hpp>

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

struct AlphaError : std::runtime_error {
    using std::runtime_error::runtime_error;
    int code() const noexcept { return 11; }
};
struct BetaError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// Bound by beta, with alpha's class as its parent.
struct BetaSub : AlphaError {
    using AlphaError::AlphaError;
};

void alpha_fail(std::string_view what) { throw AlphaError("alpha: " + std::string(what)); }
void alpha_other(std::string_view kind) {
    if (kind == "value_error") throw php::value_error("a phpbind throwable");
    if (kind == "runtime_exception") throw php::runtime_exception("another phpbind throwable", 4);
    throw std::out_of_range("a standard exception");
}
void beta_fail(std::string_view kind) {
    if (kind == "sub") throw BetaSub("beta sub");
    throw BetaError("beta");
}

}  // namespace

PHPBIND_EXTENSION(exc_alpha, m) {
    m.exception<AlphaError>("Alpha\\Error", php::base<php::runtime_exception>);
    // Every other std::exception of this program: bound after AlphaError,
    // which derives from it and still wins; phpbind's own throwables keep
    // their classes.
    m.exception<std::exception>("Alpha\\CppError");
    m.def<&alpha_fail>("alpha_fail", php::arg("what"));
    m.def<&alpha_other>("alpha_other", php::arg("kind"));
}

PHPBIND_EXTENSION(exc_beta, m) {
    m.exception<BetaError>("Beta\\Error");
    m.exception<BetaSub>("Beta\\Sub", php::base<AlphaError>);
    m.def<&beta_fail>("beta_fail", php::arg("kind"));
}

namespace {

php::runtime_options options(bool with_beta) {
    php::runtime_options o;
    o.modules = {phpbind_module_exc_alpha()};
    if (with_beta) o.modules.push_back(phpbind_module_exc_beta());
    return o;
}

std::string eval_string(php::Runtime& rt, const char* code) { return std::string(rt.eval(code).view().as_string()); }

zend_class_entry* engine_class(const char* name) {
    zend_string* n = zend_string_init(name, strlen(name), 0);
    zend_class_entry* ce = zend_lookup_class(n);
    zend_string_release(n);
    return ce;
}

TEST(ExceptionClasses, EachEngineRegistersTheClassesAnewAndMshutdownForgetsThem) {
    for (int run = 0; run < 3; ++run) {
        SCOPED_TRACE("engine " + std::to_string(run + 1));
        {
            php::Runtime rt(options(true));
            EXPECT_EQ(rt.request([&] {
                EXPECT_EQ(eval_string(rt,
                                      "try { alpha_fail('x'); } catch (RuntimeException $e) "
                                      "{ return get_class($e) . ' ' . $e->getCode() . ' ' . $e->getMessage(); }"),
                          "Alpha\\Error 11 alpha: x");
                EXPECT_EQ(eval_string(rt,
                                      "try { beta_fail('sub'); } catch (Alpha\\Error $e) "
                                      "{ return get_class($e) . ' < ' . get_parent_class($e); }"),
                          "Beta\\Sub < Alpha\\Error");
                EXPECT_EQ(eval_string(rt, "try { beta_fail('plain'); } catch (Exception $e) { return get_class($e); }"),
                          "Beta\\Error");
                // The registry names the very classes the engine has now.
                EXPECT_EQ(php::exception_class<AlphaError>(), engine_class("Alpha\\Error"));
                EXPECT_EQ(php::exception_class<BetaSub>(), engine_class("Beta\\Sub"));
                // C++ catching what PHP threw, by the bound class.
                try {
                    rt.eval("beta_fail('sub');");
                    ADD_FAILURE() << "the exception must reach C++";
                } catch (const php::error_already_set& e) {
                    EXPECT_TRUE(e.matches(php::exception_class<AlphaError>()));
                    EXPECT_EQ(e.class_name(), "Beta\\Sub");
                }
            }),
                      0);
        }
        // Both modules' MSHUTDOWN ran: nothing points at the freed classes.
        EXPECT_EQ(php::exception_class<AlphaError>(), nullptr);
        EXPECT_EQ(php::exception_class<BetaError>(), nullptr);
        EXPECT_EQ(php::exception_class<BetaSub>(), nullptr);
    }
}

TEST(ExceptionClasses, ABindingOfStdExceptionTakesTheRestButNotPhpbindThrowables) {
    php::Runtime rt(options(true));
    EXPECT_EQ(rt.request([&] {
        auto cls = [&](const char* call) {
            std::string code = std::string("try { ") + call +
                "; return 'none'; } catch (Throwable $e) "
                "{ return get_class($e) . ' ' . $e->getCode() . ' ' . $e->getMessage(); }";
            return eval_string(rt, code.c_str());
        };
        EXPECT_EQ(cls("alpha_other('std')"), "Alpha\\CppError 0 a standard exception");
        EXPECT_EQ(cls("alpha_other('value_error')"), "ValueError 0 a phpbind throwable");
        EXPECT_EQ(cls("alpha_other('runtime_exception')"), "RuntimeException 4 another phpbind throwable");
        EXPECT_EQ(cls("alpha_fail('z')"), "Alpha\\Error 11 alpha: z");
        EXPECT_EQ(cls("beta_fail('sub')"), "Beta\\Sub 11 beta sub");
        EXPECT_EQ(cls("beta_fail('plain')"), "Beta\\Error 0 beta");
    }),
              0);
}

TEST(ExceptionClasses, AnEngineWithoutTheOtherModuleHasOnlyItsOwnClasses) {
    php::Runtime rt(options(false));
    EXPECT_NE(php::exception_class<AlphaError>(), nullptr);
    EXPECT_EQ(php::exception_class<BetaError>(), nullptr);
    EXPECT_EQ(php::exception_class<BetaSub>(), nullptr);
    EXPECT_EQ(rt.request([&] {
        EXPECT_FALSE(rt.eval("return class_exists('Beta\\\\Sub');").view().as_bool());
        EXPECT_EQ(eval_string(rt, "try { alpha_fail('y'); } catch (Alpha\\Error $e) { return $e->getMessage(); }"),
                  "alpha: y");
    }),
              0);
}

}  // namespace
