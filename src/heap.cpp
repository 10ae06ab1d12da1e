// src/heap.cpp — php::Heap: where its blocks and key directory live (the
// process, or an arena shared by the processes forked after it was mapped),
// which requests may still see a block, and the API (phpbind/heap.hpp).
// The blocks themselves are src/heap_graph.cpp's.
#include "heap_graph.hpp"
#include <phpbind/detail/edge.hpp>
#include "internal.hpp"

// The fork-shared arena's allocator is Boost.Interprocess: a build without Boost's headers
// (PHPBIND_FORK_SHARED_HEAP=OFF) has every heap but that one.
#if PHPBIND_FORK_SHARED_HEAP
#include <boost/interprocess/mem_algo/rbtree_best_fit.hpp>
#include <boost/interprocess/sync/mutex_family.hpp>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// ---- The key directory -----------------------------------------------------------------
// In the heap's own memory (so a fork-shared arena holds it too), read and
// written under the heap's lock only. Retired values are listed through their
// blocks (graph::retired_next): retiring never allocates, so it cannot fail.

struct dir_entry {
    dir_entry* next;  // in its bucket
    graph* g;
    uint64_t generation;
    uint64_t handed;  // the newest request stamp that was handed the value (0: none)
    int64_t expires;  // steady seconds; 0: never
    // The graph the request with this stamp rebuilt (the request's own,
    // process-local objects), the way back to it for the rest of that request.
    uint64_t rebuilt_stamp;
    zval rebuilt_root;
    size_t hash;
    uint32_t key_len;
    char key[1];  // key_len bytes
    std::string_view name() const noexcept { return {key, key_len}; }
};

struct directory {
    dir_entry** buckets;
    uint32_t bucket_count;
    uint32_t size;
    graph* retired;
    uint32_t retired_count;
    uint64_t generations;
};

int64_t now_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// What differs between a heap in the process and one in a fork-shared arena.
class heap_space {
public:
    virtual ~heap_space() = default;
    virtual void* allocate(size_t bytes) noexcept = 0;
    virtual void deallocate(void* block, size_t bytes) noexcept = 0;
    virtual void lock() noexcept = 0;
    virtual void unlock() noexcept = 0;
    /// The stamp of the request this thread runs, as this heap counts them; 0 outside one.
    virtual uint64_t stamp() noexcept = 0;
    /// The oldest stamp of a request running anywhere this heap is seen (UINT64_MAX: none).
    virtual uint64_t oldest() noexcept = 0;
    virtual void request_started() noexcept {}
    virtual void request_finished() noexcept {}
    virtual bool fork_shared() const noexcept = 0;
    virtual size_t capacity() const noexcept = 0;
    virtual size_t available() const noexcept = 0;
    directory& dir() noexcept { return *dir_; }

