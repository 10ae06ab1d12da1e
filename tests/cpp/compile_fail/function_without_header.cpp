// Must not compile: std::function crosses only with <phpbind/stl/function.hpp>,
// which is not included here; without it std::function would be taken for a
// class to bind with class_<T> and fail only when the module starts.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <functional>

int64_t apply(const std::function<int64_t(int64_t)>& f, int64_t x) { return f(x); }

void register_it(php::module& m) { m.def<&apply>("apply", php::arg("f"), php::arg("x")); }
