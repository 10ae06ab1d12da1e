// src/lifetime.cpp — request-scoped bookkeeping: when a request starts and ends
// for phpbind, retained values released at its end, the debug checks.
#include <phpbind/detail/edge.hpp>
#include <phpbind/lifetime.hpp>
#include "internal.hpp"

#include <cstdio>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <set>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

// A request runs on one thread: with a thread-safe engine each thread has its
// own (as the engine's own request globals are per thread).
request_state& state() noexcept {
#ifdef ZTS
    static thread_local request_state s;
#else
    static request_state s;
#endif
    return s;
}

void link(tracked& head, tracked& node, const char* type_name, zval* value) noexcept {
    node.type_name = type_name;
    node.value = value;
    node.prev = &head;
    node.next = head.next;
    if (head.next) head.next->prev = &node;
    head.next = &node;
}

void unlink(tracked& node) noexcept {
    if (node.prev) node.prev->next = node.next;
    if (node.next) node.next->prev = node.prev;
    node.prev = node.next = nullptr;
}

void debug_failure(const char* type_name, const char* rule) noexcept {
    std::fprintf(stderr, "phpbind debug check failed: %s: %s\n", type_name, rule);
    std::fflush(stderr);
    std::abort();
}

namespace {
// The stamps of the running requests, on every thread. Created on first use,
// freed when the extension is unloaded (free_request_stamps).
std::mutex stamps_lock;
uint64_t stamp_clock = 0;
std::multiset<uint64_t>* running_stamps = nullptr;

uint64_t take_stamp() {
    std::lock_guard<std::mutex> g(stamps_lock);
    if (!running_stamps) running_stamps = new std::multiset<uint64_t>;
    const uint64_t stamp = ++stamp_clock;
    running_stamps->insert(stamp);
    return stamp;
}
void drop_stamp(uint64_t stamp) noexcept {
    std::lock_guard<std::mutex> g(stamps_lock);
    if (!running_stamps) return;
    if (auto it = running_stamps->find(stamp); it != running_stamps->end()) running_stamps->erase(it);
}
}  // namespace

uint64_t request_stamp() noexcept { return state().stamp; }

uint64_t oldest_request_stamp() noexcept {
    std::lock_guard<std::mutex> g(stamps_lock);
    if (!running_stamps || running_stamps->empty()) return std::numeric_limits<uint64_t>::max();
    return *running_stamps->begin();
}

void free_request_stamps() noexcept {
    delete running_stamps;  // empty once every request has ended
    running_stamps = nullptr;
}

namespace {
subsystem* subsystem_list = nullptr;  // constant-initialized: filled by static initializers
}  // namespace

void add_subsystem(subsystem& s) noexcept {
    subsystem** at = &subsystem_list;
    for (; *at; at = &(*at)->next) {
        if (*at == &s) return;
        if ((*at)->order > s.order) break;
    }
    s.next = *at;
    *at = &s;
}

subsystem* subsystems() noexcept { return subsystem_list; }

void request_started() {
    request_state& s = state();
    if (s.active_modules++ == 0) {
        s.in_request = true;
        ++s.epoch;
        s.stamp = take_stamp();
        s.ending_modules = 0;
        unwinding = unwind_state{};  // nothing a previous request left unwinding applies to this one
        for (subsystem* p = subsystem_list; p; p = p->next) {
            if (p->request_started) p->request_started();
        }
    }
}

void request_ending() {
    request_state& s = state();
    if (++s.ending_modules != s.active_modules) return;
    // The last phpbind module's RSHUTDOWN: user code (shutdown functions,
    // destructors) has finished, the object store still exists. Give back
    // every value a native structure retained during the request.
    while (tracked* n = s.retained_head.next) {
        zval v;
        ZVAL_COPY_VALUE(&v, n->value);
        ZVAL_UNDEF(n->value);
        unlink(*n);
        release_zval(&v);  // may run __destruct: through the edge
    }
    for (subsystem* p = subsystem_list; p; p = p->next) {  // no user code runs after this
        if (p->request_ending) p->request_ending();
    }
    drop_deferred_exception();
    clear_function_cache();
}

void request_finished() {
    request_state& s = state();
    if (--s.active_modules != 0) return;
    // After zend_deactivate(): every request value the engine owned is gone.
#ifdef PHPBIND_DEBUG
    for (tracked* n = s.owned_head.next; n; n = n->next) {
        if (n->value && Z_REFCOUNTED_P(n->value)) {
            debug_failure(n->type_name,
                          "an owned request value is still alive after its request ended (kept in a static or "
                          "a long-lived structure?); store php::Persistent or php::Retained<T> instead");
        }
    }
#endif
    s.in_request = false;
    ++s.epoch;
    drop_stamp(s.stamp);
    s.stamp = 0;
    // Again: objects freed after the last RSHUTDOWN (shutdown functions'
    // arguments, the symbol table) may have resolved functions since; the
    // executor is inactive now, so nothing can be cached until the next request.
    clear_function_cache();
    free_deferred_persistent();
    for (subsystem* p = subsystem_list; p; p = p->next) {
        if (p->request_finished) p->request_finished();
    }
}

}  // namespace detail
PHPBIND_NAMESPACE_END