    // ---- under the lock
    dir_entry* find(std::string_view key, size_t hash) noexcept {
        if (!dir_->bucket_count) return nullptr;
        for (dir_entry* e = dir_->buckets[hash % dir_->bucket_count]; e; e = e->next) {
            if (e->hash == hash && e->name() == key) return e;
        }
        return nullptr;
    }
    // nullptr: no room.
    dir_entry* add(std::string_view key, size_t hash) noexcept {
        if (dir_->size >= dir_->bucket_count) grow();
        if (!dir_->bucket_count) return nullptr;
        auto* e = static_cast<dir_entry*>(allocate(offsetof(dir_entry, key) + key.size()));
        if (!e) return nullptr;
        memset(static_cast<void*>(e), 0, offsetof(dir_entry, key));
        e->hash = hash;
        e->key_len = static_cast<uint32_t>(key.size());
        memcpy(e->key, key.data(), key.size());
        dir_entry*& head = dir_->buckets[hash % dir_->bucket_count];
        e->next = head;
        head = e;
        ++dir_->size;
        return e;
    }
    void erase(dir_entry* e) noexcept {
        for (dir_entry** p = &dir_->buckets[e->hash % dir_->bucket_count]; *p; p = &(*p)->next) {
            if (*p == e) {
                *p = e->next;
                break;
            }
        }
        --dir_->size;
        deallocate(e, offsetof(dir_entry, key) + e->key_len);
    }
    template <class F>
    void each(F&& f) {
        for (uint32_t b = 0; b < dir_->bucket_count; ++b) {
            for (dir_entry* e = dir_->buckets[b]; e; e = e->next) f(e);
        }
    }
    void retire(graph* g, uint64_t handed) noexcept {
        g->retired_next = dir_->retired;
        g->retired_handed = handed;
        dir_->retired = g;
        ++dir_->retired_count;
    }
    // Frees what no running request can see.
    void reclaim() noexcept {
        if (!dir_->retired) return;
        const uint64_t oldest_stamp = oldest();
        for (graph** p = &dir_->retired; *p;) {
            graph* g = *p;
            if (g->retired_handed < oldest_stamp) {
                *p = g->retired_next;
                --dir_->retired_count;
                free_block(g);
            } else {
                p = &g->retired_next;
            }
        }
    }
    void free_block(graph* g) noexcept {
        free_natives(g);
        deallocate(g, g->stats.bytes);
    }
    // Everything, outside any request (the process heap's end).
    void free_all() noexcept {
        each([&](dir_entry* e) { retire(e->g, 0); });
        while (dir_->bucket_count && dir_->size) {
            for (uint32_t b = 0; b < dir_->bucket_count; ++b) {
                while (dir_->buckets[b]) erase(dir_->buckets[b]);
            }
        }
        for (graph* g = dir_->retired; g;) {
            graph* next = g->retired_next;
            free_block(g);
            g = next;
        }
        dir_->retired = nullptr;
        dir_->retired_count = 0;
        if (dir_->buckets) deallocate(dir_->buckets, sizeof(dir_entry*) * dir_->bucket_count);
        dir_->buckets = nullptr;
        dir_->bucket_count = 0;
    }

protected:
    directory* dir_ = nullptr;

private:
    // Doubles the buckets; without room it keeps the ones it has (longer chains).
    void grow() noexcept {
        const uint32_t n = dir_->bucket_count ? dir_->bucket_count * 2 : 16;
        auto* fresh = static_cast<dir_entry**>(allocate(sizeof(dir_entry*) * n));
        if (!fresh) return;
        std::fill(fresh, fresh + n, nullptr);
        for (uint32_t b = 0; b < dir_->bucket_count; ++b) {
            for (dir_entry* e = dir_->buckets[b]; e;) {
                dir_entry* next = e->next;
                e->next = fresh[e->hash % n];
                fresh[e->hash % n] = e;
                e = next;
            }
        }
        if (dir_->buckets) deallocate(dir_->buckets, sizeof(dir_entry*) * dir_->bucket_count);
        dir_->buckets = fresh;
        dir_->bucket_count = n;
    }
};

struct space_lock {
    heap_space& s;
    explicit space_lock(heap_space& sp) noexcept : s(sp) { s.lock(); }
    ~space_lock() { s.unlock(); }
    space_lock(const space_lock&) = delete;
    space_lock& operator=(const space_lock&) = delete;
};

// ---- The process's own heap ------------------------------------------------------------

class process_memory final : public heap_memory {
public:
    explicit process_memory(size_t limit) : limit_(limit) {}
    void* allocate(size_t bytes) noexcept override {
        bytes = align16(bytes);
        if (limit_) {
            size_t now = used_.load();
            do {
                if (bytes > limit_ - now) return nullptr;
            } while (!used_.compare_exchange_weak(now, now + bytes));
        }
        void* p = std::aligned_alloc(16, bytes);
        if (!p && limit_) used_ -= bytes;
        return p;
    }
    void deallocate(void* block, size_t bytes) noexcept override {
        std::free(block);
        if (limit_) used_ -= align16(bytes);
    }
    size_t capacity() const noexcept override { return limit_; }
    size_t available() const noexcept override { return limit_ ? limit_ - used_.load() : 0; }

private:
    size_t limit_;
    std::atomic<size_t> used_{0};
};

