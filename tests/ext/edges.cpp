// tests/ext/edges.cpp — the crossings that are not the explicit call path:
// implicit calls into PHP (a release that runs __destruct, a property read
// that runs __get, a lookup that autoloads, a comparison that runs
// __toString), object handlers, destructors of bound objects, INI validators,
// lifecycle callbacks. Checked by tests/phpt/edges/*.phpt, where each
// function is driven into PHP exceptions, exit() and fatal errors.
#include "test_ext.hpp"

#include <cstdint>
#include <cstdlib>
#include <exception>
#include <map>
#include <optional>
#include <string>

namespace {

// Lives on the C++ frames a crossing unwinds: the count proves every
// destructor ran (and its heap memory, which a skipped destructor would leak).
struct frame_guard {
    static inline int64_t alive = 0;
    std::string payload = std::string(128, 'g');
    frame_guard() { ++alive; }
    ~frame_guard() { --alive; }
};
int64_t guards_alive() { return frame_guard::alive; }

// ---- implicit calls into PHP from a bound function --------------------------------
// Drops the last reference to `o` inside C++: its __destruct runs there.
int64_t release_last(php::Object o) {
    frame_guard g;
    { php::Object mine = std::move(o); }
    return frame_guard::alive;
}
// Drops the last reference through a php::Value assignment.
void release_assign(php::ValueView v) {
    frame_guard g;
    php::Value held(v);
    held = php::Value(1);
}
php::Value read_prop(php::ObjectView o, std::string_view name) {
    frame_guard g;
    return o.get(name);
}
// A retained object on the crossed frame: left linked it would be read and
// written after free when the request ends.
php::Value read_prop_retained(php::ObjectView o, std::string_view name) {
    frame_guard g;
    php::Retained<php::Object> r(o.own());
    return o.get(name);
}
php::Object make(std::string_view cls) {
    frame_guard g;
    return php::make_object(cls);
}
bool loose_equals(php::ValueView a, php::ValueView b) {
    frame_guard g;
    return a.equals(b);
}
bool truthy(php::ValueView a) {
    frame_guard g;
    return a.truthy();
}
// An array slot replaced and removed in C++: the old value's __destruct runs.
int64_t replace_in_array(php::ValueView v) {
    frame_guard g;
    php::Array a;
    a.set("k", v);
    a.set("k", 1);
    a.set(0, v);
    a.erase(0);
    return static_cast<int64_t>(a.size());
}
// A C++ catch (...) that swallows everything: exit() and fatal errors still end the script.
// A bound function whose C++ frames the failure crosses, without catching.
void swallow_none(php::CallableView f) {
    frame_guard g;
    f();
}
// The same through a handler's frameless path (a string parameter, passed as one).
void call_named(std::string_view name) {
    frame_guard g;
    php::call(name);
}
// The same as one call of a loop under one guard (CallableView::repeat): the
// loop's steps hold C++ objects of their own between the calls.
void repeat_calls(php::CallableView f) {
    frame_guard g;
    int calls = 0;
    f.repeat<0>([&](php::repeat_args<0>&) { return calls++ < 2; }, [&](php::Value&&) { frame_guard between; });
}
std::string swallow(php::CallableView f) {
    frame_guard g;
    try {
        f();
    } catch (...) {
        return "swallowed";
    }
    return "returned";
}

// ---- the by-name call cache across requests --------------------------------------
// Calls `hook` from its C++ destructor: run late (after RSHUTDOWN, when the
// engine frees leftover objects) it must neither call nor cache anything.
struct Notifier {
    static inline std::string last;
    ~Notifier() {
        try {
            last = "called: " + php::call<std::string>("pb_edge_hook");
        } catch (const php::error_already_set& e) {
            last = std::string("exception: ") + e.what();
        } catch (const std::exception& e) {
            last = std::string("refused: ") + e.what();
        }
    }
};
int64_t call_hook() { return php::call<int64_t>("pb_edge_hook"); }
std::string notifier_last() { return Notifier::last; }

// A destructor that swallows whatever PHP does: exit() and fatal errors
// still end the script.
struct Swallower {
    ~Swallower() {
        try {
            php::call("pb_edge_dtor_hook");
        } catch (...) {}
    }
};

// ---- object handlers ------------------------------------------------------------
// Each native handler calls the PHP function `pb_edge_cb` first.
void callback() { php::call("pb_edge_cb"); }
struct Handlers {
    int64_t calls = 0;
    std::string text = "t";
    Handlers() = default;
    Handlers(const Handlers& o) : calls(o.calls), text(o.text) { callback(); }
    int64_t size() const {
        callback();
        return 3;
    }
    int64_t get(int64_t k) const {
        callback();
        return k * 2;
    }
    void set(int64_t, int64_t) { callback(); }
    bool has(int64_t) const {
        callback();
        return true;
    }
    void unset(int64_t) { callback(); }
    std::string label() const {
        callback();
        return text;
    }
    void unset_label() { callback(); }
    std::string shown() const {
        callback();
        return text;
    }
    int64_t run(php::CallableView f) {
        frame_guard g;
        f();
        return ++calls;
    }
};
// A final class's count handler tests less (no PHP subclass can override count()): its own entry.
struct FinalCount {
    int64_t size() const {
        callback();
        return 3;
    }
};

// ArrayAccess over its own storage (a Get returning php::Value*): nested writes reach the element.
struct Cells {
    php::Value item = int64_t{0};
    php::Value* slot(int64_t) {
        callback();
        return &item;
    }
    void set(int64_t, php::ValueView v) { item = v.own(); }
    bool has(int64_t) const { return true; }
    void unset(int64_t) {}
};

// ArrayAccess with string keys and values.
struct Dict {
    std::map<std::string, std::string> m;
    std::string get(const std::string& k) const {
        auto it = m.find(k);
        if (it == m.end()) throw php::out_of_bounds_exception("no key " + k);
        return it->second;
    }
    void set(const std::string& k, const std::string& v) { m[k] = v; }
    bool has(const std::string& k) const { return m.count(k) != 0; }
    void unset(const std::string& k) { m.erase(k); }
    int64_t size() const { return static_cast<int64_t>(m.size()); }
};

size_t checked_size(int64_t n) {
    if (n < 0 || n > (int64_t{1} << 24)) throw php::argument_value_error(1, "must be between 0 and 16777216");
    return static_cast<size_t>(n);
}

// A native string property: the cycle collector must not re-convert it on every scan.
struct Blob {
    std::string data;
    php::Value other;
    explicit Blob(int64_t n) : data(checked_size(n), 'b') {}
    void link(php::ValueView v) { other = php::Value(v); }
    void gc(php::gc_visitor& v) const { v.add(other); }
};

// A native string property on a class without a gc member: the collector
// sees its slots through the edge's get_gc.
struct Label {
    std::string text;
    explicit Label(int64_t n) : text(checked_size(n), 'l') {}
};

// A method that calls back into PHP while it runs.
struct Reentrant {
    int64_t n;
    std::string s = std::string(100, 'r');
    explicit Reentrant(int64_t start) : n(start) {}
    int64_t call_during(php::CallableView f) {
        f();
        int64_t r;
        if (__builtin_add_overflow(n, static_cast<int64_t>(s.size()), &r)) throw php::arithmetic_error("overflow");
        return r;
    }
};

// A bound function holding a C++ reference into the object while it calls PHP.
int64_t reentrant_use(Reentrant& r, php::CallableView f) {
    f();
    return checked_add(r.n, static_cast<int64_t>(r.s.size()));
}
// A constructor that calls PHP while T is being built in place.
struct BuildsWithCallback {
    std::string s = std::string(64, 'b');
    explicit BuildsWithCallback(php::CallableView f) {
        f();
        s += "!";
    }
    int64_t size() const { return static_cast<int64_t>(s.size()); }
};

// ---- INI validators and lifecycle callbacks that call PHP ---------------------------
// The validator asks the PHP function pb_edge_ini_check (when defined).
php::ini<std::string> checked;
bool ini_check(const std::string& v) {
    if (!EG(active)) return true;  // at startup there is no PHP code to ask
    if (!php::call<bool>("function_exists", "pb_edge_ini_check")) return true;
    return php::call<bool>("pb_edge_ini_check", v);
}

// Views made outside any request: detached at MINIT from a local array, read
// at MSHUTDOWN (a PHPBIND_DEBUG build checks both).
php::Static<std::optional<php::Persistent>> startup_config;
std::string startup_config_json() {
    return startup_config->has_value() ? php::call<std::string>("json_encode", (*startup_config)->view()) : "none";
}

}  // namespace

