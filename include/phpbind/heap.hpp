// phpbind/heap.hpp — the persistent heap: named data and object graphs that
// outlive requests, handed back to PHP without copying.
//
//   static php::Static<php::Heap> heap;                 // process lifetime
//   heap->put("routes", routes);                         // deep copy, once
//   php::Value r = *heap->get("routes");                 // any later request: O(1)
//
// put() copies a value into one block of persistent memory: strings become
// persistent interned strings (each distinct text once per value), arrays
// immutable arrays, as opcache stores literal arrays. get() hands data back
// without copying, whatever its size. Plain userland objects (declared
// properties, standard handlers), graphs of them and enum cases are stored
// too, identity-preserving: on the first get() of a key in a request, every
// recorded class is looked up and its layout compared with the recorded one
// (read only, complete before anything is written), then the graph is built
// as request objects once; later get()s in that request return the same
// objects. Anything else is refused before anything is allocated, with the
// path of the offending value. docs/heap.md has the model and its rules.
#pragma once

#include <phpbind/exceptions.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/value.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

/// A value put() refuses (a resource, a closure, an object of an internal
/// class...): the message names the path (`$root(App\Node)->children[3]->stream:
/// a resource cannot be stored`). PHP: ValueError.
class heap_unstorable : public throwable {
public:
    explicit heap_unstorable(std::string message)
        : throwable([]() noexcept { return zend_ce_value_error; }, std::move(message)) {}
};

/// A stored object graph whose classes no longer exist or no longer have the
/// recorded layout in this request; the message names the class and the
/// difference. PHP: Error.
class heap_class_mismatch : public throwable {
public:
    explicit heap_class_mismatch(std::string message)
        : throwable([]() noexcept { return zend_ce_error; }, std::move(message)) {}
};

/// The heap's memory cannot hold the value (a fixed-size arena is full, or
/// allocation failed); nothing was stored. PHP: RuntimeException.
class heap_full : public throwable {
public:
    explicit heap_full(std::string message)
        : throwable([]() noexcept { return spl_ce_RuntimeException; }, std::move(message)) {}
};

/// What the heap holds, for one key or in total.
struct heap_stats {
    size_t keys = 0;  // stored keys (1 for one key's stats)
    size_t objects = 0;  // stored objects (enum cases count as objects)
    size_t strings = 0;  // distinct strings (per stored value)
    size_t arrays = 0;  // non-empty arrays
    size_t bytes = 0;  // persistent bytes of the stored blocks
    size_t retired = 0;  // values removed or replaced, kept until no request can see them
    size_t retired_bytes = 0;  // their bytes
    size_t capacity = 0;  // in total: the most the heap's memory holds (0: no fixed bound)
    size_t available = 0;  // in total, with a capacity: what is left of it
};

/// Where a heap's blocks come from: the process's own heap (the default), or
/// another allocator (a fork-shared arena). Blocks are never handed to the
/// engine's allocators.
class heap_memory {
public:
    virtual ~heap_memory() = default;
    /// A block of `bytes` bytes, 16-aligned; nullptr when there is no room.
    virtual void* allocate(size_t bytes) noexcept = 0;
    /// Gives back a block allocate() returned.
    virtual void deallocate(void* block, size_t bytes) noexcept = 0;
    /// The most it holds; 0: no fixed bound.
    virtual size_t capacity() const noexcept { return 0; }
    /// With a capacity: what is left of it.
    virtual size_t available() const noexcept { return 0; }
};

/// The process's own heap (what a php::Heap uses by default). With `limit_bytes` > 0 it refuses
/// an allocation that would take its total beyond that many bytes (put() throws php::heap_full).
std::shared_ptr<heap_memory> process_heap_memory(size_t limit_bytes = 0);

namespace detail {
struct heap_core;
}

/// Named values and object graphs in persistent memory, for the life of the
/// process (or until removed). Keys are strings. Thread-safe: a thread-safe
/// engine's requests may use one heap at once.
class Heap {
public:
    static constexpr lifetime php_lifetime = lifetime::persistent;

    /// A heap in the process's memory.
    Heap();
    /// A heap whose blocks come from `memory`.
    explicit Heap(std::shared_ptr<heap_memory> memory);
    /// A heap in `bytes` of memory mapped now and shared with every process
    /// forked after this call: make it at module startup, and every php-fpm
    /// worker (or forked server process) sees the same keys and is handed the
    /// same blocks. Data and plain userland objects only: objects of bound
    /// C++ classes are refused (their copies would live in one process).
    /// Throws php::value_error if `bytes` is too small to be useful, php::heap_full
    /// if the mapping fails, php::logic_exception if phpbind was built without it
    /// (PHPBIND_FORK_SHARED_HEAP=OFF, docs/building.md).
    static std::unique_ptr<Heap> fork_shared(size_t bytes);
    Heap(const Heap&) = delete;
    Heap& operator=(const Heap&) = delete;
    /// A process heap frees every stored value: destroy it outside a request.
    /// A fork-shared heap lets go of this process's mapping only; the memory
    /// goes with the last process that maps it.
    ~Heap();

    /// Stores a deep copy of `value` under `key` (replacing what was there).
    /// Throws php::heap_unstorable, naming the path (`name` is the root:
    /// "$root"), before anything is allocated; php::heap_full when the memory
    /// has no room. `ttl_seconds` > 0: the key expires that long after the put (never, if that is
    /// past the end of the clock).
    void put(std::string_view key, ValueView value, std::string_view name = "$root", int64_t ttl_seconds = 0);
    /// The value stored under `key`, or nothing. Needs a running request.
    /// Data comes back without copying (immutable arrays, interned strings);
    /// an object graph is built as request objects on the first get() of the
    /// key in a request (after its classes were verified: php::heap_class_mismatch)
    /// and the same objects are returned by later calls in that request.
    std::optional<Value> get(std::string_view key);
    /// Removes `key`; false if it was not there. Its memory is freed at once
    /// if no running request was handed the value, otherwise once every
    /// request that could still see it has ended.
    bool remove(std::string_view key);
    /// Whether `key` is stored (and not expired).
    bool contains(std::string_view key) const;
    /// The stored keys, in no particular order.
    std::vector<std::string> keys() const;
    /// Totals over every key.
    heap_stats stats() const;
    /// One key's figures; nothing if it is not stored.
    std::optional<heap_stats> stats(std::string_view key) const;
    /// Removes every key (memory freed as remove() frees it).
    void destroy();
    /// Whether this heap lives in a fork-shared arena (fork_shared()).
    bool is_fork_shared() const noexcept;

private:
    explicit Heap(std::unique_ptr<detail::heap_core> core);
    std::unique_ptr<detail::heap_core> core_;
};

PHPBIND_NAMESPACE_END
