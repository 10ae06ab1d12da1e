// src/internal.hpp — what the compiled files of phpbind share with each other
// and with no header: cleanup entry points called at request end and when the
// extension is unloaded.
#pragma once

#include <phpbind/engine.hpp>

struct _sapi_module_struct;

#include <string>
#include <string_view>
#include <typeindex>
#include <unordered_map>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
class module;
namespace detail {

/// Throws "<what> <name>: a class of that name already exists" if the class table has the name:
/// the engine's registration (do_register_internal_class) would replace that class without a
/// word and free it under whoever holds it (class.cpp).
void refuse_taken_class_name(const char* what, const std::string& name);
struct class_node;
/// This extension's bound classes by C++ type (class.cpp; bound_class_of() reads it).
std::unordered_map<std::type_index, const class_node*>& classes_by_type();
void clear_function_cache() noexcept;  // the by-name call cache (call.cpp)
void free_deferred_persistent() noexcept;  // persistent data released during the request (persistent.cpp)

// Request stamps (lifetime.cpp): every request gets the next number of a
// process-wide clock when it starts. Memory handed to requests up to stamp h
// may be freed once oldest_request_stamp() > h: no request that could hold it runs.
uint64_t request_stamp() noexcept;  // this thread's running request; 0 outside one
uint64_t oldest_request_stamp() noexcept;  // of the running requests (every thread); UINT64_MAX if none

// A refusal's path (persistent.cpp): `[3]` for an int key, `['it\'s']` for a string key.
void append_path_element(std::string& out, const zend_string* key, zend_ulong h);

// An exception raised where the engine does not check for one (edge.cpp): set
// aside, raised at the VM's next interrupt check. The hook is installed while a
// module of this library copy is started; what is still set aside when a
// request ends is dropped.
void defer_exception() noexcept;
void drop_deferred_exception() noexcept;
void interrupt_hook_acquire() noexcept;
void interrupt_hook_release() noexcept;

// php::Runtime (runtime.cpp): whether a request is open on this thread, and the SAPI callbacks
// of Runtime::serve() (server.cpp), set by a static initializer of server.cpp when a program
// links it, installed by each Runtime before the engine starts.
extern thread_local bool runtime_request_open;
extern void (*runtime_sapi_setup)(_sapi_module_struct& sapi) noexcept;
extern zend_module_entry* (*runtime_server_module)();  // phpbind_handle_request()'s module
// An exception a request's code let escape, reported as PHP reports one that escapes a script:
// the user exception handler first, else "PHP Fatal error: Uncaught ..." (runtime.cpp).
void report_uncaught(zend_object* ex) PHPBIND_JMP_NOEXCEPT;
// Runs a script file as the request's main script under zend_try (runtime.cpp): run_file(),
// serve() and serve_worker().
void execute_script(const char* path) PHPBIND_JMP_NOEXCEPT;

// Logical requests (module.cpp): while a worker script's engine request runs
// (worker_engine_request), RINIT and RSHUTDOWN leave the modules' logical request callbacks to
// server.cpp, which runs them around each request the script handles.
extern thread_local bool worker_engine_request;
std::vector<module*>& logical_modules() noexcept;  // the started modules that have such callbacks
void logical_request_start() noexcept;
void logical_request_end() noexcept;

/// A module of this library copy as the engine started it.
struct started_module {
    const std::string& name;
    int type;  // MODULE_PERSISTENT, or MODULE_TEMPORARY (dl())
    int number;
};

/// An optional part of the library (the persistent heap, engine hooks, replaced user functions,
/// native functions): linked into an extension only when the extension uses it, it registers its
/// lifecycle work with the core from a static initializer of its source (which runs when the
/// extension or program is loaded, before any module starts), so the core never names it. Each
/// callback may be null. The core calls them in ascending `order`:
///   module_started   each phpbind module's MINIT, after its own startup work succeeded;
///   module_shutdown  each such module's MSHUTDOWN, after its shutdown callbacks;
///   request_started  the request's first phpbind RINIT, after its stamp was taken;
///   request_ending   the last RSHUTDOWN (no user code runs after it), after retained values went;
///   request_finished after the engine deactivated the request, after the stamp was dropped;
///   unloaded         when the extension is unloaded (free what lives as long as the process).
struct subsystem {
    int order = 0;
    void (*module_started)(const started_module&) noexcept = nullptr;
    void (*module_shutdown)(const started_module&) noexcept = nullptr;
    void (*request_started)() noexcept = nullptr;
    void (*request_ending)() noexcept = nullptr;
    void (*request_finished)() noexcept = nullptr;
    void (*unloaded)() noexcept = nullptr;
    subsystem* next = nullptr;
};
/// Registers `s` (static storage) once; call from a static initializer.
void add_subsystem(subsystem& s) noexcept;
/// The registered subsystems, in ascending order (lifetime.cpp).
subsystem* subsystems() noexcept;

// When the extension is unloaded.
void free_call_data() noexcept;  // call.cpp
void free_deferred_list() noexcept;  // persistent.cpp
void free_request_stamps() noexcept;  // lifetime.cpp
void free_type_names() noexcept;  // the union type names of arg info (stl.cpp)

// The stub generator's metadata (stubs.cpp), recorded only when PHPBIND_STUB_METADATA is set.
struct stub_metadata;
struct function_record;
stub_metadata* new_stub_metadata_if_asked();
void delete_stub_metadata(stub_metadata* s) noexcept;
void record_stub_function(stub_metadata& s, const function_record& r);
void record_stub_type(stub_metadata& s, std::string_view name, const std::vector<zend_function_entry>* methods);
void record_stub_doc(stub_metadata& s, std::string_view name, const char* doc);
void write_stub_metadata(const stub_metadata& s, const std::string& module_name) noexcept;

}  // namespace detail
PHPBIND_NAMESPACE_END