// Requests are this process's (every thread's): the stamps of lifetime.cpp.
class process_space final : public heap_space {
public:
    explicit process_space(std::shared_ptr<heap_memory> memory) : memory_(std::move(memory)) { dir_ = &own_; }
    ~process_space() override { free_all(); }
    void* allocate(size_t bytes) noexcept override { return memory_->allocate(bytes); }
    void deallocate(void* block, size_t bytes) noexcept override { memory_->deallocate(block, bytes); }
    void lock() noexcept override { mutex_.lock(); }
    void unlock() noexcept override { mutex_.unlock(); }
    uint64_t stamp() noexcept override { return request_stamp(); }
    uint64_t oldest() noexcept override { return oldest_request_stamp(); }
    bool fork_shared() const noexcept override { return false; }
    size_t capacity() const noexcept override { return memory_->capacity(); }
    size_t available() const noexcept override { return memory_->available(); }

private:
    std::shared_ptr<heap_memory> memory_;
    std::mutex mutex_;
    directory own_{};
};

#if PHPBIND_FORK_SHARED_HEAP
// ---- An arena shared by forked processes ------------------------------------------------
//
// One anonymous shared mapping, made before the server forks (module
// startup), so it sits at the same address in every worker: its blocks, and
// the pointers inside them, mean the same thing everywhere. The header holds a
// process-shared robust mutex (a worker that dies holding it does not block
// the others), the directory, the request clock and one slot per worker
// thread: the stamp of the request it runs (0: none). A block is freed once
// every slot is idle or newer than the newest request that was handed it.

using arena_algorithm = boost::interprocess::rbtree_best_fit<boost::interprocess::null_mutex_family, void*>;

struct arena_worker {
    std::atomic<int32_t> pid;  // 0: free
    std::atomic<int32_t> tid;
    std::atomic<uint64_t> active;  // the running request's stamp; 0: idle
};

inline constexpr uint64_t arena_magic = 0x7068706269647061;  // "phpbidpa"
inline constexpr size_t arena_workers = 1024;

struct arena_header {
    uint64_t magic;
    size_t bytes;
    pthread_mutex_t mutex;
    std::atomic<uint64_t> clock;
    directory dir;
    arena_worker workers[arena_workers];
};
static_assert(std::atomic<uint64_t>::is_always_lock_free && std::atomic<int32_t>::is_always_lock_free,
              "the arena's counters must be lock-free to be shared between processes");

// The request this thread runs in an arena, so get() finds its stamp without
// a lookup; `forks` tells a forked child (which inherits the forking thread's
// copy) that it is not its own.
class arena_space;
namespace {
struct running_request {
    const arena_space* space = nullptr;
    uint64_t forks = 0;
    uint64_t stamp = 0;
};
thread_local running_request running{};
std::atomic<uint64_t> forks{0};
void forked() noexcept { forks.fetch_add(1, std::memory_order_relaxed); }
}  // namespace

