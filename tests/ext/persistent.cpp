// tests/ext/persistent.cpp — data that outlives the request: php::Persistent
// (detached copies), php::Retained<T>, php::Static<T>; and, in a PHPBIND_DEBUG
// build, functions that break the lifetime rules on purpose so the debug
// checks can be seen to fire. Checked by tests/phpt/persistent/*.phpt.
#include "test_ext.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include <sys/resource.h>

namespace {

php::Static<std::map<std::string, php::Persistent>> g_store;

void store(std::string key, php::ValueView value) { (*g_store)[key] = php::Persistent::detach(value, "$" + key); }
php::Persistent fetch(const std::string& key) {
    auto it = g_store->find(key);
    if (it == g_store->end()) throw php::out_of_bounds_exception("no detached value under '" + key + "'");
    return it->second;
}
bool forget(const std::string& key) { return g_store->erase(key) > 0; }
int64_t stored_bytes(const std::string& key) { return static_cast<int64_t>(fetch(key).memory_size()); }
// The process's peak resident memory so far (detached data lives outside the
// engine's memory manager, so memory_get_peak_usage() does not see it).
int64_t peak_rss_kb() {
#ifdef __wasi__
    return 0;  // (wasi-libc's rusage has no ru_maxrss; the persistent topic does not run in wasm)
#else
    struct rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<int64_t>(u.ru_maxrss);
#endif
}
// A Persistent parameter detaches the argument.
std::string detach_arg(php::Persistent p) { return p.view().type_name(); }

php::Static<php::Retained<php::Callable>> g_listener;
php::Static<php::Retained<php::Object>> g_object;

void set_listener(php::Callable cb) { g_listener->reset(cb); }
php::Value notify(php::ValueView event) {
    if (auto cb = g_listener->get()) return (*cb)(event);
    return php::Value("no listener");
}
void keep_object(php::Object o) { g_object->reset(o); }
bool has_object() { return g_object->has_value(); }

#ifdef PHPBIND_DEBUG
// Each of these breaks a rule the debug build checks.
std::optional<php::ValueView> g_view;  // a borrowed view kept past its request
php::Value* g_value = nullptr;  // an owned request value kept past its request

void debug_keep_view(php::ValueView v) { g_view = v; }
void debug_keep_value(php::ValueView v) { g_value = new php::Value(v.own()); }
void debug_adopt_request_string(std::string_view s) {
    zval z;
    ZVAL_STRINGL(&z, s.data(), s.size());  // request memory
    php::Persistent::adopt(&z);
}
#endif

}  // namespace

void register_persistent(php::module& m) {
    using php::arg;
    m.def<&store>("pb_store", arg("key"), arg("value"));
    m.def<&fetch>("pb_fetch", arg("key"));
    m.def<&forget>("pb_forget", arg("key"));
    m.def<&stored_bytes>("pb_stored_bytes", arg("key"));
    m.def<&detach_arg>("pb_detach_arg", arg("value"));
    m.def<&peak_rss_kb>("pb_peak_rss_kb");
    m.def<&set_listener>("pb_set_listener", arg("callback"));
    m.def<&notify>("pb_notify", arg("event"));
    m.def<&keep_object>("pb_keep_object", arg("object"));
    m.def<&has_object>("pb_has_object");
#ifdef PHPBIND_DEBUG
    m.constant("PB_DEBUG", true);
    m.def<&debug_keep_view>("pb_debug_keep_view", arg("value"));
    m.def<&debug_keep_value>("pb_debug_keep_value", arg("value"));
    m.def<&debug_adopt_request_string>("pb_debug_adopt_request_string", arg("s"));
    // Reads the kept view when the module shuts down: after its request ended.
    m.on_shutdown([] {
        if (g_view) (void)g_view->type();
    });
#else
    m.constant("PB_DEBUG", false);
#endif
    m.on_shutdown([] {
        // After the last request: the retained values were released at its end.
        if (const char* path = std::getenv("PHPBIND_TEST_LIFECYCLE_LOG")) {
            if (FILE* f = std::fopen(path, "a")) {
                std::fprintf(f, "retained at MSHUTDOWN: listener=%d object=%d\n", g_listener->has_value(),
                             g_object->has_value());
                std::fclose(f);
            }
        }
    });
}
