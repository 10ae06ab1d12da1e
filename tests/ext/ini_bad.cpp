// tests/ext/ini_bad.cpp — an extension whose definitions (INI entries, and
// class hierarchies) are wrong in the way PHPBIND_TEST_INI_BAD names, to show
// that it fails to start with a message saying what is wrong. Checked by
// tests/phpt/ini/bad_definitions.phpt and tests/phpt/classes/bad_base.phpt.
#include <phpbind/phpbind.hpp>

#include <cstdlib>
#include <string_view>

namespace {
struct Base {
    virtual ~Base() = default;
};
struct Derived : Base {};
}  // namespace

PHPBIND_EXTENSION(phpbind_ini_bad, m) {
    const char* what = std::getenv("PHPBIND_TEST_INI_BAD");
    std::string_view bad = what ? what : "";
    if (bad == "default") {
        // The default must pass the validators.
        m.ini<int64_t>("phpbind_ini_bad.level", 12).range(0, 9);
    } else if (bad == "twice") {
        m.ini<bool>("phpbind_ini_bad.flag", true);
        m.ini<bool>("phpbind_ini_bad.flag", false);
    } else if (bad == "flags") {
        m.ini<std::string>("phpbind_ini_bad.name", "x", 0);
    } else if (bad == "taken") {
        // Loaded next to phpbind_test, which registers this name first.
        m.ini<int64_t>("phpbind_test.level", 1);
    } else if (bad == "base_later") {
        m.class_<Derived, Base>("BadDerived");
        m.class_<Base>("BadBase");
    } else if (bad == "base_unbound") {
        m.class_<Derived, Base>("BadDerived");
    } else {
        m.ini<int64_t>("phpbind_ini_bad.level", 1);
    }
}
