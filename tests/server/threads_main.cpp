// tests/server/threads_main.cpp — Runtime::serve() on the engine threads of a thread-safe engine:
// N threads, each serving M requests to docroot/thread.php at once, exit(), uncaught exceptions
// and fatal errors among them. Each response must be its own request's; the module's logical
// request callbacks must run once per request.
//
//   pb_serve_threads <docroot> [threads] [requests per thread] [--no-fatal]
//
// --no-fatal (memcheck): fatal errors bail out of the main script, whose compiled code the
// engine then leaves to the request heap, which does not exist with USE_ZEND_ALLOC=0.
#include <phpbind/phpbind.hpp>
#include <phpbind/server.hpp>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {
std::atomic<int> g_logical_start{0}, g_logical_end{0};
}

PHPBIND_EXTENSION(threads_host, m) {
    m.on_logical_request_start([] { ++g_logical_start; });
    m.on_logical_request_end([] { ++g_logical_end; });
}

namespace {

struct collect : php::http_response {
    int status = 0;
    std::string body;
    void start(int s, std::string_view, const std::vector<php::http_header>&) override { status = s; }
    bool write(std::string_view chunk) override {
        body.append(chunk);
        return true;
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: pb_serve_threads <docroot> [threads] [requests per thread] [--no-fatal]\n");
        return 2;
    }
    std::string docroot = argv[1];
    int threads = argc > 2 ? std::atoi(argv[2]) : 8;
    int per_thread = argc > 3 ? std::atoi(argv[3]) : 10000;
    bool fatal = !(argc > 4 && std::string(argv[4]) == "--no-fatal");
    php::runtime_options o;
    o.modules = {phpbind_module_threads_host()};
    o.ini = {{"display_errors", "1"}, {"log_errors", "0"}, {"output_buffering", "4096"}};
    php::Runtime rt(std::move(o));
    std::atomic<int> bad{0};
    std::mutex print;
    std::vector<std::thread> pool;
    static const char* const kinds[] = {"ok", "ok", "ok", "ok", "ok", "ok", "ok", "exit", "throw", "fatal"};
    for (int t = 0; t < threads; ++t) {
        pool.emplace_back([&, t] {
            php::engine_thread engine;
            for (int i = 0; i < per_thread; ++i) {
                std::string kind = kinds[(i + t) % 10];
                if (kind == "fatal" && !fatal) kind = "ok";
                std::string id = std::to_string(t) + ":" + std::to_string(i);
                php::http_request req;
                req.target = "/thread.php?t=" + std::to_string(t) + "&i=" + std::to_string(i) + "&kind=" + kind;
                req.headers = {{"Host", "threads.test"}};
                req.document_root = docroot;
                collect res;
                php::served s = rt.serve(req, res);
                bool ok = s.status == 200;
                if (kind == "ok") ok = ok && res.body == id + " ok 3\n" && s.exit_status == 0;
                else if (kind == "exit") ok = ok && res.body == id + " leaving\n" && s.exit_status == 3;
                else if (kind == "throw")
                    ok = ok && res.body.find("Uncaught RuntimeException: " + id + " in") != std::string::npos &&
                        s.exit_status == 255;
                else
                    ok = ok && res.body.find("Fatal error: " + id + " in") != std::string::npos && s.exit_status == 255;
                if (!ok && bad++ < 5) {
                    std::lock_guard lock(print);
                    std::printf("thread %d request %d (%s): status %d, exit %d, body %s\n", t, i, kind.c_str(),
                                s.status, s.exit_status, res.body.c_str());
                }
            }
        });
    }
    for (auto& th : pool) th.join();
    long total = static_cast<long>(threads) * per_thread;
    std::printf("%d threads x %d requests: %s\n", threads, per_thread,
                bad ? "some not as expected" : "each as expected");
    std::printf("logical requests: %s\n",
                g_logical_start == total && g_logical_end == total ? "one start and one end each" : "counts differ");
    return bad || g_logical_start != total || g_logical_end != total ? 1 : 0;
}