class arena_space final : public heap_space {
public:
    explicit arena_space(size_t bytes) {
        const size_t header = align16(sizeof(arena_header));
        const size_t minimum = header + arena_algorithm::get_min_size(0) + 4096;
        if (bytes < minimum)
            throw value_error("A fork-shared heap needs at least " + std::to_string(minimum) + " bytes, " +
                              std::to_string(bytes) + " were asked for");
        void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED)
            throw heap_full("Mapping " + std::to_string(bytes) +
                            " bytes of shared memory failed: " + std::strerror(errno));
        bytes_ = bytes;
        h_ = new (p) arena_header{};
        h_->magic = arena_magic;
        h_->bytes = bytes;
        pthread_mutexattr_t attr;
        pthread_mutexattr_init(&attr);
        pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
        pthread_mutexattr_setrobust(&attr, PTHREAD_MUTEX_ROBUST);
        pthread_mutex_init(&h_->mutex, &attr);
        pthread_mutexattr_destroy(&attr);
        algo_ = new (static_cast<char*>(p) + header) arena_algorithm(bytes - header, 0);
        dir_ = &h_->dir;
        static std::once_flag atfork;
        std::call_once(atfork, [] { pthread_atfork(nullptr, nullptr, &forked); });
    }
    ~arena_space() override {
        // This process lets go of its slots; the blocks stay for the other
        // processes, and the memory goes with the last mapping.
        for (auto& w : h_->workers) {
            if (w.pid.load() == getpid()) {
                w.active.store(0);
                w.pid.store(0);
            }
        }
        munmap(h_, bytes_);
    }
    void* allocate(size_t bytes) noexcept override { return algo_->allocate(align16(bytes)); }
    void deallocate(void* block, size_t) noexcept override { algo_->deallocate(block); }
    void lock() noexcept override {
        // A worker that died holding it: the lock is ours, its state as the
        // dead one left it (every update is a few stores; see docs/heap.md).
        if (pthread_mutex_lock(&h_->mutex) == EOWNERDEAD) pthread_mutex_consistent(&h_->mutex);
    }
    void unlock() noexcept override { pthread_mutex_unlock(&h_->mutex); }
    uint64_t stamp() noexcept override {
        if (running.space == this && running.forks == forks.load(std::memory_order_relaxed)) return running.stamp;
        arena_worker* w = mine(false);
        return w ? w->active.load() : 0;
    }
    uint64_t oldest() noexcept override {
        uint64_t oldest_stamp = std::numeric_limits<uint64_t>::max();
        for (auto& w : h_->workers) {
            const int32_t pid = w.pid.load();
            const uint64_t active = w.active.load();
            if (!pid || !active) continue;
            if (kill(pid, 0) != 0 && errno == ESRCH) {  // died in a request: it sees nothing any more
                w.active.store(0);
                w.pid.store(0);
                continue;
            }
            oldest_stamp = std::min(oldest_stamp, active);
        }
        return oldest_stamp;
    }
    void request_started() noexcept override {
        arena_worker* w = mine(true);
        if (!w) return;
        const uint64_t stamp = h_->clock.fetch_add(1) + 1;
        w->active.store(stamp);
        running = running_request{this, forks.load(std::memory_order_relaxed), stamp};
    }
    void request_finished() noexcept override {
        if (arena_worker* w = mine(false)) w->active.store(0);
        if (running.space == this) running = running_request{};
    }
    bool fork_shared() const noexcept override { return true; }
    size_t capacity() const noexcept override { return bytes_; }
    size_t available() const noexcept override { return algo_->get_free_memory(); }

private:
    arena_header* h_ = nullptr;
    arena_algorithm* algo_ = nullptr;
    size_t bytes_ = 0;
    // This process's slots, per thread (a forked child inherits its parent's
    // map: a slot whose pid is not ours is not ours).
    std::mutex slots_mutex_;
    std::unordered_map<std::thread::id, arena_worker*> slots_;

    arena_worker* mine(bool claim) noexcept {
        const int32_t pid = getpid();
        std::lock_guard<std::mutex> g(slots_mutex_);
        auto it = slots_.find(std::this_thread::get_id());
        if (it != slots_.end() && it->second->pid.load() == pid) return it->second;
        if (!claim) return nullptr;
        space_lock l(*this);
        for (auto& w : h_->workers) {
            const int32_t owner = w.pid.load();
            if (owner && (owner == pid || kill(owner, 0) == 0 || errno != ESRCH)) continue;
            w.active.store(0);
            w.tid.store(static_cast<int32_t>(gettid()));
            w.pid.store(pid);
            slots_[std::this_thread::get_id()] = &w;
            return &w;
        }
        return nullptr;  // every slot taken: get() refuses (heap_full)
    }
};

#endif  // PHPBIND_FORK_SHARED_HEAP

// ---- The heap --------------------------------------------------------------------------

struct rebuilt_graph {
    uint64_t generation;  // of the stored value it was rebuilt from
    zval root;  // one reference, released at the request's end
};

struct heap_core {
    std::unique_ptr<heap_space> space;
    // Object graphs rebuilt in the running request, per thread (each thread
    // of a thread-safe engine runs its own request). Process-local.
    std::mutex rebuilt_mutex;
    std::unordered_map<std::thread::id, std::unordered_map<std::string, rebuilt_graph>> rebuilt;

    bool expired(const dir_entry* e) const { return e->expires && now_seconds() >= e->expires; }
    // Under the lock.
    void drop(dir_entry* e) noexcept {
        space->retire(e->g, e->handed);
        space->erase(e);
        space->reclaim();
    }
};

