// tests/embed/threads_main.cpp — a thread-safe engine (ZTS) embedded, with
// requests on several threads at once. Each php::engine_thread has its own
// module globals, built by the module's globals constructor for that thread
// (the engine's GINIT) and destroyed when the thread lets go (GSHUTDOWN);
// MINIT and MSHUTDOWN run once, RINIT and RSHUTDOWN once per request, on the
// request's thread. A fatal error, exit() or an exception in one thread's
// request ends that request only. Prints what it saw; tests/embed compares it.
#include <phpbind/phpbind.hpp>
#include <phpbind/runtime.hpp>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

std::atomic<int> g_minit{0}, g_mshutdown{0}, g_rinit{0}, g_rshutdown{0}, g_ginit{0}, g_gshutdown{0};
std::mutex g_mu;
std::vector<std::string> g_problems;

void problem(std::string what) {
    std::lock_guard<std::mutex> lock(g_mu);
    g_problems.push_back(std::move(what));
}

// One per thread (the module's globals).
struct PerThread {
    PerThread() { ++g_ginit; }
    ~PerThread() { ++g_gshutdown; }
    PerThread(const PerThread&) = delete;
    PerThread& operator=(const PerThread&) = delete;
    std::string owner;  // the first caller on this thread
    int64_t requests = 0;  // RINITs seen on this thread
    int64_t claims = 0;
};
php::globals<PerThread> per_thread;

// Returns how many times this thread's globals were claimed; -1 if another
// thread's name is already in them (globals shared between threads).
int64_t claim(const std::string& who) {
    PerThread& g = *per_thread;
    if (g.owner.empty()) g.owner = who;
    if (g.owner != who) return -1;
    return ++g.claims;
}
int64_t thread_requests() { return per_thread->requests; }

// A bound class and an enum, used from every thread at once.
enum class Side { Left, Right };
Side flip(Side s) { return s == Side::Left ? Side::Right : Side::Left; }
struct Tally {
    int64_t n = 0;
    int64_t add(int64_t k) { return n += k; }
};

}  // namespace

PHPBIND_EXTENSION(threads, m) {
    per_thread = m.globals<PerThread>();
    m.on_startup([] { ++g_minit; });
    m.on_request_start([] {
        ++g_rinit;
        ++per_thread->requests;
    });
    m.on_request_end([] { ++g_rshutdown; });
    m.on_shutdown([] { ++g_mshutdown; });
    m.def<&claim>("pb_claim", php::arg("who"));
    m.def<&thread_requests>("pb_thread_requests");
    m.enum_<Side>("Side").value("Left", Side::Left).value("Right", Side::Right);
    m.def<&flip>("pb_flip", php::arg("side"));
    m.class_<Tally>("Tally").def<&Tally::add>("add", php::arg("k")).property<&Tally::n>("n");
}

namespace {

constexpr int kThreads = 4;
constexpr int kRequests = 30;

// Whether requests end in fatal errors too: not under valgrind, where the
// engine's own allocations of a request a fatal error cut short (the script
// being compiled) are lost with USE_ZEND_ALLOC=0.
bool g_fatal = true;

// The requests one thread runs: ordinary work, then, in turn, an uncaught
// exception, exit() and a fatal error, each ending its request only.
void work(php::Runtime& rt, const std::string& who) {
    for (int i = 1; i <= kRequests; ++i) {
        int status = rt.request([&] {
            const int64_t n = php::call<int64_t>("pb_claim", who);
            if (n != i) problem(who + ": request " + std::to_string(i) + " saw claim count " + std::to_string(n));
            if (php::call<int64_t>("pb_thread_requests") != i) problem(who + ": RINIT count of this thread is wrong");
            // A bound object and enum cases crossing C++ both ways.
            php::Value t = rt.eval("$t = new Tally; for ($k = 1; $k <= 10; $k++) $t->add($k);"
                                   "return $t->n + (pb_flip(Side::Left) === Side::Right ? 1000 : 0)"
                                   " + (pb_flip(pb_flip(Side::Right)) === Side::Right ? 10000 : 0);");
            if (!t.view().is_int() || t.view().as_int() != 11055) problem(who + ": the class or enum misbehaved");
            // Request memory, objects, interned strings, an exception caught in PHP.
            php::Value v = rt.eval(
                "$a = []; for ($k = 0; $k < 200; $k++) { $a['k' . $k] = new ArrayObject([$k, str_repeat('x', $k)]); }"
                "try { throw new RuntimeException('caught'); } catch (RuntimeException $e) {}"
                "return count($a) . ':' . strlen(json_encode(array_map(fn($o) => $o[1], $a)));");
            if (!v.view().is_string() || v.view().as_string() != "200:21791") {
                problem(who + ": eval returned something else");
            }
            switch (i % 10) {
            case 3: rt.eval("throw new LogicException('uncaught in " + who + "');"); break;
            case 6: rt.eval("exit(7);"); break;
            case 9:
                if (g_fatal) rt.eval("function strlen() {}");  // fatal: cannot redeclare
                break;
            default: break;
            }
        });
        const int expected = i % 10 == 3 || (i % 10 == 9 && g_fatal) ? 255 : i % 10 == 6 ? 7 : 0;
        if (status != expected) {
            problem(who + ": request " + std::to_string(i) + " ended with status " + std::to_string(status));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--no-fatal") g_fatal = false;
    {
        // Engine errors are neither shown nor logged: the counts are what is compared.
        php::runtime_options options;
        options.ini = {{"display_errors", "0"}, {"log_errors", "0"}};
        options.modules = {phpbind_module_threads()};
        php::Runtime rt(options);
        try {
            php::engine_thread again;  // the Runtime's own thread has the engine's globals already
            problem("engine_thread on the runtime's thread was accepted");
        } catch (const php::error& e) {
            std::printf("runtime thread: %s\n", e.what());
        }
        std::thread outsider([&] {
            try {
                rt.request([] {});
                problem("a request on a thread without engine_thread ran");
            } catch (const php::error& e) {
                std::printf("plain thread: %s\n", e.what());
            }
        });
        outsider.join();

        std::vector<std::thread> pool;
        for (int t = 0; t < kThreads; ++t) {
            pool.emplace_back([&rt, t] {
                php::engine_thread scope;
                work(rt, "thread" + std::to_string(t));
            });
        }
        work(rt, "main");
        for (auto& th : pool) th.join();
        std::printf("after the threads: MINIT=%d RINIT=%d RSHUTDOWN=%d GINIT=%d GSHUTDOWN=%d requests=%llu\n",
                    g_minit.load(), g_rinit.load(), g_rshutdown.load(), g_ginit.load(), g_gshutdown.load(),
                    static_cast<unsigned long long>(rt.requests()));
    }
    std::printf("after the runtime: MINIT=%d MSHUTDOWN=%d GINIT=%d GSHUTDOWN=%d\n", g_minit.load(), g_mshutdown.load(),
                g_ginit.load(), g_gshutdown.load());
    for (const auto& p : g_problems) std::printf("problem: %s\n", p.c_str());
    return g_problems.empty() ? 0 : 1;
}
