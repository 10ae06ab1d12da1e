// Must not compile: std::set has no caster; it would be taken for a class to
// bind with class_<T> and fail only when the module starts.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <set>
#include <string>

int64_t count_unique(const std::set<std::string>& s) { return static_cast<int64_t>(s.size()); }

void register_it(php::module& m) { m.def<&count_unique>("count_unique", php::arg("s")); }