void register_edges(php::module& m) {
    m.on_startup([] {
        php::Array local;
        local.set("mode", "startup").set("level", 2);
        *startup_config = php::Persistent::detach(php::ValueView(local.raw()));
    });
    m.on_shutdown([] {
        if (startup_config->has_value() && (*startup_config)->view().type() != php::Type::array) std::abort();
        // No C++ catch block was left by a longjmp (it would still count as handled here).
        if (std::current_exception()) std::abort();
        startup_config->reset();
    });
    m.def<&startup_config_json>("pb_edge_startup_config");
    checked = m.ini<std::string>("phpbind_test.edge_checked", "a").validate(&ini_check, "refused by the PHP check");
    // At request end: the PHP function pb_edge_at_end, when the script defined it.
    m.on_request_end([] {
        if (php::call<bool>("function_exists", "pb_edge_at_end")) php::call("pb_edge_at_end");
    });
    using php::arg;
    m.def<&guards_alive>("pb_edge_guards");
    m.def<&release_last>("pb_edge_release_last", arg("o"));
    m.def<&release_assign>("pb_edge_release_assign", arg("v"));
    m.def<&read_prop>("pb_edge_read_prop", arg("o"), arg("name"));
    m.def<&read_prop_retained>("pb_edge_read_prop_retained", arg("o"), arg("name"));
    m.def<&make>("pb_edge_make", arg("class"));
    m.def<&loose_equals>("pb_edge_equals", arg("a"), arg("b"));
    m.def<&truthy>("pb_edge_truthy", arg("a"));
    m.def<&replace_in_array>("pb_edge_replace_in_array", arg("v"));
    m.def<&swallow>("pb_edge_swallow", arg("f"));
    m.def<&swallow_none>("pb_edge_swallow_none", arg("f"));
    m.def<&call_named>("pb_edge_call_named", arg("name"));
    m.def<&repeat_calls>("pb_edge_repeat", arg("f"));
    m.def<&call_hook>("pb_edge_call_hook");
    m.def<&notifier_last>("pb_edge_notifier_last");

    m.class_<Notifier>("PhpBind\\Edge\\Notifier");
    m.class_<Swallower>("PhpBind\\Edge\\Swallower");
    m.class_<FinalCount>("PhpBind\\Edge\\FinalCount").final_().countable<&FinalCount::size>();
    m.class_<Handlers>("PhpBind\\Edge\\Handlers")
        .countable<&Handlers::size>()
        .array_access<&Handlers::get, &Handlers::set, &Handlers::has, &Handlers::unset>()
        .property<&Handlers::label>("label")
        .on_unset<&Handlers::unset_label>("label")
        .string_cast<&Handlers::shown>()
        .def<&Handlers::run>("run", arg("f"));
    m.class_<Cells>("PhpBind\\Edge\\Cells").array_access<&Cells::slot, &Cells::set, &Cells::has, &Cells::unset>();
    m.class_<Dict>("PhpBind\\Edge\\Dict")
        .countable<&Dict::size>()
        .array_access<&Dict::get, &Dict::set, &Dict::has, &Dict::unset>();
    m.class_<Blob>("PhpBind\\Edge\\Blob")
        .constructor<int64_t>(arg("n"))
        .property<&Blob::data>("data")
        .def<&Blob::link>("link", arg("v"));
    m.class_<Label>("PhpBind\\Edge\\Label").constructor<int64_t>(arg("n")).property<&Label::text>("text");
    m.class_<Reentrant>("PhpBind\\Edge\\Reentrant")
        .constructor<int64_t>(arg("start"))
        .def<&Reentrant::call_during>("callDuring", arg("f"));
    m.def<&reentrant_use>("pb_edge_reentrant_use", arg("r"), arg("f"));
    m.class_<BuildsWithCallback>("PhpBind\\Edge\\BuildsWithCallback")
        .constructor<php::CallableView>(arg("f"))
        .def<&BuildsWithCallback::size>("size");
}
