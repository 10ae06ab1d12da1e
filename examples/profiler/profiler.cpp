// examples/profiler — a call profiler on the engine's observer API.
//
// With profiler.enabled=1 every call of the request is timed (steady clock):
// calls, inclusive time (a recursive function's outermost call only) and
// self time per function. At the end of the request the top rows are written
// to profiler.output (a file; stderr when empty); Profiler\report() returns
// the figures so far to PHP code.
#include <phpbind/phpbind.hpp>
#include <phpbind/observer.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

php::ini<bool> enabled;
php::ini<int64_t> top;
php::ini<std::string> output;

using clock = std::chrono::steady_clock;

struct function_stats {
    std::string name;
    int64_t calls = 0;
    int64_t inclusive_ns = 0;
    int64_t self_ns = 0;
    int depth = 0;  // calls of it now running (recursion counts its time once)
};

struct open_call {
    size_t index;
    clock::time_point start;
    int64_t children_ns = 0;
};

// This request's figures: module globals, so each thread of a thread-safe
// engine has its own; reset() runs when a request starts.
struct request_profile {
    std::unordered_map<const void*, size_t> index;  // per function: its row
    std::vector<function_stats> rows;
    std::vector<open_call> stack;

    void reset() {
        index.clear();
        rows.clear();
        stack.clear();
    }
};
php::globals<request_profile> profile;

// Closures made from one declaration share its opcodes; internal functions are
// their zend_function. Either lives at least as long as the request.
const void* key_of(const zend_function* f) {
    return f->type == ZEND_USER_FUNCTION ? static_cast<const void*>(f->op_array.opcodes) : f;
}

bool wanted(php::Frame) { return enabled.get(); }

void enter(php::Frame f) {
    auto [it, added] = profile->index.try_emplace(key_of(f.function()), profile->rows.size());
    if (added) profile->rows.push_back({f.is_file() ? "{file} " + f.qualified_name() : f.qualified_name()});
    function_stats& s = profile->rows[it->second];
    ++s.calls;
    ++s.depth;
    profile->stack.push_back({it->second, clock::now()});
}

void leave(php::Frame, php::ValueView*) {
    if (profile->stack.empty()) return;  // a call that started before the figures were reset
    const open_call c = profile->stack.back();
    profile->stack.pop_back();
    const int64_t elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - c.start).count();
    function_stats& s = profile->rows[c.index];
    if (--s.depth == 0) s.inclusive_ns += elapsed;
    s.self_ns += elapsed - c.children_ns;
    if (!profile->stack.empty()) profile->stack.back().children_ns += elapsed;
}

std::vector<const function_stats*> ranked() {
    std::vector<const function_stats*> out;
    for (const auto& r : profile->rows) out.push_back(&r);
    // Ties keep first-call order: the rows live in one vector, in the order they were first seen.
    std::sort(out.begin(), out.end(), [](const function_stats* a, const function_stats* b) {
        if (a->inclusive_ns != b->inclusive_ns) return a->inclusive_ns > b->inclusive_ns;
        if (a->calls != b->calls) return a->calls > b->calls;
        return a < b;
    });
    return out;
}

// Profiler\report(): function name => [calls, inclusive_ns, self_ns], highest inclusive time first.
php::Value report() {
    php::Array out;
    for (const function_stats* s : ranked()) {
        php::Array row;
        row.set("calls", s->calls);
        row.set("inclusive_ns", s->inclusive_ns);
        row.set("self_ns", s->self_ns);
        out.set(s->name, std::move(row));
    }
    return php::Value(std::move(out));
}

void write_report() {
    if (profile->rows.empty()) return;
    const std::string& path = output.get();
    FILE* f = path.empty() ? stderr : std::fopen(path.c_str(), "a");
    if (!f) return;  // nowhere to write at request end; nothing to raise it to
    std::fprintf(f, "%-48s %10s %14s %14s\n", "function", "calls", "inclusive ms", "self ms");
    const auto rows = ranked();
    const size_t n = std::min<size_t>(rows.size(), static_cast<size_t>(std::max<int64_t>(top.get(), 0)));
    for (size_t i = 0; i < n; ++i) {
        const function_stats* s = rows[i];
        std::fprintf(f, "%-48s %10lld %14.3f %14.3f\n", s->name.c_str(), static_cast<long long>(s->calls),
                     static_cast<double>(s->inclusive_ns) / 1e6, static_cast<double>(s->self_ns) / 1e6);
    }
    if (f != stderr) std::fclose(f);
}

}  // namespace

PHPBIND_EXTENSION(profiler, m) {
    m.version("1.0.0");
    // Read when a function is first called in a request: not changeable by ini_set().
    enabled = m.ini<bool>("profiler.enabled", false, PHP_INI_SYSTEM | PHP_INI_PERDIR);
    top = m.ini<int64_t>("profiler.top", 20).range(0, 1000000);
    output = m.ini<std::string>("profiler.output", "", PHP_INI_SYSTEM | PHP_INI_PERDIR);
    m.observe_calls<&wanted, &enter, &leave>();
    m.def<&report>("Profiler\\report");
    profile = m.globals<request_profile>();
    m.def("Profiler\\reset", [] { profile->reset(); });
    m.on_request_end([] {
        write_report();
        profile->reset();
    });
    m.info([](php::info_table& t) { t.row("Observer", "zend_observer_fcall_register"); });
}
