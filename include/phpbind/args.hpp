// phpbind/args.hpp — argument annotations and the special parameter kinds.
//
//   php::arg("name")             names a parameter (ReflectionParameter::getName())
//   php::arg("name") = value     ... and gives it a default: `int $b = 1`
//   php::ref<T>                  a by-reference parameter: `int &$x`; as an
//                                argument of a call into PHP, php::ref(v)
//                                passes the C++ variable v by reference
//   php::variadic<T>             the trailing variadic: `int ...$rest`
//   php::arg("name").doc("...")  documents a parameter (the generated stub's @param)
//   php::doc("...")              documents a function or method (its stub's doc comment);
//                                it may stand anywhere among the annotations
#pragma once

#include <phpbind/caster.hpp>

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

template <class D>
struct arg_v;

/// Names a parameter of a bound function.
struct arg {
    const char* name;
    const char* doc_text = nullptr;
    constexpr explicit arg(const char* n) noexcept : name(n) {}

    /// Documents the parameter: the text of its `@param` line in the stub
    /// phpbind_add_stubs() writes. `php::arg("b").doc("...") = 1` gives both.
    constexpr arg doc(const char* text) const noexcept {
        arg a = *this;
        a.doc_text = text;
        return a;
    }

    /// Gives the parameter a default value: `php::arg("b") = 1`.
    template <class D>
    arg_v<std::decay_t<D>> operator=(D&& value) const {
        return {name, std::forward<D>(value), doc_text};
    }
};

/// A named parameter with a default value.
template <class D>
struct arg_v {
    const char* name;
    D value;
    const char* doc_text = nullptr;
};

/// Documents a function or method: the doc comment of its declaration in the
/// stub phpbind_add_stubs() writes. Not a parameter annotation: it may stand
/// anywhere among them, `m.def<&f>("f", php::doc("..."), php::arg("x"))`.
struct doc {
    const char* text;
    constexpr explicit doc(const char* t) noexcept : text(t) {}
};

/// A T passed by reference, both ways across the boundary:
///
/// - as a parameter (`T &$name`), the C++ function reads and writes the value
///   through it; the new value is assigned back to the caller's variable when
///   the function returns normally (typed references are honoured: a value
///   the reference's type rejects raises TypeError). A null or undefined
///   variable starts as a value-initialised T;
/// - as an argument of a call into PHP, `php::ref(v)` passes the C++ variable
///   `v`: the callee may change it, and the new value is read back (with T's
///   caster) when the call returns normally.
template <class T>
class ref {
public:
    explicit ref(T& v) noexcept : v_(&v) {}
    T& operator*() const noexcept { return *v_; }
    T* operator->() const noexcept { return v_; }
    /// The referenced C++ value (as `*r`).
    T& get() const noexcept { return *v_; }
    ref& operator=(const T& v) {
        *v_ = v;
        return *this;
    }
    ref& operator=(T&& v) {
        *v_ = std::move(v);
        return *this;
    }

private:
    T* v_;
};
template <class T>
ref(T&) -> ref<T>;

namespace detail {
template <class T>
struct variadic_access;
}

/// The trailing variadic parameter (`T ...$name`): the extra arguments, each
/// read with caster<T>. Elements are converted on access; a variadic of views
/// (std::string_view, php::ValueView) copies nothing.
template <class T>
class variadic {
    using c = caster<T>;
    using parsed = typename c::parsed;

public:
    variadic() = default;
    variadic(const variadic&) = delete;
    variadic& operator=(const variadic&) = delete;
    variadic(variadic&& o) noexcept : items_(std::exchange(o.items_, nullptr)), n_(std::exchange(o.n_, 0)) {}
    ~variadic() {
        if (items_) efree(items_);
    }

    /// The number of extra arguments.
    size_t size() const noexcept { return n_; }
    /// Whether no extra argument was passed.
    bool empty() const noexcept { return n_ == 0; }
    T operator[](size_t i) const { return c::get(items_[i]); }

    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        iterator(parsed* p) : p_(p) {}
        T operator*() const { return c::get(*p_); }
        iterator& operator++() {
            ++p_;
            return *this;
        }
        bool operator==(const iterator& o) const { return p_ == o.p_; }

    private:
        parsed* p_;
    };
    /// Iteration over the extra arguments, each converted on access.
    iterator begin() const { return iterator(items_); }
    /// The end of the iteration.
    iterator end() const { return iterator(items_ + n_); }
    /// The extra arguments converted into a std::vector<T>.
    std::vector<T> to_vector() const { return std::vector<T>(begin(), end()); }

private:
    friend struct detail::variadic_access<T>;
    // Request memory: reclaimed by the engine even if a fatal error ends the
    // request while the arguments are being read.
    parsed* items_ = nullptr;
    size_t n_ = 0;
};

PHPBIND_NAMESPACE_END
