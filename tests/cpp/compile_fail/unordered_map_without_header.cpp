// Must not compile: std::unordered_map crosses only with
// <phpbind/stl/unordered_map.hpp>, which is not included here.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <string>
#include <unordered_map>

int64_t total(const std::unordered_map<std::string, int64_t>& m) { return static_cast<int64_t>(m.size()); }

void register_it(php::module& m) { m.def<&total>("total", php::arg("m")); }
