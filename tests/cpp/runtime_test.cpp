// tests/cpp/runtime_test.cpp — php::Runtime: the engine embedded in a C++
// program, with two phpbind modules registered as startup modules.
//
// Built with PHPBIND_NO_GET_MODULE: modules linked into a program export no
// get_module; the runtime takes their entries directly.
#include <phpbind/phpbind.hpp>
#include <phpbind/runtime.hpp>

#include <gtest/gtest.h>

#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define PHPBIND_HAVE_MEMCHECK 1
#else
#define PHPBIND_HAVE_MEMCHECK 0
#endif

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

std::vector<std::string> g_events;
int64_t g_calls_in_shutdown = 0;
// phpbind's request state is shared by the modules linked into one program:
// retained values are released after the *last* module's RSHUTDOWN.
php::Static<php::Retained<php::Array>> g_retained;
bool g_retained_at_beta_end = false;

int64_t twice(int64_t x) { return 2 * x; }

struct Tally {
    int64_t n = 0;
    int64_t add(int64_t by) { return n += by; }
};
int64_t shutdown_probe() { return ++g_calls_in_shutdown; }

}  // namespace

PHPBIND_EXTENSION(rt_alpha, m) {
    m.version("1.0");
    m.def<&twice>("alpha_twice", php::arg("x"));
    m.def<&shutdown_probe>("alpha_probe");
    m.class_<Tally>("AlphaTally").def<&Tally::add>("add", php::arg("by")).property<&Tally::n>("n");
    m.on_startup([] { g_events.push_back("alpha MINIT"); });
    m.on_request_start([] { g_events.push_back("alpha RINIT"); });
    m.on_request_end([] { g_events.push_back("alpha RSHUTDOWN"); });
    m.on_shutdown([] { g_events.push_back("alpha MSHUTDOWN"); });
}

PHPBIND_EXTENSION(rt_beta, m) {
    m.on_startup([] { g_events.push_back("beta MINIT"); });
    m.on_request_start([] { g_events.push_back("beta RINIT"); });
    m.on_request_end([] {
        g_events.push_back("beta RSHUTDOWN");
        g_retained_at_beta_end = g_retained->has_value();
    });
    m.on_shutdown([] { g_events.push_back("beta MSHUTDOWN"); });
}