// Every live heap of this extension, for the request hooks.
std::mutex heaps_lock;
std::vector<heap_core*>* heaps = nullptr;

void register_heap(heap_core* h) {
    std::lock_guard<std::mutex> g(heaps_lock);
    if (!heaps) heaps = new std::vector<heap_core*>;
    heaps->push_back(h);
}
void unregister_heap(heap_core* h) noexcept {
    std::lock_guard<std::mutex> g(heaps_lock);
    if (heaps) heaps->erase(std::remove(heaps->begin(), heaps->end(), h), heaps->end());
}

size_t key_hash(std::string_view key) noexcept { return std::hash<std::string_view>{}(key); }

}  // namespace detail

namespace detail {
namespace {

// After the request's stamp was taken: fork-shared heaps count it.
void heap_request_started() noexcept {
    std::lock_guard<std::mutex> g(heaps_lock);
    if (!heaps) return;
    for (heap_core* h : *heaps) h->space->request_started();
}

void heap_request_ending() noexcept {
    // The last phpbind module's RSHUTDOWN: the rebuilt graphs go (their
    // destructors may run: through the edge).
    std::vector<zval> drop;
    {
        std::lock_guard<std::mutex> g(heaps_lock);
        if (!heaps) return;
        for (heap_core* h : *heaps) {
            std::lock_guard<std::mutex> hl(h->rebuilt_mutex);
            auto it = h->rebuilt.find(std::this_thread::get_id());
            if (it == h->rebuilt.end()) continue;
            for (auto& [key, r] : it->second) drop.push_back(r.root);
            h->rebuilt.erase(it);
        }
    }
    for (zval& z : drop) release_zval(&z);
    // A stored graph may be cyclic: the engine collects cycles only when its
    // root buffer fills, and at the end of a request frees its memory whole
    // (unless it runs without its allocator, where they would be lost).
    if (!drop.empty() && gc_enabled()) into_php_nothrow([](void*) { gc_collect_cycles(); }, nullptr);
}

void heap_request_finished() noexcept {
    std::lock_guard<std::mutex> g(heaps_lock);
    if (!heaps) return;
    for (heap_core* h : *heaps) {
        {
            // Graphs rebuilt after the last RSHUTDOWN (by a destructor the engine
            // ran later) were freed with the request's objects: forgotten, not released.
            std::lock_guard<std::mutex> hl(h->rebuilt_mutex);
            h->rebuilt.erase(std::this_thread::get_id());
        }
        h->space->request_finished();
        space_lock l(*h->space);
        h->space->reclaim();
    }
}

void free_heap_registry() noexcept {
    delete heaps;  // empty: every heap unregistered itself
    heaps = nullptr;
}

subsystem heap_subsystem{.order = 40,
                         .request_started = &heap_request_started,
                         .request_ending = &heap_request_ending,
                         .request_finished = &heap_request_finished,
                         .unloaded = &free_heap_registry};
[[maybe_unused]] const bool heap_registered = (add_subsystem(heap_subsystem), true);

}  // namespace
}  // namespace detail

std::shared_ptr<heap_memory> process_heap_memory(size_t limit_bytes) {
    return std::make_shared<detail::process_memory>(limit_bytes);
}

Heap::Heap() : Heap(process_heap_memory()) {}

Heap::Heap(std::shared_ptr<heap_memory> memory) : core_(std::make_unique<detail::heap_core>()) {
    core_->space = std::make_unique<detail::process_space>(std::move(memory));
    detail::register_heap(core_.get());
}

Heap::Heap(std::unique_ptr<detail::heap_core> core) : core_(std::move(core)) { detail::register_heap(core_.get()); }

std::unique_ptr<Heap> Heap::fork_shared(size_t bytes) {
#if !PHPBIND_FORK_SHARED_HEAP
    (void)bytes;
    throw logic_exception("php::Heap::fork_shared: this phpbind was built without the fork-shared heap "
                          "(PHPBIND_FORK_SHARED_HEAP=OFF: Boost's headers were not found)");
#else
    auto core = std::make_unique<detail::heap_core>();
    core->space = std::make_unique<detail::arena_space>(bytes);
    // The request running now (if any) is counted as every later one is.
    if (detail::request_stamp()) core->space->request_started();
    return std::unique_ptr<Heap>(new Heap(std::move(core)));
#endif
}

