// phpbind/engine.hpp — the one place that includes the Zend engine's headers.
//
// Every other phpbind header includes this one instead of php.h. It fixes the
// include order PHP needs from C++, defines the versioned namespace macros and
// the few compiler attributes the library uses, and holds the version checks
// for engine differences between PHP 8.1 and 8.5.
#pragma once

#include <php.h>
#include <main/php_main.h>
#include <ext/standard/info.h>
#include <ext/spl/spl_exceptions.h>
#include <zend_exceptions.h>
#include <zend_interfaces.h>
#include <zend_closures.h>
#include <zend_enum.h>
#include <zend_attributes.h>

// PHP's headers define macros that collide with the C++ standard library.
#undef min
#undef max
#undef snprintf
#undef vsnprintf

#if PHP_VERSION_ID < 80100
#error "phpbind needs PHP 8.1 or newer"
#endif

#define PHPBIND_VERSION_MAJOR 0
#define PHPBIND_VERSION_MINOR 1
#define PHPBIND_VERSION_STRING "0.1.0"

// Everything phpbind defines lives in php::v0_1 (an inline namespace), so two
// extensions built with different phpbind versions never share a symbol, even
// before hidden visibility is taken into account.
#define PHPBIND_NAMESPACE_BEGIN                                                                                        \
    namespace php {                                                                                                    \
    inline namespace v0_1 {
#define PHPBIND_NAMESPACE_END                                                                                          \
    }                                                                                                                  \
    }

#define PHPBIND_COLD __attribute__((cold, noinline))
#define PHPBIND_INLINE __attribute__((always_inline)) inline
#define PHPBIND_EXPORT extern "C" __attribute__((visibility("default")))
// A hot loop unrolled four times. Not in wasm: clang cannot unroll a loop whose body may throw
// there (a wasm exception's landing pad) and warns that it did not.
#ifdef __wasm__
#define PHPBIND_UNROLL4
#else
#define PHPBIND_UNROLL4 _Pragma("GCC unroll 4")
#endif
// A function with a zend_try, or between one and the engine calls it guards: noexcept natively,
// not in wasm. There longjmp unwinds as a wasm exception, and a noexcept frame that calls what
// may throw stops it in a handler that calls std::terminate. (__wasm__: Emscripten and WASI.)
#ifdef __wasm__
#define PHPBIND_JMP_NOEXCEPT
#else
#define PHPBIND_JMP_NOEXCEPT noexcept
#endif

// ---- The build settings every source of one extension must share --------------
// The library target (phpbind::phpbind, phpbind::debug, phpbind::asan)
// carries the settings it was compiled with to its consumers; a source
// compiled otherwise is refused here, at compile time, with both named.
// phpbind::debug defines PHPBIND_DEBUG for its consumers, which changes the
// layout of the view types: one translation unit with it and one without in
// the same extension would corrupt the heap.
#if defined(PHPBIND_LIBRARY_DEBUG) && !PHPBIND_LIBRARY_DEBUG && defined(PHPBIND_DEBUG)
#error                                                                                                                 \
    "PHPBIND_DEBUG is defined, but this target links phpbind::phpbind, which was compiled without it: link phpbind::debug instead (phpbind_add_extension(<name> DEBUG ...)) and do not define PHPBIND_DEBUG yourself"
#endif
#if defined(PHPBIND_LIBRARY_DEBUG) && PHPBIND_LIBRARY_DEBUG && !defined(PHPBIND_DEBUG)
#error "this target links phpbind::debug (compiled with PHPBIND_DEBUG), but PHPBIND_DEBUG is not defined here"
#endif
#if defined(PHPBIND_LIBRARY_PHP_VERSION_ID)
PHPBIND_NAMESPACE_BEGIN
namespace detail {
/// Fails to compile, naming both versions in the instantiation, when the
/// installed library was compiled against another PHP than these headers.
template <long Library, long Headers>
struct php_headers_match {
    static_assert(Library / 100 == Headers / 100,
                  "phpbind was compiled against another PHP than the headers of this build "
                  "(the versions are the template arguments, library first): rebuild phpbind "
                  "with this PHP's php-config, or build this extension against the PHP phpbind was built for");
    static constexpr bool value = true;
};
static_assert(php_headers_match<PHPBIND_LIBRARY_PHP_VERSION_ID, PHP_VERSION_ID>::value);
}  // namespace detail
PHPBIND_NAMESPACE_END
#endif

