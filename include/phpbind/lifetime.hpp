// phpbind/lifetime.hpp — the two axes of a value's life, as compile-time traits,
// and the request-scoped bookkeeping behind them.
//
// Lifetime: request (valid until the request ends) or persistent (outlives requests).
// Ownership: borrowed (never released by its holder) or owned (released exactly once).
//
//   php::lifetime_of<T>        request or persistent
//   php::persistent_safe<T>    may T sit in storage that outlives the request?
//   php::Static<T>             process-lifetime storage that only accepts such T
//
// A PHPBIND_DEBUG build also checks at run time what types cannot: a borrowed
// view used after its request ended, an owned request value still alive when
// the request ended, persistent data pointing into request memory. A failed
// check names the value's type and the rule, then aborts (the program would
// otherwise read freed memory later).
#pragma once

#include <phpbind/engine.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

enum class lifetime { request, persistent };

/// Specialise (or give T a `static constexpr php::lifetime php_lifetime`) for
/// your own types. Plain C++ types are persistent: they hold no engine memory.
/// Standard containers, optional, pair, tuple and variant take the lifetime of
/// what they hold.
template <class T>
struct lifetime_of;

namespace detail {
template <class... T>
constexpr lifetime shortest() {
    return ((lifetime_of<std::remove_cv_t<T>>::value == lifetime::request) || ...) ? lifetime::request
                                                                                     : lifetime::persistent;
}
template <class T>
struct composite_lifetime {
    static constexpr bool is_composite = false;
};
template <template <class...> class C, class... A>
    requires(!requires { C<A...>::php_lifetime; })
struct composite_lifetime<C<A...>> {
    // Containers (std::vector<T>, std::map<K, V>, ...), std::optional,
    // std::pair, std::tuple, std::variant: every type argument counts.
    static constexpr bool is_composite = sizeof...(A) > 0;
    static constexpr lifetime value = shortest<A...>();
};
template <class T, size_t N>
struct composite_lifetime<std::array<T, N>> {
    static constexpr bool is_composite = true;
    static constexpr lifetime value = shortest<T>();
};
template <class T, size_t N>
struct composite_lifetime<T[N]> {
    static constexpr bool is_composite = true;
    static constexpr lifetime value = shortest<T>();
};
} // namespace detail

template <class T>
struct lifetime_of {
    static constexpr lifetime value = [] {
        if constexpr (requires { T::php_lifetime; }) return T::php_lifetime;
        else if constexpr (std::is_pointer_v<T>) return lifetime_of<std::remove_cv_t<std::remove_pointer_t<T>>>::value;
        else if constexpr (detail::composite_lifetime<T>::is_composite) return detail::composite_lifetime<T>::value;
        else return lifetime::persistent;
    }();
};

template <class T>
inline constexpr bool persistent_safe = lifetime_of<std::remove_cvref_t<T>>::value == lifetime::persistent;

/// Storage for the life of the process (a static, a global registry, a cache).
/// Request values cannot be put in it: the compiler says what to use instead.
template <class T>
class Static {
    static_assert(persistent_safe<T>,
                  "phpbind: this type holds request memory and cannot outlive the request. "
                  "Store php::Persistent (detached data) or php::Retained<T> (objects, callables) instead.");

public:
    template <class... A>
    explicit Static(A&&... a) : v_(std::forward<A>(a)...) {}
    T& operator*() noexcept { return v_; }
    T* operator->() noexcept { return &v_; }
    T& get() noexcept { return v_; }

private:
    T v_;
};

namespace detail {

// One intrusive list node per tracked value: owned request values in debug
// builds, retained values always.
struct tracked {
    tracked* prev = nullptr;
    tracked* next = nullptr;
    const char* type_name = nullptr;
    zval* value = nullptr;  // the zval the tracked object owns
};

struct request_state {
    bool in_request = false;
    uint64_t epoch = 0;   // bumped when a request starts and when it ends
    int active_modules = 0;
    int ending_modules = 0;
    tracked owned_head;    // PHPBIND_DEBUG: owned request values alive
    tracked retained_head; // Retained<T> alive
};

request_state& state() noexcept;

// Called by every phpbind module's RINIT, RSHUTDOWN and post-deactivate hook;
// the first module to start a request sets the state up, the last to finish
// tears it down.
void request_started();
void request_ending();
void request_finished();

void link(tracked& head, tracked& node, const char* type_name, zval* value) noexcept;
void unlink(tracked& node) noexcept;

[[noreturn]] PHPBIND_COLD void debug_failure(const char* type_name, const char* rule) noexcept;

#ifdef PHPBIND_DEBUG
// Borrowed views remember the request they were made in.
// The epoch changes when a request starts and when it ends, so a view made
// outside any request (MINIT, MSHUTDOWN, a host between requests) is valid
// until the next request starts, and one made in a request until it ends.
struct view_stamp {
    uint64_t epoch = state().epoch;
    void check(const char* type_name) const noexcept {
        if (epoch != state().epoch)
            debug_failure(type_name, "a borrowed view was used after the request (or the time between requests) "
                                     "that created it ended");
    }
};
// Owned request values register themselves while alive.
struct owned_stamp {
    tracked node;
    owned_stamp(const char* type_name, zval* value) noexcept { link(state().owned_head, node, type_name, value); }
    owned_stamp(const owned_stamp&) = delete;
    owned_stamp& operator=(const owned_stamp&) noexcept { return *this; }
    ~owned_stamp() { unlink(node); }
};
#define PHPBIND_VIEW_STAMP ::php::detail::view_stamp stamp_;
#define PHPBIND_VIEW_CHECK(name) stamp_.check(name)
#define PHPBIND_OWNED_STAMP(name, zv) ::php::detail::owned_stamp ostamp_{name, zv};
#else
#define PHPBIND_VIEW_STAMP
#define PHPBIND_VIEW_CHECK(name) ((void)0)
#define PHPBIND_OWNED_STAMP(name, zv)
#endif

} // namespace detail

PHPBIND_NAMESPACE_END
