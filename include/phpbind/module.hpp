// phpbind/module.hpp — a PHP module: its functions, constants, lifecycle and phpinfo().
//
//   PHPBIND_EXTENSION(hello, m) {
//       m.version("1.0.0");
//       m.def<&add>("add", php::arg("a"), php::arg("b") = 1);
//       m.constant("HELLO_ANSWER", 42);
//       m.on_request_start([] { /* RINIT */ });
//   }
//
// The body runs once per process, when the engine asks the extension for its
// module entry (get_module). It only records: functions are registered by the
// engine from the table it builds, constants and callbacks take effect at
// module startup (MINIT).
#pragma once

#include <phpbind/detail/binder.hpp>
#include <phpbind/detail/unique_function.hpp>

#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

template <class T, class Base = void>
class class_;
class interface_;
class module;
template <class T>
class ini;
template <class G>
class globals;
namespace detail {
class globals_registry;
struct stub_metadata;
struct module_access;
template <void (*Init)(module&)>
struct module_host;
// The optional parts module's member templates name: defined by phpbind/hooks.hpp,
// phpbind/function_hooks.hpp, phpbind/object_hooks.hpp and phpbind/observer.hpp, which a module
// using them includes.
struct hook_state;
template <class Point, auto... F>
struct hook;
template <auto... F>
struct replaced_function;
template <class Slot, auto F>
struct handler_hook;
template <auto Filter, auto Begin, auto End>
struct call_observer;
template <auto F>
struct error_observer;
void hook_acquire_module(hook_state& s) noexcept;
void hook_release_module(hook_state& s) noexcept;
}  // namespace detail

/// Rows of the module's section in phpinfo() and `php --ri`.
class info_table {
public:
    /// A row of the module's `phpinfo()` / `php --ri` section.
    void row(std::string_view key, std::string_view value);
};

/// The extension being defined: what PHPBIND_EXTENSION(name, m) hands its block. Functions,
/// classes, enums, constants, INI entries, globals and lifecycle callbacks are registered through
/// it; it owns every table it gives the engine and frees them when the module is unloaded.
class module {
public:
    explicit module(std::string name);
    ~module();
    module(const module&) = delete;
    module& operator=(const module&) = delete;

    /// The module name given to PHPBIND_EXTENSION (`extension_loaded()` takes it).
    const std::string& name() const noexcept { return name_; }

    /// The version `phpversion('<name>')` and `php --ri` report.
    module& version(std::string v);

    /// Another extension this one needs (zend_module_dep, MODULE_DEP_REQUIRED):
    /// the engine starts that one first and refuses to start this one
    /// without it ("Cannot load module ... because required module ... is not
    /// loaded"); Reflection and `php --re` list it.
    module& depends_on(std::string_view other);
    /// An extension to start before this one when it is there
    /// (MODULE_DEP_OPTIONAL).
    module& starts_after(std::string_view other);

    /// Binds a free function at C speed: the handler is specialised on `F`.
    /// `name` may carry a namespace: "Vendor\\Ext\\fn".
    template <auto F, class... Extra>
    module& def(std::string_view name, const Extra&... extra) {
        using Fn = decltype(F);
        static_assert(std::is_pointer_v<Fn> && std::is_function_v<std::remove_pointer_t<Fn>>,
                      "phpbind: def<&fn> takes a pointer to a free (or static member) function");
        using S = detail::signature<Fn>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_pointer<F>, typename S::ret,
                                              typename S::args>::type;
        B::bind(*this, name, extra...);
        return *this;
    }

    /// Binds a lambda or function object. A captureless lambda costs what a
    /// function pointer does; a stateful callable is moved into storage that
    /// lives as long as the process (one object per binding, see
    /// docs/functions.md).
    template <class F, class... Extra>
        requires(!std::is_pointer_v<std::decay_t<F>>)
    module& def(std::string_view name, F&& f, const Extra&... extra) {
        using Fn = std::decay_t<F>;
        using S = detail::callable_signature<Fn>;
        if constexpr (std::is_empty_v<Fn> && std::is_default_constructible_v<Fn>) {
            using B = typename detail::binder_for<Fn, detail::invoke_closure<Fn, nullptr>, typename S::ret,
                                                  typename S::args>::type;
            B::bind(*this, name, extra...);
        } else {
            bind_stateful<Fn, S>(name, std::forward<F>(f), std::make_index_sequence<stateful_slots>{}, extra...);
        }
        return *this;
    }

