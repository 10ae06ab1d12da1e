// phpbind/allocator.hpp — C++ containers in request memory, counted against memory_limit.
//
//   php::request_allocator<T>    a standard allocator over the engine's request allocator
//   php::request_vector<T>       std::vector<T, php::request_allocator<T>>
//   php::request_string          std::basic_string<char, ..., php::request_allocator<char>>
//
// What a C++ extension keeps in a request (a parser's stack, an object's storage) is then seen
// by memory_get_usage() and refused at memory_limit as a C extension's emalloc() is: the script
// ends with PHP's own fatal error ("Allowed memory size of N bytes exhausted"), shutdown
// functions run, the status is 255 — and the C++ frames in between unwind first
// (docs/errors.md, *memory_limit*).
//
// Request memory is freed when the request ends: a container using this allocator is a request
// type (php::lifetime_of says so, php::Static refuses it) and must not be created before the
// first request (MINIT) or kept after its request.
#pragma once

#include <phpbind/engine.hpp>
#include <phpbind/lifetime.hpp>

#include <cstddef>
#include <limits>
#include <new>
#include <string>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

namespace detail {
/// `bytes` of request memory (emalloc()), or a C++ exception instead of going past memory_limit:
/// php::memory_exhausted on an engine with delayed out-of-memory handling (the allocation is
/// fallible there), php::fatal_error on one that raises the fatal error at the allocation (the
/// error is reported, then C++ unwinds to the edge, which resumes the engine's bailout). Out of
/// line (src/edge.cpp): the allocation near the limit runs under zend_try.
[[gnu::returns_nonnull, gnu::malloc]] void* request_allocate(std::size_t bytes);
}  // namespace detail

/// A standard allocator (std::allocator_traits) over the engine's request allocator. Stateless:
/// every instance frees what any other allocated. Types aligned past the engine's alignment
/// (ZEND_MM_ALIGNMENT, 8 bytes) are refused at compile time.
template <class T>
class request_allocator {
    static_assert(alignof(T) <= ZEND_MM_ALIGNMENT,
                  "phpbind: php::request_allocator gives the engine's alignment (ZEND_MM_ALIGNMENT); this type "
                  "needs more");

public:
    using value_type = T;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using propagate_on_container_move_assignment = std::true_type;
    using is_always_equal = std::true_type;
    /// Request memory: a container using this allocator lives only as long as its request.
    static constexpr lifetime php_lifetime = lifetime::request;

    constexpr request_allocator() noexcept = default;
    template <class U>
    constexpr request_allocator(const request_allocator<U>&) noexcept {}

    /// Room for n values; php::memory_exhausted or php::fatal_error instead of going past
    /// memory_limit, std::bad_array_new_length for a count no allocation could hold.
    [[nodiscard]] T* allocate(std::size_t n) {
        if (n > max_size()) [[unlikely]]
            throw std::bad_array_new_length();
        return static_cast<T*>(detail::request_allocate(n * sizeof(T)));
    }
    /// Gives back what allocate() gave (efree()).
    void deallocate(T* p, std::size_t) noexcept { efree(p); }
    /// The most values one allocation could hold.
    static constexpr std::size_t max_size() noexcept { return std::numeric_limits<std::size_t>::max() / sizeof(T); }

    template <class U>
    friend constexpr bool operator==(const request_allocator&, const request_allocator<U>&) noexcept {
        return true;
    }
};

/// A std::vector in request memory.
template <class T>
using request_vector = std::vector<T, request_allocator<T>>;
/// A std::string in request memory (PHP's `string` to and from PHP, as std::string).
using request_string = std::basic_string<char, std::char_traits<char>, request_allocator<char>>;

PHPBIND_NAMESPACE_END
