// tests/ext/second.cpp — a second, independent extension (phpbind_second),
// loaded next to phpbind_test to show two phpbind extensions in one process,
// each with its own lifecycle. Checked by tests/phpt/module/two_extensions.phpt.
#include <phpbind/phpbind.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
int g_rinit = 0;
void log_event(const char* what) {
    if (const char* path = std::getenv("PHPBIND_TEST_LIFECYCLE_LOG")) {
        if (FILE* f = std::fopen(path, "a")) {
            std::fprintf(f, "second %s\n", what);
            std::fclose(f);
        }
    }
}
std::string hello(std::string_view who) { return "second says hello to " + std::string(who); }
int64_t requests_seen() { return g_rinit; }
}  // namespace

PHPBIND_EXTENSION(phpbind_second, m) {
    m.version("2.0.0");
    m.def<&hello>("second_hello", php::arg("who"));
    m.def<&requests_seen>("second_requests_seen");
    m.on_startup([] { log_event("MINIT"); });
    m.on_request_start([] {
        ++g_rinit;
        log_event("RINIT");
    });
    m.on_request_end([] { log_event("RSHUTDOWN"); });
    m.on_shutdown([] { log_event("MSHUTDOWN"); });
}