    template <class R, class... A, class... Extra>
    module& def(std::string_view, R (*)(A...), const Extra&...) {
        static_assert(sizeof(R*) == 0,
                      "phpbind: bind a function pointer as def<&fn>(\"name\", ...): the handler is then "
                      "specialised on the function itself");
        return *this;
    }

    /// Binds C++ type T as a PHP class named `name` (phpbind/class.hpp);
    /// with `Base`, a bound C++ base class, it `extends` Base's PHP class.
    template <class T, class Base = void>
    php::class_<T, Base> class_(std::string_view name);

    /// Declares a PHP interface (phpbind/class.hpp).
    php::interface_ interface_(std::string_view name);

    /// Binds C++ exception type E to a new PHP class `name` (it may carry a
    /// namespace) that extends Exception, or the parent given: `php::base<B>`
    /// with B a phpbind throwable (`php::runtime_exception`, ...) or a type
    /// bound with exception<B> earlier, `php::base_named("JsonException")`, or a
    /// `zend_class_entry* ()` getter.
    /// Bound code that throws an E (or a type derived from it that is not
    /// bound itself) raises that class. See phpbind/exception_class.hpp.
    template <class E, class... Parent>
    module& exception(std::string_view name, const Parent&... parent);

    /// Binds C++ enum E as a PHP enum named `name`: pure, or backed with
    /// `php::backed_int` / `php::backed_string`. Returns php::enum_<E>
    /// (phpbind/enum.hpp).
    template <class E, class... Backing>
    auto enum_(std::string_view name, const Backing&... backing);

    /// A module constant (int, float, bool, string or null), registered at
    /// MINIT. `name` may carry a namespace.
    template <class T>
    module& constant(std::string_view name, const T& value) {
        zval z;
        detail::any_default(value, &z);
        add_constant(name, &z);
        return *this;
    }

    /// Lifecycle callbacks. Startup callbacks run at MINIT in the order they
    /// were added; shutdown callbacks at MSHUTDOWN in reverse order; request
    /// callbacks at RINIT / RSHUTDOWN (forward / reverse). A callback that
    /// throws fails that phase with a warning naming the module.
    module& on_startup(detail::unique_function<void()> f);
    /// At MSHUTDOWN, in reverse order of addition.
    module& on_shutdown(detail::unique_function<void()> f);
    /// At RINIT, in order of addition.
    module& on_request_start(detail::unique_function<void()> f);
    /// At RSHUTDOWN (after shutdown functions and destructors), in reverse order.
    module& on_request_end(detail::unique_function<void()> f);
    /// At the start of every logical request, after the RINIT callbacks: each HTTP request a
    /// worker script handles (php::Runtime::serve_worker(): RINIT runs once for the worker's
    /// engine request, this once per request it handles), each engine request otherwise. In
    /// order of addition.
    module& on_logical_request_start(detail::unique_function<void()> f);
    /// At the end of every logical request, in reverse order: before the RSHUTDOWN callbacks, or
    /// when a request a worker script handles ends (after its output, before the next).
    module& on_logical_request_end(detail::unique_function<void()> f);
    /// Runs the logical request callbacks (start: in order; end: in reverse): RINIT and RSHUTDOWN
    /// do, and worker mode around each request. Not for direct use.
    void logical_request(bool start);

    /// Observes the engine's calls (zend_observer_fcall_register): `Filter(php::Frame)` decides
    /// once per function whether to watch it (nullptr: every function); `Begin(php::Frame)` runs
    /// when a watched function starts, `End(php::Frame, php::ValueView* result)` when it returns
    /// or an exception leaves it (result: nullptr if the engine has none). Either may be nullptr.
    /// The engine calls generated handlers with no lookup in between. A C++ or PHP exception from
    /// `End` is raised at the call site, as if the call threw; from `Filter` or `Begin`, at the
    /// engine's next interrupt check (a user function's first instruction; just after an internal
    /// function returns); one raised while another unwinds is chained to it. Needs the extension
    /// loaded at startup: loaded by dl(), the module works but observes nothing (a warning says so).
    template <auto Filter, auto Begin, auto End = nullptr>
    module& observe_calls() {
        static_assert(!std::is_same_v<decltype(Begin), std::nullptr_t> ||
                          !std::is_same_v<decltype(End), std::nullptr_t>,
                      "phpbind: observe_calls needs a Begin or an End callback");
        at_engine_startup([] { detail::call_observer<Filter, Begin, End>::install(); });
        return *this;
    }

