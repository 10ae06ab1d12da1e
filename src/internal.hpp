// src/internal.hpp — what the compiled files of phpbind share with each other
// and with no header: cleanup entry points called at request end and when the
// extension is unloaded.
#pragma once

#include <phpbind/engine.hpp>

#include <string>
#include <string_view>
#include <vector>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// At the end of every request.
/// Throws "<what> <name>: a class of that name already exists" if the class table has the name:
/// the engine's registration (do_register_internal_class) would replace that class without a
/// word and free it under whoever holds it (class.cpp).
void refuse_taken_class_name(const char* what, const std::string& name);
void clear_function_cache() noexcept;  // the by-name call cache (call.cpp)
void free_deferred_persistent() noexcept;  // persistent data released during the request (persistent.cpp)
void heap_request_started() noexcept;  // after the request's stamp was taken: fork-shared heaps count it (heap.cpp)
void heap_request_ending() noexcept;  // the last RSHUTDOWN: object graphs rebuilt in the request go (heap.cpp)
void heap_request_finished() noexcept;  // after the request: heap blocks no request can see are freed (heap.cpp)

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

// Engine hooks (hooks.cpp): those installed for the request are removed at
// its end (the last RSHUTDOWN); hooks that could not be unlinked yet are
// retried at every request start and end and module shutdown.
void hooks_request_ending() noexcept;
void hooks_sweep() noexcept;
void hooks_module_started(bool persistent) noexcept;
// User functions replaced by C++ (function_hooks.cpp).
void user_replace_refusal(const zend_function* f, const std::string& shown, bool for_module);
void user_replacements_module_started(bool persistent) noexcept;
void user_replacements_request_ending() noexcept;  // after hooks_request_ending()
void user_replacements_engine_ending() noexcept;
void hooks_module_shutdown(bool engine_ending) noexcept;

// Native Closures and run-time functions (native.cpp): set up when the first
// module of this library copy starts, torn down when the last one shuts down;
// run-time functions are removed at the request's end (the last RSHUTDOWN).
void native_module_started(const std::string& module_name, int module_type, int module_number) noexcept;
void native_module_shutdown() noexcept;
void native_request_ending() noexcept;

// When the extension is unloaded.
void free_call_data() noexcept;  // call.cpp
void free_deferred_list() noexcept;  // persistent.cpp
void free_heap_registry() noexcept;  // heap.cpp
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
