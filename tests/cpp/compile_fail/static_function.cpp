// Must not compile: the std::function built by the caster holds a request
// php::Callable, so process-lifetime storage must refuse it.
#include <phpbind/phpbind.hpp>

#include <functional>

php::Static<std::function<int(int)>> on_event;