    /// Observes every error, warning, notice and deprecation the engine raises
    /// (zend_observer_error_register): `F(const php::error_report&)` runs before any error handler,
    /// whether or not `@` or error_reporting silence it; an exception from it is pending as one
    /// from an error handler would be. Loaded at startup only, as observe_calls().
    template <auto F>
    module& observe_errors() {
        at_engine_startup([] { detail::error_observer<F>::install(); });
        return *this;
    }

    /// Hooks an engine pointer for the module's lifetime (phpbind/hooks.hpp): `hook<Point, &F>()`
    /// with `R F(php::hooks::proceed<Point>, args...)`, or `hook<Point, &Before, &After>()`
    /// (either may be nullptr). Linked at MINIT after the startup callbacks, in the order of the
    /// calls; unlinked at MSHUTDOWN in the reverse order. Several modules of one library copy
    /// asking for the same hook share one link (the first links, the last unlinks).
    template <class Point, auto... F>
    module& hook() {
        static_assert(sizeof...(F) == 1 || sizeof...(F) == 2,
                      "phpbind: hook<Point, &Around>() or hook<Point, &Before, &After>()");
        hold_hook(detail::hook<Point, F...>::state);
        return *this;
    }

    /// Replaces the handler of the internal function `name` for the module's lifetime with
    /// `F(php::hooks::original_function, zend_execute_data*, zval* return_value)` (phpbind/hooks.hpp):
    /// at MINIT (a function no module registered by then fails the startup with a warning), restored
    /// at MSHUTDOWN. Functions of modules loaded by dl() are refused (they go at the request's end).
    /// `replace_function<&Before, &After>(name)`: the before/after form (phpbind/hooks.hpp).
    template <auto... F>
    module& replace_function(std::string_view name) {
        static_assert(sizeof...(F) == 1 || sizeof...(F) == 2,
                      "phpbind: replace_function<&F>() or replace_function<&Before, &After>()");
        at_startup([n = std::string(name)](int) { detail::replaced_function<F...>::target(n, true); });
        hold_hook(detail::replaced_function<F...>::state);
        return *this;
    }

    /// Overrides the handler `Slot` of the internal class `class_name` for the module's lifetime
    /// with `R F(php::hooks::proceed<Slot>, args...)` (phpbind/object_hooks.hpp): at MINIT (a class
    /// no module registered by then fails the startup with a warning), restored at MSHUTDOWN.
    /// Objects of the class and of its subclasses made from then on get it.
    template <class Slot, auto F>
    module& override_handler(std::string_view class_name) {
        at_startup([n = std::string(class_name)](int) { detail::handler_hook<Slot, F>::aim(n, true); });
        hold_hook(detail::handler_hook<Slot, F>::state);
        return *this;
    }

    /// Extra rows for phpinfo(); the section always shows support and version.
    module& info(detail::unique_function<void(info_table&)> f);

    // -- INI entries and module globals (phpbind/ini.hpp) ---------------------
    /// A typed INI entry (bool, int64_t, double or std::string), registered at
    /// MINIT: `auto level = m.ini<int64_t>("ext.level", 3, PHP_INI_ALL);`.
    /// Visible to ini_get/ini_set/ini_restore, `-d` and phpinfo(); the handle
    /// reads the current value with one load.
    template <class T>
    php::ini<T> ini(std::string_view name, std::type_identity_t<T> default_value, int modifiable = PHP_INI_ALL);
    /// Per-thread module globals of type G, built before MINIT and destroyed
    /// after MSHUTDOWN. If G has `void reset()`, it runs at every RINIT.
    template <class G>
    php::globals<G> globals();
    /// The same, with `on_request_start(G&)` run at every RINIT instead.
    template <class G, class F>
    php::globals<G> globals(F&& on_request_start);