namespace {

php::runtime_options options(std::string* out = nullptr) {
    php::runtime_options o;
    o.modules = {phpbind_module_rt_alpha(), phpbind_module_rt_beta()};
    if (out) o.output = [out](std::string_view s) { out->append(s); };
    return o;
}

size_t count(const std::string& event) {
    size_t n = 0;
    for (auto& e : g_events) n += e == event;
    return n;
}

TEST(Runtime, EveryModuleCallbackRunsOncePerProcessOrRequestInTheEnginesOrder) {
    g_events.clear();
    {
        php::Runtime rt(options());
        EXPECT_EQ(g_events, (std::vector<std::string>{"alpha MINIT", "beta MINIT"}));
        for (int i = 0; i < 3; ++i) {
            EXPECT_EQ(rt.request([] {}), 0);
        }
        EXPECT_EQ(rt.requests(), 3u);
    }
    EXPECT_EQ(count("alpha MINIT"), 1u);
    EXPECT_EQ(count("beta MINIT"), 1u);
    EXPECT_EQ(count("alpha RINIT"), 3u);
    EXPECT_EQ(count("beta RINIT"), 3u);
    EXPECT_EQ(count("alpha RSHUTDOWN"), 3u);
    EXPECT_EQ(count("beta RSHUTDOWN"), 3u);
    EXPECT_EQ(count("alpha MSHUTDOWN"), 1u);
    EXPECT_EQ(count("beta MSHUTDOWN"), 1u);
    // Within a request: startup in registration order, shutdown in reverse.
    std::vector<std::string> first(g_events.begin() + 2, g_events.begin() + 6);
    EXPECT_EQ(first, (std::vector<std::string>{"alpha RINIT", "beta RINIT", "beta RSHUTDOWN", "alpha RSHUTDOWN"}));
    EXPECT_EQ(g_events.back(), "alpha MSHUTDOWN");
}

TEST(Runtime, RequestsAreFreshAndBoundFunctionsWork) {
    std::string out;
    php::Runtime rt(options(&out));
    rt.request([&] {
        rt.eval("$GLOBALS['kept'] = 'from request 1'; echo alpha_twice(21), \"\\n\";");
        EXPECT_EQ(rt.eval("return isset($kept);").view().as_bool(), true);
    });
    rt.request([&] {
        EXPECT_FALSE(rt.eval("return isset($kept);").view().as_bool()) << "globals do not leak between requests";
        rt.eval("function in_request_two($x) { return $x . '!'; }");
        EXPECT_EQ(php::call<std::string>("in_request_two", "hi"), "hi!");
        EXPECT_EQ(php::call<int64_t>("alpha_twice", 4), 8);
    });
    rt.request([&] { EXPECT_FALSE(rt.eval("return function_exists('in_request_two');").view().as_bool()); });
    EXPECT_EQ(out, "42\n");
}

TEST(Runtime, ExceptionsReachCppAndFatalErrorsAndExitEndOnlyTheirRequest) {
    std::string out;
    php::Runtime rt(options(&out));
    rt.request([&] {
        try {
            rt.eval("throw new DomainException('from PHP', 5);");
            ADD_FAILURE() << "the exception must reach C++";
        } catch (const php::error_already_set& e) {
            EXPECT_EQ(e.class_name(), "DomainException");
            EXPECT_EQ(e.message(), "from PHP");
            EXPECT_EQ(e.code(), 5);
        }
    });
    EXPECT_EQ(
        rt.request([&] { rt.eval("register_shutdown_function(function () { echo 'shutdown ran;'; }); exit(3);"); }), 3);
    bool after = false;
    EXPECT_EQ(rt.request([&] {
        rt.eval("trigger_error('fatal in request', E_USER_ERROR);");
        after = true;
    }),
              255);
    EXPECT_FALSE(after) << "C++ code after a fatal error does not run";
    EXPECT_EQ(rt.request([&] { EXPECT_EQ(rt.eval("return 6 * 7;").view().as_int(), 42); }), 0)
        << "the next request runs normally";
    EXPECT_NE(out.find("shutdown ran;"), std::string::npos);
    EXPECT_NE(out.find("Fatal error: fatal in request"), std::string::npos);
}

TEST(Runtime, WhatTheBodyLetsEscapeEndsOnlyItsRequest) {
    std::string out;
    php::Runtime rt(options(&out));
    // A PHP exception nobody caught: reported as PHP reports an uncaught one, status 255.
    EXPECT_EQ(rt.request([&] { rt.eval("throw new RuntimeException('boom');"); }), 255);
    EXPECT_NE(out.find("Uncaught RuntimeException: boom"), std::string::npos) << out;
    // The user exception handler sees it first, as in a script.
    out.clear();
    rt.request([&] {
        rt.eval("set_exception_handler(function ($e) { echo 'handled ', $e->getMessage(), ';'; });");
        rt.eval("throw new LogicException('late');");
    });
    EXPECT_NE(out.find("handled late;"), std::string::npos) << out;
    // A C++ exception that is not PHP's: the request ends (shutdown functions
    // run), then the host gets it back.
    out.clear();
    try {
        rt.request([&] {
            rt.eval("register_shutdown_function(function () { echo 'shutdown ran;'; });");
            throw std::runtime_error("host failure");
        });
        ADD_FAILURE() << "the host's exception must come back";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "host failure");
    }
    EXPECT_NE(out.find("shutdown ran;"), std::string::npos) << out;
    EXPECT_FALSE(rt.in_request());
    // exit() and a fatal error the body swallowed still end the request with their status.
    EXPECT_EQ(rt.request([&] {
        try {
            rt.eval("exit(7);");
        } catch (...) {}
    }),
              7);
    EXPECT_EQ(rt.request([&] {
        try {
            rt.eval("trigger_error('swallowed fatal', E_USER_ERROR);");
        } catch (...) {}
    }),
              255);
    EXPECT_EQ(rt.request([&] { EXPECT_EQ(rt.eval("return 6 * 7;").view().as_int(), 42); }), 0)
        << "the next request runs normally";
}

TEST(Runtime, RunsScriptFilesAndReportsErrorsToTheHost) {
    std::string out;
    std::vector<std::string> errors;
    auto o = options(&out);
    o.on_error = [&](const php::error_report& r) { errors.push_back(std::string(r.message)); };
    php::Runtime rt(o);
    const std::string path = testing::TempDir() + "phpbind_runtime_script.php";
    std::ofstream(path) << "<?php\necho 'script says ', alpha_twice(5), \"\\n\";\n$x = [] + null;\n";
    int from_run_file = -1;
    int status = rt.request([&] { from_run_file = rt.run_file(path); });
    EXPECT_EQ(status, 255);  // the TypeError above is uncaught
    EXPECT_EQ(from_run_file, 255) << "run_file returns the script's exit status so far";
    EXPECT_NE(out.find("script says 10"), std::string::npos);
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors.back().find("Unsupported operand types"), std::string::npos);
    std::remove(path.c_str());
}

