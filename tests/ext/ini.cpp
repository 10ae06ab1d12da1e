// tests/ext/ini.cpp — INI entries of every type and flag, validators, and
// module globals with a per-request reset. Checked by tests/phpt/ini/*.phpt.
//
// The globals' constructor and destructor count themselves; when
// PHPBIND_TEST_LIFECYCLE_LOG names a file, each also appends a line to it, so
// a test can see that they ran once per process, around MINIT and MSHUTDOWN.
#include "test_ext.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

int g_ctors = 0, g_dtors = 0;

void log_line(const std::string& line) {
    const char* path = std::getenv("PHPBIND_TEST_LIFECYCLE_LOG");
    if (!path || !*path) return;
    if (FILE* f = std::fopen(path, "a")) {
        std::fprintf(f, "%s\n", line.c_str());
        std::fclose(f);
    }
}

// Request state kept per thread: reset() runs at every request start.
struct Counters {
    int64_t calls = 0;
    std::string last;
    Counters() {
        ++g_ctors;
        log_line("GLOBALS constructed ctors=" + std::to_string(g_ctors) + " dtors=" + std::to_string(g_dtors));
    }
    ~Counters() {
        ++g_dtors;
        log_line("GLOBALS destroyed ctors=" + std::to_string(g_ctors) + " dtors=" + std::to_string(g_dtors));
    }
    Counters(const Counters&) = delete;
    Counters& operator=(const Counters&) = delete;
    void reset() {
        calls = 0;
        last.clear();
    }
};

php::ini<int64_t> level;
php::ini<int64_t> limit;
php::ini<bool> enabled;
php::ini<double> ratio;
php::ini<std::string> greeting;
php::ini<std::string> mode;
php::ini<std::string> path;
php::ini<int64_t> perdir;
php::ini<std::string> system_only;
php::globals<Counters> counters;
php::globals<std::vector<int64_t>> seen;  // cleared by a callback at every request start

int64_t level_at_startup = -1;

php::Value ini_value(std::string_view which) {
    if (which == "level") return php::Value(*level);
    if (which == "limit") return php::Value(limit.get());
    if (which == "enabled") return php::Value(*enabled);
    if (which == "ratio") return php::Value(*ratio);
    if (which == "greeting") return php::Value(*greeting);
    if (which == "mode") return php::Value(mode.get());
    if (which == "path") return php::Value(*path);
    if (which == "perdir") return php::Value(*perdir);
    if (which == "system_only") return php::Value(*system_only);
    throw php::value_error("no INI entry called " + std::string(which));
}

int64_t hit(std::string who) {
    counters->last = std::move(who);
    return ++counters->calls;
}
std::string counters_state() { return "calls=" + std::to_string(counters->calls) + " last=" + counters->last; }
int64_t remember(int64_t n) {
    seen->push_back(n);
    return static_cast<int64_t>(seen->size());
}
std::string globals_lifecycle() { return "ctors=" + std::to_string(g_ctors) + " dtors=" + std::to_string(g_dtors); }
int64_t ini_level_at_startup() { return level_at_startup; }

}  // namespace

void register_ini(php::module& m) {
    level = m.ini<int64_t>("phpbind_test.level", 3).range(0, 9);
    // Validators chain: each must accept, the first to refuse gives the reason.
    limit = m.ini<int64_t>("phpbind_test.limit", 1 << 20)
                .validate([](int64_t v) { return v != 0; }, "must not be 0")
                .range(-(int64_t{1} << 40), int64_t{1} << 40);
    enabled = m.ini<bool>("phpbind_test.enabled", true);
    ratio = m.ini<double>("phpbind_test.ratio", 0.5).range(0.0, 1.0);
    greeting = m.ini<std::string>("phpbind_test.greeting", "hello");
    mode = m.ini<std::string>("phpbind_test.mode", "fast")
               .validate([](const std::string& v) { return v == "fast" || v == "safe"; }, "must be fast or safe");
    path = m.ini<std::string>("phpbind_test.path", "/tmp").validate([](const std::string& v) {
        if (v.empty() || v[0] != '/') throw std::invalid_argument("must be an absolute path");
        return true;
    });
    perdir = m.ini<int64_t>("phpbind_test.perdir", 10, PHP_INI_PERDIR);
    system_only = m.ini<std::string>("phpbind_test.system_only", "fixed", PHP_INI_SYSTEM);

    counters = m.globals<Counters>();
    seen = m.globals<std::vector<int64_t>>([](std::vector<int64_t>& v) { v.clear(); });

    // Startup callbacks run after the INI entries are registered.
    m.on_startup([] { level_at_startup = *level; });
    m.on_shutdown([] { log_line("GLOBALS at MSHUTDOWN " + globals_lifecycle()); });

    m.def<&ini_value>("pb_ini_value", php::arg("which"));
    m.def<&hit>("pb_globals_hit", php::arg("who"));
    m.def<&counters_state>("pb_globals_state");
    m.def<&remember>("pb_globals_remember", php::arg("n"));
    m.def<&globals_lifecycle>("pb_globals_lifecycle");
    m.def<&ini_level_at_startup>("pb_ini_level_at_startup");
}
