// src/module.cpp — the module entry, its lifecycle callbacks and phpinfo() section.
#include <phpbind/module.hpp>
#include <phpbind/detail/edge.hpp>
#include <phpbind/ini.hpp>
#include "internal.hpp"

#include <algorithm>

PHPBIND_NAMESPACE_BEGIN

namespace detail {
thread_local bool worker_engine_request = false;

std::vector<module*>& logical_modules() noexcept {
    static std::vector<module*> started;  // written at MINIT and MSHUTDOWN only
    return started;
}

void logical_request_start() noexcept {
    for (module* m : logical_modules()) m->logical_request(true);
}

void logical_request_end() noexcept {
    auto& all = logical_modules();
    for (auto it = all.rbegin(); it != all.rend(); ++it) (*it)->logical_request(false);
}
}  // namespace detail

void info_table::row(std::string_view key, std::string_view value) {
    std::string k(key), v(value);
    php_info_print_table_row(2, k.c_str(), v.c_str());
}

namespace detail {
void free_extension_data() noexcept {
    for (subsystem* s = subsystems(); s; s = s->next) {
        if (s->unloaded) s->unloaded();
    }
    free_registration_strings();
    free_call_data();
    free_deferred_list();
    free_request_stamps();
    free_type_names();
}
}  // namespace detail

module::module(std::string name) :name_(std::move(name)), stub_(detail::new_stub_metadata_if_asked()) {}

void module::stub_deleter::operator()(detail::stub_metadata* s) const noexcept { detail::delete_stub_metadata(s); }

module::~module() {
    for (auto d : deleters_) d();
}

module& module::version(std::string v) {
    version_ = std::move(v);
    return *this;
}

module& module::depends_on(std::string_view other) {
    deps_.push_back(zend_module_dep{keep(other), nullptr, nullptr, MODULE_DEP_REQUIRED});
    return *this;
}
module& module::starts_after(std::string_view other) {
    deps_.push_back(zend_module_dep{keep(other), nullptr, nullptr, MODULE_DEP_OPTIONAL});
    return *this;
}

module& module::on_startup(detail::unique_function<void()> f) {
    on_startup_.push_back(std::move(f));
    return *this;
}
module& module::on_shutdown(detail::unique_function<void()> f) {
    on_shutdown_.push_back(std::move(f));
    return *this;
}
module& module::on_request_start(detail::unique_function<void()> f) {
    on_request_start_.push_back(std::move(f));
    return *this;
}
module& module::on_request_end(detail::unique_function<void()> f) {
    on_request_end_.push_back(std::move(f));
    return *this;
}

module& module::on_logical_request_start(detail::unique_function<void()> f) {
    on_logical_start_.push_back(std::move(f));
    return *this;
}

module& module::on_logical_request_end(detail::unique_function<void()> f) {
    on_logical_end_.push_back(std::move(f));
    return *this;
}
module& module::info(detail::unique_function<void(info_table&)> f) {
    info_.push_back(std::move(f));
    return *this;
}

void module::add_error(std::string message) { errors_.push_back(std::move(message)); }

const char* module::keep(std::string_view s) {
    return strings_.emplace_back(std::make_unique<std::string>(s))->c_str();
}

void module::add_function(const zend_function_entry& fe, std::unique_ptr<zend_internal_arg_info[]> arginfo) {
    functions_.push_back(fe);
    arginfo_.push_back(std::move(arginfo));
}

void module::add_constant(std::string_view name, zval* value) { constants_.emplace_back(std::string(name), *value); }

zend_module_entry* module::finish(const hooks& h) {
    if (finished_) return &entry_;
    finished_ = true;
    functions_.push_back(zend_function_entry{});  // terminator
    entry_.size = sizeof(zend_module_entry);
    entry_.zend_api = ZEND_MODULE_API_NO;
    entry_.zend_debug = ZEND_DEBUG;
    entry_.zts = USING_ZTS;
    entry_.name = name_.c_str();
    entry_.functions = functions_.data();
    if (!deps_.empty()) {
        deps_.push_back(zend_module_dep{nullptr, nullptr, nullptr, 0});  // ZEND_MOD_END
        entry_.deps = deps_.data();
    }
    entry_.module_startup_func = h.minit;
    entry_.module_shutdown_func = h.mshutdown;
    entry_.request_startup_func = h.rinit;
    entry_.request_shutdown_func = h.rshutdown;
    entry_.info_func = h.minfo;
    entry_.post_deactivate_func = h.post_deactivate;
    entry_.version = version_.empty() ? nullptr : version_.c_str();
    entry_.build_id = ZEND_MODULE_BUILD_ID;
    if (globals_ && globals_->has_slots()) {
        // The engine constructs the globals before MINIT and destroys them
        // after MSHUTDOWN (zend_startup_module_ex, module_destructor).
        entry_.globals_size = globals_->block_size();
#ifdef ZTS
        entry_.globals_id_ptr = globals_->id();
#else
        entry_.globals_ptr = nullptr;  // each slot has its own storage; the ctor knows where
#endif
        entry_.globals_ctor = h.globals_ctor;
        entry_.globals_dtor = h.globals_dtor;
    }
    return &entry_;
}