Heap::~Heap() {
    detail::unregister_heap(core_.get());
    // The process heap frees every block (no request can see them outside
    // one); an arena stays for the processes that share it.
}

bool Heap::is_fork_shared() const noexcept { return core_->space->fork_shared(); }

void Heap::put(std::string_view key, ValueView value, std::string_view name, int64_t ttl_seconds) {
    detail::heap_space& space = *core_->space;
    detail::graph_copy copy(name, !space.fork_shared());
    const size_t bytes = copy.plan(value.raw());
    void* block;
    {
        detail::space_lock l(space);
        block = space.allocate(bytes);
    }
    if (!block)
        throw heap_full("The heap has no room for the " + std::to_string(bytes) + " bytes of key '" + std::string(key) +
                        "'");
    struct block_guard {
        detail::heap_space& s;
        void* p;
        size_t n;
        ~block_guard() {
            if (!p) return;
            detail::space_lock l(s);
            s.deallocate(p, n);
        }
    } guard{space, block, bytes};
    detail::graph* g = copy.write(block, value.raw());  // may throw: a bound C++ type's copy constructor
    const size_t hash = detail::key_hash(key);
    detail::space_lock l(space);
    detail::dir_entry* e = space.find(key, hash);
    if (e) {
        space.retire(e->g, e->handed);
    } else if (!(e = space.add(key, hash))) {
        throw heap_full("The heap has no room for key '" + std::string(key) + "'");  // the guard frees the block
    }
    guard.p = nullptr;
    copy.commit();
    e->g = g;
    e->generation = ++space.dir().generations;
    e->handed = 0;
    if (ttl_seconds > 0) {
        // A TTL past the end of the clock never expires (the sum would wrap into the past).
        const int64_t now = detail::now_seconds();
        e->expires = ttl_seconds > std::numeric_limits<int64_t>::max() - now ? 0 : now + ttl_seconds;
    } else {
        e->expires = 0;
    }
    e->rebuilt_stamp = 0;
    space.reclaim();
}

