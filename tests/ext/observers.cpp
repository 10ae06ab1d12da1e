// tests/ext/observers.cpp — the observer API: call observers (filter, begin,
// end) and the error observer, each recording what it saw into a log that
// pb_obs_log() hands to PHP (tests/phpt/observers/).
#include "test_ext.hpp"
#include <phpbind/observer.hpp>

#include <string>
#include <vector>

namespace {

std::vector<std::string> g_log;  // this request's records; cleared when a request starts
bool g_errors = false;  // whether the error observer records
int64_t g_filtered = 0;  // how many times the filter ran

std::string render(php::ValueView v) {
    switch (v.type()) {
    case php::Type::int_: return std::to_string(v.as_int());
    case php::Type::string: return "'" + std::string(v.as_string()) + "'";
    case php::Type::null: return "null";
    case php::Type::true_: return "true";
    case php::Type::false_: return "false";
    default: return v.type_name();
    }
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// Once per function: user functions named obs_*, methods of ObsTarget, and
// the internal pb_obs_internal and exit (a function from PHP 8.4 on).
bool wanted(php::Frame f) {
    ++g_filtered;
    if (f.is_internal()) return f.name() == "pb_obs_internal" || f.name() == "exit";
    return starts_with(f.name(), "obs_") || f.class_name() == "ObsTarget";
}

void enter(php::Frame f) {
    std::string line = "begin " + f.qualified_name() + "(";
    for (uint32_t i = 0; i < f.arg_count(); ++i) line += (i ? ", " : "") + render(f.arg(i));
    g_log.push_back(line + ")");
    if (f.name() == "obs_begin_throws") throw php::runtime_exception("thrown by the begin observer");
    if (f.name() == "obs_begin_calls_php") {
        // An observer may call PHP: the result is logged.
        g_log.push_back("  strtoupper: " + php::call<std::string>("strtoupper", "called"));
    }
    if (f.name() == "obs_begin_calls_throwing_php") php::call("obs_thrower");
    if (f.name() == "obs_matrix_begin") php::call("pb_edge_cb");  // the crossing matrix (edges/)
}

void leave(php::Frame f, php::ValueView* result) {
    g_log.push_back("end " + f.qualified_name() + (result ? " = " + render(*result) : std::string(" (no result)")) +
                    (EG(exception) ? " [exception in flight]" : ""));
    if (f.name() == "obs_end_throws") throw php::logic_exception("thrown by the end observer");
    if (f.name() == "obs_matrix_end") php::call("pb_edge_cb");
}

void on_error(const php::error_report& e) {
    if (!g_errors) return;
    g_log.push_back("error " + std::to_string(e.type) + ": " + std::string(e.message));
    if (e.message == "obs_matrix_error") php::call("pb_edge_cb");
}

std::vector<std::string> log_and_clear() {
    std::vector<std::string> out;
    out.swap(g_log);
    return out;
}

int64_t pb_obs_internal(int64_t x) { return checked_mul(x, 2); }

}  // namespace

void register_observers(php::module& m) {
    m.observe_calls<&wanted, &enter, &leave>();
    m.observe_errors<&on_error>();
    m.on_request_start([] {
        g_log.clear();
        g_errors = false;
    });
    m.def<&log_and_clear>("pb_obs_log");
    m.def("pb_obs_errors", [](bool on) { g_errors = on; });
    m.def("pb_obs_filtered", [] { return g_filtered; });
    m.def<&pb_obs_internal>("pb_obs_internal", php::arg("x"));
}
