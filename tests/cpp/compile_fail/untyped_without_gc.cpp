// Must not compile: an untyped property on a type that does not report it to the cycle collector;
// `$a->key = $b; $b->key = $a;` would leak both objects.
#include <phpbind/phpbind.hpp>

struct Holder {
    php::Value key;
};

void register_it(php::module& m) { m.class_<Holder>("Holder").property_untyped<&Holder::key>("key"); }