std::optional<Value> Heap::get(std::string_view key) {
    detail::heap_space& space = *core_->space;
    const uint64_t stamp = space.stamp();
    if (!stamp) {
        if (!detail::request_stamp()) throw php::error("php::Heap::get() needs a running request");
        throw heap_full("The fork-shared heap's table of worker threads is full");
    }
    const size_t hash = detail::key_hash(key);
    detail::graph* g;
    uint64_t generation;
    {
        detail::space_lock l(space);
        detail::dir_entry* e = space.find(key, hash);
        if (!e) return std::nullopt;
        if (core_->expired(e)) {
            core_->drop(e);
            return std::nullopt;
        }
        // Until this request ends, the block is not freed: it may hold what we hand out.
        e->handed = std::max(e->handed, stamp);
        g = e->g;
        generation = e->generation;
        if (!g->objects_count) {
            zval z;
            ZVAL_COPY_VALUE(&z, &g->root);  // immutable or interned: nothing counted
            return Value::adopt(&z);
        }
        if (e->rebuilt_stamp == stamp) {
            zval z;
            ZVAL_COPY(&z, &e->rebuilt_root);
            return Value::adopt(&z);
        }
    }
    std::string owned_key(key);
    {
        // Another thread's request rebuilt it since: this request's own objects are in its map.
        std::lock_guard<std::mutex> rl(core_->rebuilt_mutex);
        auto& mine = core_->rebuilt[std::this_thread::get_id()];
        if (auto m = mine.find(owned_key); m != mine.end() && m->second.generation == generation) {
            zval z;
            ZVAL_COPY(&z, &m->second.root);
            return Value::adopt(&z);
        }
    }
    std::vector<zend_class_entry*> classes(g->classes_count);
    detail::verify(*g, classes.data());
    // The C++ copies for native objects first (a copy constructor may throw):
    // what is not taken over by an object is deleted on the way out.
    struct copies_t {
        const detail::graph* g;
        std::vector<void*> p;
        ~copies_t() {
            for (size_t i = 0; i < p.size(); ++i) {
                if (p[i]) g->classes[g->objects[i].cls].node->heap_delete(p[i]);
            }
        }
    } copies{g, std::vector<void*>(g->objects_count, nullptr)};
    for (uint32_t i = 0; i < g->objects_count; ++i) {
        const detail::object_record& o = g->objects[i];
        if (o.native) copies.p[i] = g->classes[o.cls].node->heap_copy(o.native);
    }
    std::vector<zend_object*> made(g->objects_count);
    zval root;
    detail::rebuild r{g, classes.data(), made.data(), copies.p.data(), &root};
    detail::into_php([&] { detail::rebuild_graph(&r); });
    Value result = Value::adopt(&root);
    if (UNEXPECTED(detail::oom_pending())) {
        // The rebuild stopped at memory_limit (heap_graph.cpp): what it made goes, the engine's
        // fatal error follows once C++ has unwound.
        result = Value();
        detail::throw_memory_exhausted();
    }
    zval keep;
    result.copy_into(&keep);
    zval replaced{};  // IS_UNDEF
    {
        std::lock_guard<std::mutex> rl(core_->rebuilt_mutex);
        auto [slot, added] = core_->rebuilt[std::this_thread::get_id()].try_emplace(owned_key);
        if (!added) ZVAL_COPY_VALUE(&replaced, &slot->second.root);
        slot->second.generation = generation;
        ZVAL_COPY_VALUE(&slot->second.root, &keep);
    }
    {
        detail::space_lock l(space);
        detail::dir_entry* e = space.find(key, hash);
        if (e && e->generation == generation) {
            e->rebuilt_stamp = stamp;
            ZVAL_COPY_VALUE(&e->rebuilt_root, &keep);
        }
    }
    if (!Z_ISUNDEF(replaced)) detail::release_checked(&replaced);
    return result;
}

bool Heap::remove(std::string_view key) {
    detail::space_lock l(*core_->space);
    detail::dir_entry* e = core_->space->find(key, detail::key_hash(key));
    if (!e) return false;
    core_->drop(e);
    return true;
}

bool Heap::contains(std::string_view key) const {
    detail::space_lock l(*core_->space);
    detail::dir_entry* e = core_->space->find(key, detail::key_hash(key));
    return e && !core_->expired(e);
}

std::vector<std::string> Heap::keys() const {
    detail::space_lock l(*core_->space);
    std::vector<std::string> out;
    core_->space->each([&](detail::dir_entry* e) {
        if (!core_->expired(e)) out.emplace_back(e->name());
    });
    return out;
}

heap_stats Heap::stats() const {
    detail::space_lock l(*core_->space);
    heap_stats total;
    core_->space->each([&](detail::dir_entry* e) {
        if (core_->expired(e)) return;  // removed when next touched
        const heap_stats& s = e->g->stats;
        ++total.keys;
        total.objects += s.objects;
        total.strings += s.strings;
        total.arrays += s.arrays;
        total.bytes += s.bytes;
    });
    for (detail::graph* g = core_->space->dir().retired; g; g = g->retired_next) {
        ++total.retired;
        total.retired_bytes += g->stats.bytes;
    }
    total.capacity = core_->space->capacity();
    total.available = core_->space->available();
    return total;
}

std::optional<heap_stats> Heap::stats(std::string_view key) const {
    detail::space_lock l(*core_->space);
    detail::dir_entry* e = core_->space->find(key, detail::key_hash(key));
    if (!e || core_->expired(e)) return std::nullopt;
    heap_stats s = e->g->stats;
    s.keys = 1;
    return s;
}

void Heap::destroy() {
    detail::space_lock l(*core_->space);
    std::vector<detail::dir_entry*> all;
    core_->space->each([&](detail::dir_entry* e) { all.push_back(e); });
    for (detail::dir_entry* e : all) {
        core_->space->retire(e->g, e->handed);
        core_->space->erase(e);
    }
    core_->space->reclaim();
}

PHPBIND_NAMESPACE_END
