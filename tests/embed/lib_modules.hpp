// tests/embed/lib_modules.hpp — lifecycle counters shared by the embed test modules.
#pragma once

#include <phpbind/phpbind.hpp>

#include <string>

// Defines module `name` whose callbacks count into `counters` and which binds
// <prefix>_counts(): "MINIT=1 RINIT=1 RSHUTDOWN=0 MSHUTDOWN=0 LSTART=1 LEND=0" (LSTART and LEND:
// the logical request callbacks, once per engine request in these modes).
struct lifecycle_counters {
    int minit = 0, rinit = 0, rshutdown = 0, mshutdown = 0, lstart = 0, lend = 0;
    std::string text() const {
        return "MINIT=" + std::to_string(minit) + " RINIT=" + std::to_string(rinit) +
            " RSHUTDOWN=" + std::to_string(rshutdown) + " MSHUTDOWN=" + std::to_string(mshutdown) +
            " LSTART=" + std::to_string(lstart) + " LEND=" + std::to_string(lend);
    }
};

inline void count_lifecycle(php::module& m, lifecycle_counters& c) {
    m.on_startup([&c] { ++c.minit; });
    m.on_request_start([&c] { ++c.rinit; });
    m.on_request_end([&c] { ++c.rshutdown; });
    m.on_shutdown([&c] { ++c.mshutdown; });
    m.on_logical_request_start([&c] { ++c.lstart; });
    m.on_logical_request_end([&c] { ++c.lend; });
}
