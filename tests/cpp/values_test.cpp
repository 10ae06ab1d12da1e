// tests/cpp/values_test.cpp — ownership of php::Value / php::ValueView, the
// immortal strings behind defaults and constants, and throwables caught in C++.
// (Raising into PHP needs a running PHP frame: tests/phpt/exceptions covers it.)
#include <phpbind/phpbind.hpp>

#include <gtest/gtest.h>

namespace {

zend_string* fresh_string(const char* s) { return zend_string_init(s, strlen(s), 0); }

TEST(Value, CopyAddsOneReferenceAndDestructionReleasesIt) {
    zval z;
    ZVAL_STR(&z, fresh_string("shared payload"));
    ASSERT_EQ(Z_REFCOUNT(z), 1u);
    {
        php::ValueView view(&z);
        EXPECT_EQ(Z_REFCOUNT(z), 1u) << "a view must not touch the refcount";
        php::Value a = view.own();
        EXPECT_EQ(Z_REFCOUNT(z), 2u);
        php::Value b = a;
        EXPECT_EQ(Z_REFCOUNT(z), 3u);
        php::Value c = std::move(b);
        EXPECT_EQ(Z_REFCOUNT(z), 3u) << "a move steals, it does not addref";
        EXPECT_TRUE(b.is_null());
        a = c;
        EXPECT_EQ(Z_REFCOUNT(z), 3u) << "self-sharing assignment keeps the count";
        EXPECT_EQ(c.view().as_string(), "shared payload");
    }
    EXPECT_EQ(Z_REFCOUNT(z), 1u) << "each owned value released exactly once";
    zval_ptr_dtor(&z);
}

TEST(Value, ReleaseIntoHandsTheReferenceOver) {
    php::Value v(std::string_view("handed over"));
    zval out;
    v.release_into(&out);
    EXPECT_TRUE(v.is_null());
    ASSERT_EQ(Z_TYPE(out), IS_STRING);
    EXPECT_EQ(Z_REFCOUNT(out), 1u);
    zval_ptr_dtor(&out);
}

TEST(Value, ScalarConstructorsAndTypes) {
    EXPECT_EQ(php::Value().type(), php::Type::null);
    EXPECT_EQ(php::Value(true).type(), php::Type::true_);
    EXPECT_EQ(php::Value(7).type(), php::Type::int_);
    EXPECT_EQ(php::Value(1.5).type(), php::Type::float_);
    EXPECT_EQ(php::Value("s").type(), php::Type::string);
    EXPECT_STREQ(php::Value(7).type_name(), "int");
    EXPECT_EQ(php::Value(-3).view().as_int(), -3);
}

TEST(ValueView, DereferencesReferences) {
    zval ref;
    ZVAL_NEW_REF(&ref, &EG(uninitialized_zval));
    ZVAL_LONG(Z_REFVAL(ref), 5);
    php::ValueView v(&ref);
    EXPECT_EQ(v.type(), php::Type::int_);
    EXPECT_EQ(v.as_int(), 5);
    zval_ptr_dtor(&ref);
}

TEST(ImmortalString, IsPersistentInternedAndIgnoresRefcounting) {
    zend_string* s = php::detail::immortal_string("default value");
    EXPECT_TRUE(ZSTR_IS_INTERNED(s));
    EXPECT_TRUE(GC_FLAGS(s) & IS_STR_PERSISTENT);
    EXPECT_EQ(std::string_view(ZSTR_VAL(s), ZSTR_LEN(s)), "default value");
    EXPECT_NE(ZSTR_H(s), 0u) << "hash precomputed: the string is never written again";
    zval z;
    ZVAL_INTERNED_STR(&z, s);
    EXPECT_FALSE(Z_REFCOUNTED(z));
    php::Value copy{php::ValueView(&z)};  // no refcount traffic on an interned string
    EXPECT_EQ(copy.view().as_string(), "default value");
    // In an extension the registration storage keeps it for the process
    // lifetime; this test owns it and gives it back.
    pefree(s, 1);
}

TEST(Throwable, CaughtInCppWithoutTouchingTheEngine) {
    try {
        throw php::runtime_exception("plain C++ catch", 3);
    } catch (const php::throwable& e) {
        EXPECT_STREQ(e.what(), "plain C++ catch");
        EXPECT_EQ(e.code(), 3);
        EXPECT_EQ(e.php_class(), spl_ce_RuntimeException);
    }
    EXPECT_EQ(EG(exception), nullptr);
}

} // namespace
