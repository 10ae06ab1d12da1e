// phpbind/persistent.hpp — detached data: PHP values that outlive the request.
//
//   static php::Static<php::Persistent> config;           // process lifetime
//   *config = php::Persistent::detach(arg, "$cfg");        // deep copy, once
//   return *config;                                         // handed to PHP in O(1)
//
// detach() deep-copies a value into persistent memory: strings become
// persistent interned strings, arrays become immutable persistent arrays (the
// way opcache stores literal arrays). Any later request can read it, and
// handing it to PHP copies nothing, whatever its size: PHP sees an immutable
// array and separates only if it writes. Objects, resources, closures and
// references cannot be detached; the error names the path to the offending
// element: `$cfg['db']['conn']: a resource cannot be detached`.
//
// Copies of a Persistent share the data (an atomic count). When the last
// copy goes, the memory is freed at once outside a request; inside one it is
// freed after the request ended (after the engine destroyed every request
// value that might still point into it).
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/value.hpp>

#include <memory>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN

namespace detail {
struct detached;
struct detached_deleter {
    void operator()(detached* d) const noexcept;
};
}  // namespace detail

/// Data detached from the request: a deep copy in persistent memory (strings interned, arrays
/// immutable), owned by C++ and valid for the life of the process. Handed to PHP in O(1) without
/// copying (copy_into). Process lifetime: it may live in a php::Static.
class Persistent {
public:
    static constexpr lifetime php_lifetime = lifetime::persistent;

    /// null
    Persistent() noexcept = default;

    /// Deep-copies `v`; throws php::value_error naming the path (`name` is the
    /// root: "$cfg") when it holds something that cannot be detached.
    static Persistent detach(ValueView v, std::string_view name = "$value");

    /// Takes a zval the caller built in persistent memory (strings persistent
    /// and interned, arrays immutable and persistent). The caller hands over
    /// ownership of the payload. A PHPBIND_DEBUG build verifies every byte is
    /// persistent and reports one that points into request memory.
    static Persistent adopt(zval* z);

    /// Whether it holds nothing (default-constructed or moved from).
    bool empty() const noexcept { return !d_; }
    /// The PHP type of the detached value.
    Type type() const noexcept;
    /// A borrowed, read-only view (valid while this Persistent lives).
    ValueView view() const noexcept;
    /// Writes the value into `out` (uninitialised) without copying: arrays
    /// and strings are shared immutably, and need no reference. `out` is
    /// valid while a Persistent holds the data, and in a request until it
    /// ends (the last copy dropped in a request frees the data only then).
    /// There is no release_into: `out` holds no share of the data.
    void copy_into(zval* out) const noexcept;
    /// Persistent bytes held (the detached copy), for reporting.
    size_t memory_size() const noexcept;

private:
    std::shared_ptr<detail::detached> d_;
};

template <>
struct caster<Persistent> : mixed_caster_base {
    using quick_try_load = caster;
    static Persistent get(zval* p) { return Persistent::detach(ValueView(p)); }
    static void to_zval(const Persistent& v, zval* out) noexcept { v.copy_into(out); }
};

PHPBIND_NAMESPACE_END