// The last line of defence, for builds that bypass both checks above: every
// source refers to a symbol named by its own settings, which only a library
// compiled with the same settings defines (src/abi.cpp). A mismatch is an
// undefined symbol at link time, named after what the source expected.
#define PHPBIND_DETAIL_STR2(x) #x
#define PHPBIND_DETAIL_STR(x) PHPBIND_DETAIL_STR2(x)
#define PHPBIND_DETAIL_CAT5(a, b, c, d, e) a##b##c##d##e
#define PHPBIND_DETAIL_XCAT5(a, b, c, d, e) PHPBIND_DETAIL_CAT5(a, b, c, d, e)
#ifdef ZTS
#define PHPBIND_DETAIL_ABI_ZTS _zts
#else
#define PHPBIND_DETAIL_ABI_ZTS _nts
#endif
#if ZEND_DEBUG
#define PHPBIND_DETAIL_ABI_ZDEBUG _engine_debug
#else
#define PHPBIND_DETAIL_ABI_ZDEBUG _engine_release
#endif
#ifdef PHPBIND_DEBUG
#define PHPBIND_DETAIL_ABI_PBDEBUG _with_PHPBIND_DEBUG
#else
#define PHPBIND_DETAIL_ABI_PBDEBUG _without_PHPBIND_DEBUG
#endif
#define PHPBIND_DETAIL_ABI_TAG                                                                                         \
    PHPBIND_DETAIL_XCAT5(phpbind_for_php_api_, ZEND_MODULE_API_NO, PHPBIND_DETAIL_ABI_ZTS, PHPBIND_DETAIL_ABI_ZDEBUG,  \
                         PHPBIND_DETAIL_ABI_PBDEBUG)
#define PHPBIND_DETAIL_ABI_STRING PHPBIND_DETAIL_STR(PHPBIND_DETAIL_ABI_TAG)
extern "C" __attribute__((visibility("hidden"))) const char PHPBIND_DETAIL_ABI_TAG[];
namespace {
// One pointer per translation unit; `used` keeps it in the object file and
// `retain` in the link, also under --gc-sections (and so the reference).
[[gnu::used, gnu::retain]] const char* const phpbind_detail_abi_reference = PHPBIND_DETAIL_ABI_TAG;
}  // namespace

// ---- Engine differences between the PHP versions phpbind supports ---------------
// Gathered here so the rest of the library reads as one engine. Only what
// differs in declarations needs the preprocessor; everything else is plain C++.
#if PHP_VERSION_ID >= 80200
// PHP 8.2 keeps a packed array's elements as bare zvals, earlier versions as Buckets.
#define PHPBIND_PACKED_ZVALS 1
// ZEND_HASH_FILL_PACKED's slot for the next element.
#define PHPBIND_DETAIL_FILL_SLOT __fill_val
#else
#define PHPBIND_PACKED_ZVALS 0
#define PHPBIND_DETAIL_FILL_SLOT (&__fill_bkt->val)
#endif

// The type bit of a class name given as a C string in an internal function's arg info, which
// zend_register_functions() interns. Engines that define _ZEND_TYPE_LITERAL_NAME_BIT (8.4 does)
// convert only names under that bit and read one under _ZEND_TYPE_NAME_BIT as a zend_string.
#ifdef _ZEND_TYPE_LITERAL_NAME_BIT
#define PHPBIND_ARGINFO_CLASS_NAME_BIT _ZEND_TYPE_LITERAL_NAME_BIT
#else
#define PHPBIND_ARGINFO_CLASS_NAME_BIT _ZEND_TYPE_NAME_BIT
#endif