    /// Records an error in the module's definition. It is reported when the
    /// engine starts the module, which then fails to start.
    void add_error(std::string message);
    /// The errors recorded so far (by add_error() and the binders).
    const std::vector<std::string>& errors() const noexcept { return errors_; }

private:
    // -- the glue: what PHPBIND_EXTENSION's module_host and the binders use (through
    //    detail::module_access), not the module's users ----------------------------------------
    friend struct detail::module_access;
    template <void (*Init)(module&)>
    friend struct detail::module_host;

    // The storage behind ini() and globals().
    detail::globals_registry& globals_registry();
    struct hooks {
        zend_result (*minit)(int, int);
        zend_result (*mshutdown)(int, int);
        zend_result (*rinit)(int, int);
        zend_result (*rshutdown)(int, int);
        void (*minfo)(zend_module_entry*);
        zend_result (*post_deactivate)();
        void (*globals_ctor)(void*);
        void (*globals_dtor)(void*);
    };
    /// Glue for PHPBIND_EXTENSION: builds the zend_module_entry once registration is done. Not for
    /// direct use.
    zend_module_entry* finish(const hooks& h);
    /// Glue for PHPBIND_EXTENSION: MINIT (INI entries, constants, classes, then on_startup
    /// callbacks). Not for direct use.
    zend_result startup(int type, int module_number);
    /// Glue for PHPBIND_EXTENSION: MSHUTDOWN (runs on_shutdown callbacks in reverse order). Not for
    /// direct use.
    zend_result shutdown();
    /// Glue for PHPBIND_EXTENSION: RINIT (runs on_request_start callbacks, resets globals). Not for
    /// direct use.
    zend_result request_startup();
    /// Glue for PHPBIND_EXTENSION: RSHUTDOWN (runs on_request_end callbacks). Not for direct use.
    zend_result request_shutdown();
    /// Glue for PHPBIND_EXTENSION: the engine's post-deactivate hook (releases retained values).
    /// Not for direct use.
    zend_result post_deactivate();
    /// Glue for PHPBIND_EXTENSION: the module's phpinfo() section. Not for direct use.
    void print_info();
    /// Glue for PHPBIND_EXTENSION: the engine's globals constructor. Not for direct use.
    void construct_globals(void* block) noexcept;
    /// Glue for PHPBIND_EXTENSION: the engine's globals destructor. Not for direct use.
    void destroy_globals(void* block) noexcept;

    /// Glue for the binders: a copy of `s` that lives as long as the module (names the engine keeps
    /// pointers to). Not for direct use.
    const char* keep(std::string_view s);
    /// Glue for the binders (php::module::def): appends a function entry and keeps its arg info.
    /// Not for direct use.
    void add_function(const zend_function_entry& fe, std::unique_ptr<zend_internal_arg_info[]> arginfo);
    /// Glue for the binders: keeps a method table's arg info alive as long as the module. Not for
    /// direct use.
    void keep_arginfo(std::unique_ptr<zend_internal_arg_info[]> arginfo) { arginfo_.push_back(std::move(arginfo)); }
    /// What the stub generator asked this process to record (src/stubs.cpp); null: nothing.
    detail::stub_metadata* stub_metadata() const noexcept { return stub_.get(); }
    /// Records a class's, interface's or enum's doc comment for the stub (.doc("...") on its builder).
    void document_type(std::string_view name, const char* doc);
    /// Tells the stub metadata which type a method table belongs to (the type builders' constructors).
    void declare_type(std::string_view name, const std::vector<zend_function_entry>* methods);
    /// Loaded as an extension: the engine starts the module once per process,
    /// so what only registration reads (method tables) is freed after it.
    /// Modules linked into a program keep it: a later runtime registers again.
    void set_registers_once() noexcept { registers_once_ = true; }
    /// Whether set_registers_once() was called.
    bool registers_once() const noexcept { return registers_once_; }
    /// Work to do at MINIT, in order (class registration).
    void at_startup(detail::unique_function<void(int module_number)> f) { registrations_.push_back(std::move(f)); }