detail::globals_registry& module::globals_registry() {
    if (!globals_) globals_ = std::make_shared<detail::globals_registry>(*this);
    return *globals_;
}
void module::construct_globals(void* block) noexcept { globals_->construct(block); }
void module::destroy_globals(void* block) noexcept { globals_->destroy(block); }

bool module::report_errors() {
    for (const auto& e : errors_) {
        zend_error(E_CORE_WARNING, "%s: %s", name_.c_str(), e.c_str());
    }
    return errors_.empty();
}

namespace {
// Runs one lifecycle callback through the edge. A C++ exception fails it
// with a warning naming the module and the phase; exit() called by PHP code
// in it ends the phase (the exit status stays set, the phase fails); a fatal
// error resumes in the engine, which handles it as in any module's callback.
enum class outcome { ok, failed, exited };
template <class F>
outcome run_callback(const std::string& module_name, const char* phase, int level, F&& f) {
    outcome ok = outcome::ok;
    (void)detail::release_edge([&] {
        std::string failure;
        try {
            f();
        } catch (const script_exit&) {
            detail::unwinding.pending &=
                ~detail::unwind_state::exit;  // consumed here: the phase ends, the status stays
            ok = outcome::exited;
        } catch (const engine_unwind&) {
            throw;
        } catch (const std::exception& e) {
            ok = outcome::failed;
            failure = e.what();
        } catch (...) {
            ok = outcome::failed;
            failure = "unknown C++ exception";
        }
        if (ok != outcome::failed) return;
        if (phase) failure = module_name + ": " + phase + " failed: " + failure;
        else failure = module_name + ": " + failure;
        // Outside the catch blocks and through the guard: at request end a
        // user error handler may still be set, and PHP code it runs may throw
        // with no PHP frame left (the engine then bails out) or call exit().
        if (detail::php_callable_now()) detail::into_php([&] { zend_error(level, "%s", failure.c_str()); });
        else zend_error(level, "%s", failure.c_str());
    });
    return ok;
}

// Every callback runs (a failing one fails the phase) until one calls exit().
template <class It>
bool run_callbacks(const std::string& module_name, const char* phase, int level, It first, It last) {
    bool ok = true;
    for (; first != last; ++first) {
        outcome r = run_callback(module_name, phase, level, *first);
        if (r == outcome::exited) return false;
        ok = ok && r == outcome::ok;
    }
    return ok;
}
}  // namespace

zend_result module::startup(int type, int module_number) {
    module_number_ = module_number;
    module_type_ = type;
    if (!report_errors()) return FAILURE;
    // INI entries first: constants, classes and startup callbacks may read
    // them. A module that fails to start gets no MSHUTDOWN, so the guard takes
    // its INI handlers (which write into its globals) out of the engine's
    // table unless startup succeeds.
    if (globals_ && !globals_->register_ini(type, module_number)) {
        zend_error(E_CORE_WARNING, "%s: registering the INI entries failed (is one of the names taken?)",
                   name_.c_str());
        return FAILURE;
    }
    struct ini_guard {
        detail::globals_registry* g;
        bool started = false;
        ~ini_guard() {
            if (g && !started) g->unregister_ini();
        }
    } guard{globals_.get()};
    for (auto& [name, value] : constants_) {
        const int flags = CONST_PERSISTENT;
        switch (Z_TYPE(value)) {
        case IS_NULL: zend_register_null_constant(name.data(), name.size(), flags, module_number); break;
        case IS_FALSE:
        case IS_TRUE:
            zend_register_bool_constant(name.data(), name.size(), Z_TYPE(value) == IS_TRUE, flags, module_number);
            break;
        case IS_LONG: zend_register_long_constant(name.data(), name.size(), Z_LVAL(value), flags, module_number); break;
        case IS_DOUBLE:
            zend_register_double_constant(name.data(), name.size(), Z_DVAL(value), flags, module_number);
            break;
        case IS_STRING:
            zend_register_stringl_constant(name.data(), name.size(), Z_STRVAL(value), Z_STRLEN(value), flags,
                                           module_number);
            break;
        }
    }
    for (auto& r : registrations_) {
        if (run_callback(name_, nullptr, E_CORE_WARNING, [&] { r(module_number); }) != outcome::ok) return FAILURE;
    }
    if (EG(exception)) return FAILURE;
    guard.started = run_callbacks(name_, "startup", E_CORE_WARNING, on_startup_.begin(), on_startup_.end());
    if (guard.started && stub_) detail::write_stub_metadata(*stub_, name_);
    if (guard.started && (!on_logical_start_.empty() || !on_logical_end_.empty())) {
        detail::logical_modules().push_back(this);
    }
    if (guard.started) {
        detail::interrupt_hook_acquire();
        const detail::started_module self{name_, module_type_, module_number};
        for (detail::subsystem* s = detail::subsystems(); s; s = s->next) {
            if (s->module_started) s->module_started(self);
        }
        subsystems_held_ = true;
        for (detail::hook_state* h : hooks_) hook_acquire_(*h);
        hooks_held_ = true;
    }
    return guard.started ? SUCCESS : FAILURE;
}

