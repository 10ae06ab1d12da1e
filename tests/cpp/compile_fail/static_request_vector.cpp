// Must not compile: a container in request memory (php::request_allocator) holds nothing but ints,
// yet its memory is freed when the request ends.
#include <phpbind/phpbind.hpp>

#include <cstdint>
#include <string>

struct Cache {
    php::request_vector<int64_t> ids;
    std::string name;
};

php::Static<Cache> cache;
