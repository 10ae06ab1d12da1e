// Must not compile: a map parameter with std::string_view keys would view the
// text made for an integer key, which is gone when the map is used.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <map>
#include <string_view>

int64_t count_keys(const std::map<std::string_view, int64_t>& m) { return static_cast<int64_t>(m.size()); }

void register_it(php::module& m) { m.def<&count_keys>("count_keys", php::arg("m")); }