TEST(Runtime, OneAtATimeAndOneAfterAnother) {
    {
        php::Runtime first(options());
        EXPECT_THROW(php::Runtime second(options()), php::error);
        EXPECT_EQ(php::Runtime::active(), &first);
    }
    EXPECT_EQ(php::Runtime::active(), nullptr);
    // A second runtime registers the modules again: functions, classes with
    // their methods and properties.
    php::Runtime again(options());
    EXPECT_EQ(again.request([&] {
        EXPECT_EQ(again.eval("return alpha_twice(2);").view().as_int(), 4);
        EXPECT_EQ(again.eval("$t = new AlphaTally; $t->add(2); return $t->add(3) + $t->n;").view().as_int(), 10);
    }),
              0);
}

TEST(Runtime, PhpinfoIsHtmlAsTheEmbedSapiPrintsItOrTextAsTheCliDoes) {
    for (bool text : {false, true}) {
        std::string out;
        php::runtime_options o = options(&out);
        o.phpinfo_as_text = text;
        php::Runtime rt(std::move(o));
        EXPECT_EQ(rt.request([&] { rt.eval("phpinfo(INFO_MODULES);"); }), 0);
        EXPECT_EQ(out.find("<table") != std::string::npos, !text) << out.substr(0, 200);
        EXPECT_EQ(out.find("rt_alpha\n") != std::string::npos, text) << out.substr(0, 200);
    }
}

TEST(Runtime, SharedStateIsSetUpByTheFirstModuleAndTornDownByTheLast) {
    php::Runtime rt(options());
    rt.request([&] {
        php::Array a;
        a.push_back(1);
        g_retained->reset(a);
        EXPECT_TRUE(g_retained->has_value());
    });
    // beta's RSHUTDOWN runs first (reverse order); alpha's is the last.
    EXPECT_TRUE(g_retained_at_beta_end) << "released only after the last module's request shutdown";
    EXPECT_FALSE(g_retained->has_value()) << "released when the request ended";
}

// What the process holds, in KiB. Under memcheck: the live client heap, which a summary leak
// search counts exactly. Resident memory there is memcheck's own arena, which also holds the
// queue of freed blocks it keeps to catch use after free and fragments slowly over thousands of
// requests (1.2 MiB over 9,000 on a debug engine) without any block being kept alive. Outside
// memcheck: resident memory, which also sees the Zend allocator's chunks.
long held_kb() {
#if PHPBIND_HAVE_MEMCHECK
    if (RUNNING_ON_VALGRIND) {
        VALGRIND_DO_QUICK_LEAK_CHECK;
        unsigned long leaked = 0, dubious = 0, reachable = 0, suppressed = 0;
        VALGRIND_COUNT_LEAKS(leaked, dubious, reachable, suppressed);
        return static_cast<long>((leaked + dubious + reachable + suppressed) / 1024);
    }
#endif
    std::ifstream f("/proc/self/statm");
    long pages = 0, resident = 0;
    f >> pages >> resident;
    return resident * 4;
}

// The growth allowed: the live heap is exact (8 bytes kept per request would exceed it), resident
// memory moves by whole pages and with the allocators' caches.
long held_slack_kb() {
#if PHPBIND_HAVE_MEMCHECK
    if (RUNNING_ON_VALGRIND) return 64;
#endif
    return 1024;
}

TEST(Runtime, MemoryStaysFlatOverManyRequests) {
    php::Runtime rt(options());
    auto one = [&] {
        rt.request([&] {
            rt.eval("$a = range(1, 100); $s = str_repeat('x', 1000); $o = new ArrayObject($a); alpha_twice(1);");
        });
        g_events.clear();  // the test's own log would otherwise grow
    };
    for (int i = 0; i < 1000; ++i) one();
    long before = held_kb();
    for (int i = 0; i < 9000; ++i) one();
    long after = held_kb();
    EXPECT_LT(after - before, held_slack_kb())
        << "memory held grew by " << (after - before) << " KiB over 9,000 requests";
    EXPECT_EQ(rt.requests(), 10000u);
}

// Placed last: the scripts it writes and requires would otherwise run in the
// process before the memory test above measures its growth.
TEST(Runtime, RunFileReturnsTheExitStatusAndRequireGivesTheReturnValue) {
    php::Runtime rt(options());
    const std::string ok = testing::TempDir() + "phpbind_runtime_return.php";
    // A script that ends normally gives 0, one that calls exit() its status; the value of its
    // `return` comes through eval() of a require.
    std::ofstream(ok) << "<?php\nreturn ['answer' => alpha_twice(21)];\n";
    EXPECT_EQ(rt.request([&] {
        EXPECT_EQ(rt.run_file(ok), 0);
        php::Value v = rt.eval("return require '" + ok + "';");
        EXPECT_EQ(v.view().as_array().at("answer").as_int(), 42);
    }),
              0);
    std::ofstream(ok) << "<?php\nexit(3);\n";
    int from_exit = -1;
    EXPECT_EQ(rt.request([&] { from_exit = rt.run_file(ok); }), 3);
    EXPECT_EQ(from_exit, 3);
    std::remove(ok.c_str());
}

}  // namespace
