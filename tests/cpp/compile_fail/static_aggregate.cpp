// Must not compile: an aggregate two levels down holds a request value.
#include <phpbind/phpbind.hpp>

#include <string>
#include <vector>

struct Entry {
    std::string name;
    php::Value payload;
};
struct Registry {
    int version;
    std::vector<Entry> entries;
};

php::Static<Registry> registry;