    static constexpr size_t stateful_slots = 8;

    // Startup work only an extension loaded with the engine may do (not dl()).
    void at_engine_startup(void (*f)());
    // A hook linked at MINIT and unlinked at MSHUTDOWN (src/hooks.cpp, linked only by a module
    // that asks for one).
    template <class State>
    void hold_hook(State& s) {
        hooks_.push_back(&s);
        hook_acquire_ = &detail::hook_acquire_module;
        hook_release_ = &detail::hook_release_module;
    }

    template <class Fn, class S, class F, size_t... I, class... Extra>
    void bind_stateful(std::string_view name, F&& f, std::index_sequence<I...>, const Extra&... extra) {
        bool done = false;
        auto try_slot = [&]<size_t K>(std::integral_constant<size_t, K>) {
            using Slot = detail::closure_slot<Fn, K>;
            if (done || Slot::ptr) return;
            done = true;
            Slot::ptr = new Fn(std::forward<F>(f));  // lives as long as the module
            deleters_.push_back([] {
                delete static_cast<Fn*>(Slot::ptr);
                Slot::ptr = nullptr;
            });
            using B = typename detail::binder_for<Slot, detail::invoke_closure<Fn, &Slot::ptr>, typename S::ret,
                                                  typename S::args>::type;
            B::bind(*this, name, extra...);
        };
        (try_slot(std::integral_constant<size_t, I>{}), ...);
        if (!done) {
            add_error("function " + std::string(name) + ": more than " + std::to_string(stateful_slots) +
                      " functions bound from one stateful callable type; bind distinct lambdas");
        }
    }

    void add_constant(std::string_view name, zval* value);
    bool report_errors();

    std::string name_;
    std::string version_ = "";
    zend_module_entry entry_{};
    std::vector<zend_function_entry> functions_;
    std::vector<zend_module_dep> deps_;
    std::vector<std::unique_ptr<zend_internal_arg_info[]>> arginfo_;
    std::vector<std::unique_ptr<std::string>> strings_;  // each at a stable address
    std::vector<std::pair<std::string, zval>> constants_;
    std::vector<detail::unique_function<void()>> on_startup_, on_shutdown_, on_request_start_, on_request_end_;
    std::vector<detail::unique_function<void()>> on_logical_start_, on_logical_end_;
    std::vector<detail::unique_function<void(info_table&)>> info_;
    std::vector<detail::unique_function<void(int)>> registrations_;
    std::vector<std::string> errors_;
    std::vector<void (*)()> deleters_;  // stateful callables' storage
    bool finished_ = false;
    bool registers_once_ = false;
    int module_number_ = 0;
    int module_type_ = 0;  // MODULE_PERSISTENT, or MODULE_TEMPORARY for dl()
    bool observers_refused_ = false;  // dl(): the warning was given
    std::vector<detail::hook_state*> hooks_;  // module::hook(), in the order asked
    void (*hook_acquire_)(detail::hook_state&) noexcept = nullptr;
    void (*hook_release_)(detail::hook_state&) noexcept = nullptr;
    bool hooks_held_ = false;  // linked by startup(), until shutdown()
    bool subsystems_held_ = false;  // the optional parts were told of startup(), until shutdown()
    std::shared_ptr<detail::globals_registry> globals_;  // INI entries and globals (src/ini.cpp)
    struct stub_deleter {
        void operator()(detail::stub_metadata* s) const noexcept;
    };
    std::unique_ptr<detail::stub_metadata, stub_deleter> stub_;
};

