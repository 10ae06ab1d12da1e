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
#include <phpbind/detail/type_name.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

/// How long a C++ type may hold PHP memory: `request` (it holds request memory: only until the
/// request ends) or `persistent` (it may outlive requests).
enum class lifetime { request, persistent };

/// Specialise (or give T a `static constexpr php::lifetime php_lifetime`) for
/// your own types. The trait sees through what it can:
///   - standard containers, optional, pair, tuple, variant, smart pointers,
///     std::array, C arrays, std::span and pointers take the lifetime of what
///     they hold or point to;
///   - std::function is request: the caster builds it over a request
///     php::Callable (keep a php::Retained<php::Callable> instead);
///   - an aggregate (a struct with public fields and no constructors) is
///     request when any field is, looked through up to four levels deep (a
///     self-referential aggregate stops there);
///   - anything else is a plain C++ type and persistent: it holds no engine
///     memory unless it says so. A class that hides a request value behind
///     private members or a constructor must declare it.
template <class T>
struct lifetime_of;

namespace detail {

// lifetime_of's own answer, as opposed to a user's specialisation.
struct derived_lifetime {};

inline constexpr int lifetime_depth_limit = 4;

template <class T, int Depth>
struct lifetime_at;

template <int Depth, class... T>
constexpr lifetime shortest() {
    return ((lifetime_at<std::remove_cv_t<T>, Depth>::value == lifetime::request) || ...) ? lifetime::request
                                                                                          : lifetime::persistent;
}

template <class T, int Depth>
struct composite_lifetime {
    static constexpr bool is_composite = false;
};
template <template <class...> class C, class... A, int Depth>
struct composite_lifetime<C<A...>, Depth> {
    // Containers (std::vector<T>, std::map<K, V>, ...), std::optional,
    // std::pair, std::tuple, std::variant, smart pointers: every type
    // argument counts.
    static constexpr bool is_composite = sizeof...(A) > 0;
    static constexpr lifetime value = shortest<Depth, A...>();
};
template <class T, size_t N, int Depth>
struct composite_lifetime<std::array<T, N>, Depth> {
    static constexpr bool is_composite = true;
    static constexpr lifetime value = shortest<Depth, T>();
};
template <class T, size_t N, int Depth>
struct composite_lifetime<std::span<T, N>, Depth> {
    static constexpr bool is_composite = true;
    static constexpr lifetime value = shortest<Depth, T>();
};
template <class T, size_t N, int Depth>
struct composite_lifetime<T[N], Depth> {
    static constexpr bool is_composite = true;
    static constexpr lifetime value = shortest<Depth, T>();
};

// Aggregate fields, probed by position: `T{any, any, probe}` is well-formed
// exactly when the third element (fields of bases first, arrays element by
// element) is of a request type.
struct any_field {
    template <class U>
    operator U() const;
};
template <class U, int Depth>
concept request_type = lifetime_at<std::remove_cvref_t<U>, Depth>::value == lifetime::request;
template <int Depth>
struct request_field {
    template <class U>
        requires request_type<U, Depth>
    operator U() const;
    // Deleted rather than absent: a field of a persistent aggregate type is
    // then initialised (ill-formed) instead of being entered by brace elision,
    // which would look past a type's own declaration into its fields. (Clang
    // elides braces here all the same: there, such a field is looked into,
    // which can only refuse a type, never admit one.)
    template <class U>
        requires(!request_type<U, Depth>)
    operator U() const = delete;
};
inline constexpr size_t aggregate_probe_limit = 48;

template <class T, int Depth, size_t... Before>
constexpr bool request_field_at(std::index_sequence<Before...>) {
    return requires { T{(void(Before), any_field{})..., request_field<Depth>{}}; };
}
template <class T, int Depth, size_t... I>
constexpr bool any_request_field(std::index_sequence<I...>) {
    return (request_field_at<T, Depth>(std::make_index_sequence<I>{}) || ...);
}

template <class T, int Depth>
struct lifetime_at {
    static constexpr lifetime value = [] {
        if constexpr (!std::is_base_of_v<derived_lifetime, lifetime_of<T>>) return lifetime_of<T>::value;
        else if constexpr (requires { T::php_lifetime; }) return T::php_lifetime;
        else if constexpr (Depth > lifetime_depth_limit) return lifetime::persistent;
        else if constexpr (std::is_pointer_v<T>)
            return lifetime_at<std::remove_cv_t<std::remove_pointer_t<T>>, Depth>::value;
        else if constexpr (std::is_reference_v<T>) return lifetime_at<std::remove_cvref_t<T>, Depth>::value;
        else {
            bool request = false;
            if constexpr (composite_lifetime<T, Depth + 1>::is_composite)
                request = composite_lifetime<T, Depth + 1>::value == lifetime::request;
            if constexpr (std::is_aggregate_v<T> && !std::is_array_v<T>)
                request = request || any_request_field<T, Depth + 1>(std::make_index_sequence<aggregate_probe_limit>{});
            return request ? lifetime::request : lifetime::persistent;
        }
    }();
};
}  // namespace detail

/// The lifetime of T, derived from its members (an aggregate holding a php::Value is `request`);
/// specialise it, or give T `static constexpr php::lifetime php_lifetime`, to say so.
template <class T>
struct lifetime_of : detail::derived_lifetime {
    static constexpr lifetime value = detail::lifetime_at<T, 0>::value;
};

// The caster builds a std::function over a request php::Callable. (Recognised by name: the core
// does not include <functional>.)
template <template <class> class Function, class R, class... A>
    requires(detail::is_std<Function<R(A...)>>("function<"))
struct lifetime_of<Function<R(A...)>> {
    static constexpr lifetime value = lifetime::request;
};

/// Whether T may outlive the request (lifetime_of<T> is persistent): what php::Static requires.
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
    /// The stored value.
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
    uint64_t epoch = 0;  // bumped when a request starts and when it ends
    uint64_t stamp = 0;  // the running request's stamp (src/lifetime.cpp); 0 outside a request
    int active_modules = 0;
    int ending_modules = 0;
    tracked owned_head;  // PHPBIND_DEBUG: owned request values alive
    tracked retained_head;  // Retained<T> alive
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
            debug_failure(type_name,
                          "a borrowed view was used after the request (or the time between requests) "
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

}  // namespace detail

PHPBIND_NAMESPACE_END
