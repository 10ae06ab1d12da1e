// Must not compile: reading a by-reference argument back into a
// std::string_view would view a string released when the call returns.
#include <phpbind/phpbind.hpp>

#include <string_view>

void fill() {
    std::string_view out;
    php::call("preg_match", "/a/", "a", php::ref(out));
}