namespace detail {

/// The module's glue for the binders of functions, classes, enums and exception classes: what they
/// record in the module that its users do not call.
struct module_access {
    /// A copy of `s` that lives as long as the module (names the engine keeps pointers to).
    static const char* keep(module& m, std::string_view s) { return m.keep(s); }
    /// Appends a function entry and keeps its arg info.
    static void add_function(module& m, const zend_function_entry& fe, std::unique_ptr<zend_internal_arg_info[]> info) {
        m.add_function(fe, std::move(info));
    }
    /// Keeps a method table's arg info alive as long as the module.
    static void keep_arginfo(module& m, std::unique_ptr<zend_internal_arg_info[]> info) {
        m.keep_arginfo(std::move(info));
    }
    /// What the stub generator asked this process to record; null: nothing.
    static detail::stub_metadata* stub_metadata(const module& m) noexcept { return m.stub_metadata(); }
    /// A class's, interface's or enum's doc comment for the stub.
    static void document_type(module& m, std::string_view name, const char* doc) { m.document_type(name, doc); }
    /// Which type a method table belongs to, for the stub.
    static void declare_type(module& m, std::string_view name, const std::vector<zend_function_entry>* methods) {
        m.declare_type(name, methods);
    }
    /// Whether what only registration reads is freed after the module's startup.
    static bool registers_once(const module& m) noexcept { return m.registers_once(); }
    /// Work to do at MINIT, in order (class registration).
    static void at_startup(module& m, detail::unique_function<void(int module_number)> f) {
        m.at_startup(std::move(f));
    }
};

/// Per-module glue, keyed by the module's init function so several modules
/// linked into one binary never share state.
template <void (*Init)(module&)>
struct module_host {
    static inline module* instance = nullptr;
    static zend_result minit(int type, int module_number) { return instance->startup(type, module_number); }
    static zend_result mshutdown(int, int) { return instance->shutdown(); }
    static zend_result rinit(int, int) { return instance->request_startup(); }
    static zend_result rshutdown(int, int) { return instance->request_shutdown(); }
    static void minfo(zend_module_entry*) { instance->print_info(); }
    static zend_result post_deactivate() { return instance->post_deactivate(); }
    static void globals_ctor(void* block) { instance->construct_globals(block); }
    static void globals_dtor(void* block) { instance->destroy_globals(block); }
    // Loaded as an extension: what only registration reads is freed after the module's startup.
    static void registers_once() noexcept { instance->set_registers_once(); }

    /// Frees the module's registration data when the extension is unloaded
    /// (its static destructors run at dlclose(), after the engine has called
    /// MSHUTDOWN and is done with the module entry, or at process exit).
    struct reaper {
        constexpr reaper() = default;
        ~reaper() {
            delete instance;
            instance = nullptr;
            free_extension_data();
        }
    };

    static zend_module_entry* entry(const char* name) {
        if (!instance) {
            // The engine keeps pointers into the module entry, its function
            // table and arg info until it destroys the module; the reaper
            // below frees it when the extension is unloaded (embedded
            // modules keep it for the next runtime).
            instance = new module(name);
            try {
                Init(*instance);
            } catch (const std::exception& e) {
                instance->add_error(e.what());
            } catch (...) {
                instance->add_error("unknown C++ exception while defining the module");
            }
        }
        return instance->finish(
            {&minit, &mshutdown, &rinit, &rshutdown, &minfo, &post_deactivate, &globals_ctor, &globals_dtor});
    }
};

}  // namespace detail

PHPBIND_NAMESPACE_END

/// Defines a PHP extension named `name`; the block that follows receives the
/// `php::module&` to fill. Exports `get_module` unless PHPBIND_NO_GET_MODULE is
/// defined (modules linked into an embedding program).
#define PHPBIND_EXTENSION(name, m)                                                                                     \
    static void phpbind_init_##name(::php::module& m);                                                                 \
    extern "C" __attribute__((visibility("hidden"))) zend_module_entry* phpbind_module_##name() {                      \
        return ::php::detail::module_host<&phpbind_init_##name>::entry(#name);                                         \
    }                                                                                                                  \
    PHPBIND_DETAIL_GET_MODULE(name)                                                                                    \
    static void phpbind_init_##name(::php::module& m)

#ifdef PHPBIND_NO_GET_MODULE
#define PHPBIND_DETAIL_GET_MODULE(name)
#else
#define PHPBIND_DETAIL_GET_MODULE(name)                                                                                \
    PHPBIND_EXPORT zend_module_entry* get_module() {                                                                   \
        zend_module_entry* entry = phpbind_module_##name();                                                            \
        ::php::detail::module_host<&phpbind_init_##name>::registers_once();                                            \
        return entry;                                                                                                  \
    }                                                                                                                  \
    static ::php::detail::module_host<&phpbind_init_##name>::reaper phpbind_reaper_##name;
#endif