void module::at_engine_startup(void (*f)()) {
    at_startup([this, f](int) {
        // The engine sizes its observer slots once all startup modules are in
        // (zend_observer_post_startup): one registered later writes past them.
        // Not a failed startup: the engine's own path for a dl() module whose
        // startup fails reads the freed module entry at shutdown.
        if (module_type_ != MODULE_PERSISTENT) {
            if (std::exchange(observers_refused_, true)) return;  // one warning for all of them
            zend_error(E_CORE_WARNING,
                       "%s: observers need the extension loaded at startup (php.ini or -d extension=), not by dl(): "
                       "its observers are off",
                       name_.c_str());
            return;
        }
        f();
    });
}

zend_result module::shutdown() {
    std::erase(detail::logical_modules(), this);
    run_callbacks(name_, "shutdown", E_CORE_WARNING, on_shutdown_.rbegin(), on_shutdown_.rend());
    if (globals_) globals_->unregister_ini();
    if (std::exchange(hooks_held_, false)) {
        for (auto it = hooks_.rbegin(); it != hooks_.rend(); ++it) hook_release_(**it);
    }
    if (std::exchange(subsystems_held_, false)) {
        const detail::started_module self{name_, module_type_, module_number_};
        for (detail::subsystem* s = detail::subsystems(); s; s = s->next) {
            if (s->module_shutdown) s->module_shutdown(self);
        }
    }
    detail::interrupt_hook_release();
    return SUCCESS;
}

zend_result module::request_startup() {
    detail::request_started();
    // Globals are reset before the module's own request callbacks run.
    if (globals_ && !globals_->request_start(name_)) return FAILURE;
    if (!run_callbacks(name_, "request startup", E_WARNING, on_request_start_.begin(), on_request_start_.end())) {
        return FAILURE;
    }
    // An engine request is a logical request, but for a worker script's (server.cpp opens one
    // for each request the script handles).
    if (!detail::worker_engine_request) logical_request(true);
    return SUCCESS;
}

void module::logical_request(bool start) {
    if (start) {
        run_callbacks(name_, "logical request start", E_WARNING, on_logical_start_.begin(), on_logical_start_.end());
    } else {
        run_callbacks(name_, "logical request end", E_WARNING, on_logical_end_.rbegin(), on_logical_end_.rend());
    }
}

zend_result module::request_shutdown() {
    if (!detail::worker_engine_request) logical_request(false);
    run_callbacks(name_, "request shutdown", E_WARNING, on_request_end_.rbegin(), on_request_end_.rend());
    detail::request_ending();
    return SUCCESS;
}

zend_result module::post_deactivate() {
    detail::request_finished();
    return SUCCESS;
}

void module::print_info() {
    php_info_print_table_start();
    std::string support = name_ + " support";
    php_info_print_table_row(2, support.c_str(), "enabled");
    if (!version_.empty()) php_info_print_table_row(2, "Version", version_.c_str());
    php_info_print_table_row(2, "Built with phpbind", PHPBIND_VERSION_STRING);
    info_table t;
    for (auto& f : info_) {
        try {
            f(t);
        } catch (const std::exception& e) {
            php_info_print_table_row(2, "error", e.what());
        } catch (...) {
            php_info_print_table_row(2, "error", "unknown C++ exception");
        }
    }
    php_info_print_table_end();
    if (globals_ && globals_->has_ini()) {
        // display_ini_entries() selects the entries by module number; the
        // engine's registry holds a copy of entry_ that has it.
        zend_module_entry e = entry_;
        e.module_number = module_number_;
        display_ini_entries(&e);
    }
}

PHPBIND_NAMESPACE_END
