// tests/install/consumer.cpp — a tiny extension built against the installed phpbind.
#include <phpbind/phpbind.hpp>

#include <string>
#include <string_view>

static std::string greet(std::string_view who) { return "hello, " + std::string(who); }

PHPBIND_EXTENSION(consumer, m) {
    m.version("2.0.0");
    m.def<&greet>("consumer_greet", php::arg("who"));
}
