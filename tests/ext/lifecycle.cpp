// tests/ext/lifecycle.cpp — module lifecycle callbacks, phpinfo() rows.
// Checked by tests/phpt/module/*.phpt.
//
// Each callback bumps a counter; when PHPBIND_TEST_LIFECYCLE_LOG names a file,
// each also appends a line to it, so a test can check what happened after the
// process ended (MSHUTDOWN runs after the script's last output).
#include "test_ext.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct counts {
    int startup = 0, shutdown = 0, request_start = 0, request_end = 0, logical_start = 0, logical_end = 0;
} g_counts;

void log_event(const char* what) {
    const char* path = std::getenv("PHPBIND_TEST_LIFECYCLE_LOG");
    if (!path || !*path) return;
    if (FILE* f = std::fopen(path, "a")) {
        std::fprintf(f, "%s minit=%d rinit=%d rshutdown=%d mshutdown=%d\n", what, g_counts.startup,
                     g_counts.request_start, g_counts.request_end, g_counts.shutdown);
        std::fclose(f);
    }
}

std::string lifecycle_counts() {
    return "minit=" + std::to_string(g_counts.startup) + " rinit=" + std::to_string(g_counts.request_start) +
        " rshutdown=" + std::to_string(g_counts.request_end) + " mshutdown=" + std::to_string(g_counts.shutdown);
}

// Logical requests: under a SAPI (CLI, php -S, php-fpm) each engine request is one.
std::string logical_counts() {
    return "logical start=" + std::to_string(g_counts.logical_start) + " end=" + std::to_string(g_counts.logical_end) +
        " rinit=" + std::to_string(g_counts.request_start) + " rshutdown=" + std::to_string(g_counts.request_end);
}

}  // namespace

void register_lifecycle(php::module& m) {
    m.on_startup([] {
        ++g_counts.startup;
        log_event("MINIT");
    });
    m.on_shutdown([] {
        ++g_counts.shutdown;
        log_event("MSHUTDOWN");
    });
    m.on_request_start([] {
        ++g_counts.request_start;
        log_event("RINIT");
    });
    m.on_request_end([] {
        ++g_counts.request_end;
        log_event("RSHUTDOWN");
    });
    // Callbacks of one kind run in order (startup) and reverse order (shutdown).
    m.on_startup([] { log_event("MINIT-second"); });
    m.on_shutdown([] { log_event("MSHUTDOWN-second"); });
    m.on_logical_request_start([] { ++g_counts.logical_start; });
    m.on_logical_request_end([] { ++g_counts.logical_end; });
    m.def<&lifecycle_counts>("pb_lifecycle_counts");
    m.def<&logical_counts>("pb_logical_counts");
    m.info([](php::info_table& t) {
        t.row("Test rows", "yes");
        t.row("Requests seen", std::to_string(g_counts.request_start));
    });
}
