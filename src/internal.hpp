// src/internal.hpp — what the compiled files of phpbind share with each other
// and with no header: cleanup entry points called at request end and when the
// extension is unloaded.
#pragma once

#include <phpbind/engine.hpp>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// At the end of every request.
void clear_function_cache() noexcept;      // the by-name call cache (call.cpp)
void free_deferred_persistent() noexcept;  // persistent data released during the request (persistent.cpp)

// When the extension is unloaded.
void free_call_data() noexcept;      // call.cpp
void free_deferred_list() noexcept;  // persistent.cpp
void free_type_names() noexcept;     // the union type names of arg info (stl.cpp)

} // namespace detail
PHPBIND_NAMESPACE_END