PHPBIND_NAMESPACE_BEGIN
namespace detail {

/// Whether `ht` keeps Buckets (with keys) rather than bare zvals.
inline bool has_buckets(const HashTable* ht) noexcept { return !PHPBIND_PACKED_ZVALS || !HT_IS_PACKED(ht); }

/// What zend_object_iterator_funcs::valid returns: int before PHP 8.4, zend_result since.
using iterator_valid_result = decltype(zend_object_iterator_funcs{}.valid(nullptr));

/// Whether a class declares or inherits hooked properties (PHP 8.4's property hooks): the
/// engine then builds its property tables from the slots, without get_properties.
inline bool has_hooked_properties([[maybe_unused]] const zend_class_entry* ce) noexcept {
#if PHP_VERSION_ID >= 80400
    return ce->num_hooked_props != 0;
#else
    return false;
#endif
}

/// Whether PHP's flush() sends the response headers when no output has left yet: php-fpm's flush
/// does since PHP 8.4 (php-src GH-12385); before, the headers waited for the first output.
/// Runtime::serve() does what the engine's own php-fpm does.
inline constexpr bool flush_sends_headers = PHP_VERSION_ID >= 80400;

/// memory_limit inside an internal function. An engine with delayed out-of-memory handling
/// (EG(delayed_oom), ZEND_HAS_OOM(): Debian's PHP 8.2 series) lets an allocation past the limit
/// succeed and records the condition; the VM raises the usual fatal error once the internal call
/// returns, and the allocator ends the process when a request goes on past the hard limit
/// (memory_hard_limit_percent, twice memory_limit by default). Its fallible allocations fail
/// instead of going past the limit. An engine without it (PHP 8.4.24) raises the fatal error
/// at the allocation, a longjmp that would skip the C++ frames above it: there phpbind refuses
/// its own allocations that could go past the limit before it makes them (reserve_memory()),
/// records the refusal as the other engine records the condition, and the edge of the bound
/// function raises the engine's fatal error once C++ has unwound.
#ifndef ZEND_HAS_OOM
struct memory_budget {
    /// Bytes phpbind may still allocate before it asks the engine again; stale (0) after PHP
    /// code or the engine ran (an edge's entry, into_php()).
    ptrdiff_t bytes = 0;
    /// An allocation was refused: memory_limit is reached for this call.
    bool refused = false;
};
#ifdef ZTS
inline thread_local memory_budget budget;
#else
inline memory_budget budget;
#endif
/// The budget from the engine's real usage (src/edge.cpp): true when `bytes` fit with a chunk to
/// spare (zend_mm_alloc_pages() and zend_mm_alloc_huge() refuse nothing then); otherwise the
/// refusal is recorded for the edge.
PHPBIND_COLD bool refresh_memory_budget(size_t bytes) noexcept;
#endif
inline bool oom_pending() noexcept {
#ifdef ZEND_HAS_OOM
    return ZEND_HAS_OOM();
#else
    return budget.refused;
#endif
}
/// Before phpbind allocates `bytes` of request memory (an upper bound, a table's growth
/// included): false when memory_limit is reached. On an engine with delayed handling the
/// allocation itself records the condition, and this says nothing new.
PHPBIND_INLINE bool reserve_memory([[maybe_unused]] size_t bytes) noexcept {
#ifdef ZEND_HAS_OOM
    return true;
#else
    if (EXPECTED(!budget.refused) && EXPECTED((budget.bytes -= static_cast<ptrdiff_t>(bytes)) >= 0)) return true;
    return refresh_memory_budget(bytes);
#endif
}
/// The budget is stale: PHP code or the engine may have allocated since it was taken.
PHPBIND_INLINE void memory_budget_stale() noexcept {
#ifndef ZEND_HAS_OOM
    budget.bytes = 0;
#endif
}
/// What inserting into `ht` may allocate: its first table when none is allocated yet, its
/// separation when shared, its growth when full, a key (small) otherwise.
PHPBIND_INLINE size_t insert_bytes([[maybe_unused]] const HashTable* ht, [[maybe_unused]] size_t key_len = 0) noexcept {
#ifdef ZEND_HAS_OOM
    return 0;
#else
    const size_t slots = static_cast<size_t>(ht->nTableSize) * (sizeof(Bucket) + 2 * sizeof(uint32_t));
    size_t grow = 0;
    if (HT_FLAGS(ht) & HASH_FLAG_UNINITIALIZED) grow = slots;
    else if (ht->nNumUsed >= ht->nTableSize || GC_REFCOUNT(ht) > 1) grow = 2 * slots;
    return grow + key_len + 64;
#endif
}
/// zend_hash_real_init_packed(), fallible where the engine has fallible allocations: false (and
/// the table left uninitialised) when the slots would go past memory_limit.
inline bool init_packed(HashTable* ht) noexcept {
#ifdef ZEND_HAS_OOM
    return zend_hash_real_finit_packed(ht, true) == SUCCESS;
#else
    if (UNEXPECTED(!reserve_memory(static_cast<size_t>(ht->nTableSize) * sizeof(zval) + 64))) return false;
    zend_hash_real_init_packed(ht);
    return true;
#endif
}
/// zend_hash_real_init_mixed(), the same way: a hash's table allocated whole, up front.
inline bool init_mixed(HashTable* ht) noexcept {
#ifdef ZEND_HAS_OOM
    return zend_hash_real_finit_mixed(ht, true) == SUCCESS;
#else
    const size_t slot = sizeof(Bucket) + 2 * sizeof(uint32_t);
    if (UNEXPECTED(!reserve_memory(static_cast<size_t>(ht->nTableSize) * slot + 64))) return false;
    zend_hash_real_init_mixed(ht);
    return true;
#endif
}
/// A request string of `len` bytes, fallible where the engine can be: nullptr when it would go
/// past memory_limit. Only strings of at least a huge block's size (ZEND_MM_CHUNK_SIZE) are
/// allocated fallibly: from under the limit, a smaller one goes past the hard limit only with a
/// memory_limit under 2 MB, and the loops that build many check oom_pending().
inline zend_string* string_alloc(size_t len) noexcept {
#ifdef ZEND_HAS_OOM
    if (UNEXPECTED(len >= ZEND_MM_CHUNK_SIZE)) return zend_string_falloc(len, false, true);
#else
    if (UNEXPECTED(!reserve_memory(len + sizeof(zend_string)))) return nullptr;
#endif
    return zend_string_alloc(len, false);
}

/// Whether `bytes` more request memory surely stays under memory_limit, on an engine that raises
/// the fatal error at the allocation. Its allocator refuses only what it must take from the
/// system past the limit: a huge block (zend_mm_alloc_huge(): the real size plus the block over
/// the limit) or a new chunk (zend_mm_alloc_pages(): ZEND_MM_CHUNK_SIZE more than the limit
/// leaves). Neither can happen while the real size plus `bytes` plus a chunk fits.
inline bool surely_under_limit(size_t bytes) noexcept {
    const zend_long limit = PG(memory_limit);
    if (limit == -1) return true;
    const size_t room = static_cast<size_t>(limit);
    const size_t real = zend_memory_usage(true);
    return real <= room && bytes <= room - real && ZEND_MM_CHUNK_SIZE <= room - real - bytes;
}

/// After the engine handled an out-of-memory condition (its fatal error reported, the UnwindExit
/// that ends the script on its way), its interrupt check no longer calls zend_interrupt_function:
/// the delayed-OOM branch of zend_interrupt_helper comes first, and for a handled condition it
/// does nothing. An exception set aside for that check hides the handled state until the check
/// (true if it did), where oom_restore_handled() puts it back.
inline bool oom_hide_handled() noexcept {
#ifdef ZEND_HAS_OOM
    if (EG(delayed_oom).state != ZEND_OOM_STATE_HANDLED) return false;
    EG(delayed_oom).state = ZEND_OOM_STATE_NONE;
    return true;
#else
    return false;
#endif
}
inline void oom_restore_handled() noexcept {
#ifdef ZEND_HAS_OOM
    if (EG(delayed_oom).state == ZEND_OOM_STATE_NONE) EG(delayed_oom).state = ZEND_OOM_STATE_HANDLED;
#endif
}

/// Makes the VM call its interrupt helper at the next instruction boundary where it checks.
inline void request_interrupt() noexcept {
#if PHP_VERSION_ID >= 80200
    zend_atomic_bool_store_ex(&EG(vm_interrupt), true);
#else
    EG(vm_interrupt) = 1;
#endif
}

/// How the engine names a value in a type error: "true"/"false" from PHP 8.3 on
/// (zend_zval_value_name), "bool" before (zend_zval_type_name); a class name for an object.
inline const char* value_name(const zval* z) noexcept {
#if PHP_VERSION_ID >= 80300
    return zend_zval_value_name(z);
#else
    return zend_zval_type_name(z);
#endif
}

/// Gives an internal function the attribute #[\Deprecated(since: ..., message: ...)] after its
/// registration, as php-src's generated arg info does (PHP 8.4's zend_deprecated_function() reads
/// the call's message from it). Before 8.4 there is no such attribute: ZEND_ACC_DEPRECATED alone.
inline void add_deprecated_attribute([[maybe_unused]] zend_function* f, [[maybe_unused]] const char* message,
                                     [[maybe_unused]] const char* since) {
#if PHP_VERSION_ID >= 80400
    const uint32_t argc = (since ? 1u : 0u) + (message ? 1u : 0u);
    zend_attribute* a = zend_add_function_attribute(f, ZSTR_KNOWN(ZEND_STR_DEPRECATED_CAPITALIZED), argc);
    uint32_t i = 0;
    if (since) {
        ZVAL_INTERNED_STR(&a->args[i].value, zend_string_init_interned(since, strlen(since), 1));
        a->args[i++].name = ZSTR_KNOWN(ZEND_STR_SINCE);
    }
    if (message) {
        ZVAL_INTERNED_STR(&a->args[i].value, zend_string_init_interned(message, strlen(message), 1));
        a->args[i].name = ZSTR_KNOWN(ZEND_STR_MESSAGE);
    }
#endif
}

/// zend_compile_string() for code after `<?php`.
inline zend_op_array* compile_string(zend_string* src, const char* filename) {
#if PHP_VERSION_ID >= 80200
    return zend_compile_string(src, filename, ZEND_COMPILE_POSITION_AFTER_OPEN_TAG);
#else
    return zend_compile_string(src, filename);
#endif
}

/// php_module_startup() for an embedding SAPI with no additional modules.
inline bool module_startup(sapi_module_struct* sapi) {
#if PHP_VERSION_ID >= 80200
    return php_module_startup(sapi, nullptr) == SUCCESS;
#else
    return php_module_startup(sapi, nullptr, 0) == SUCCESS;
#endif
}

/// INI entries of a module, registered as a persistent (MINIT) or runtime (dl()) module's.
inline bool register_ini_entries(const zend_ini_entry_def* defs, int module_number, [[maybe_unused]] int type) {
#if PHP_VERSION_ID >= 80200
    return zend_register_ini_entries_ex(defs, module_number, type) == SUCCESS;
#else
    return zend_register_ini_entries(defs, module_number) == SUCCESS;
#endif
}
inline void unregister_ini_entries(int module_number, [[maybe_unused]] int type) {
#if PHP_VERSION_ID >= 80200
    zend_unregister_ini_entries_ex(module_number, type);
#else
    zend_unregister_ini_entries(module_number);
#endif
}

}  // namespace detail
PHPBIND_NAMESPACE_END
