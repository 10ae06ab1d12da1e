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
//   php::arg("name").untyped()   declares no type: `$name` (a parameter taking any value)
//   php::arg("name").optional()  may be omitted, with no default declared: `= <default>`
//   php::arg("name").optional(v) ... and the function gets v when it is
//   php::returns("Type")         declares the return type as written (a class the result
//                                is an instance of, "" for none); .tentative() as PHP's own
//                                interface methods declare theirs
//   php::deprecated("msg", "2.0") deprecates the function or method, as #[\Deprecated] does
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

/// The value of a parameter declared `.optional()` without one: the function tells an omitted
/// argument by its C++ type (std::nullopt, or an undefined php::ValueView).
struct omitted_t {};

/// Names a parameter of a bound function.
struct arg {
    const char* name;
    const char* doc_text = nullptr;
    bool untyped_ = false;
    constexpr explicit arg(const char* n) noexcept : name(n) {}

    /// Documents the parameter: the text of its `@param` line in the stub
    /// phpbind_add_stubs() writes. `php::arg("b").doc("...") = 1` gives both.
    constexpr arg doc(const char* text) const noexcept {
        arg a = *this;
        a.doc_text = text;
        return a;
    }

    /// Declares the parameter without a type (`$value`, as a C stub's ZEND_ARG_INFO does), for a
    /// C++ parameter that takes any value (php::ValueView, php::Value, a variadic of them);
    /// anything else is a compile error.
    constexpr arg untyped() const noexcept {
        arg a = *this;
        a.untyped_ = true;
        return a;
    }

    /// Gives the parameter a default value: `php::arg("b") = 1`.
    template <class D>
    arg_v<std::decay_t<D>> operator=(D&& value) const {
        return {name, std::forward<D>(value), doc_text, untyped_, false};
    }

    /// Makes the parameter optional without declaring a default: Reflection shows `= <default>`
    /// (a C stub's `= UNKNOWN`), and a call that skips it with named arguments is refused by the
    /// engine ("must be passed explicitly, because the default value is not known"). Without a
    /// value, the C++ type tells an omitted argument: std::nullopt for a `std::optional<T>`, an
    /// undefined value (`is_undef()`) for a php::ValueView; `optional(v)` hands the function v.
    constexpr arg_v<omitted_t> optional() const noexcept;
    template <class D>
    arg_v<std::decay_t<D>> optional(D&& value) const {
        return {name, std::forward<D>(value), doc_text, untyped_, true};
    }
};

/// A named parameter with a default value.
template <class D>
struct arg_v {
    const char* name;
    D value;
    const char* doc_text = nullptr;
    bool untyped_ = false;
    bool hidden = false;  // declared `= <default>`: arg info carries no default
};

constexpr arg_v<omitted_t> arg::optional() const noexcept { return {name, omitted_t{}, doc_text, untyped_, true}; }

/// Declares a function's or method's return type as written, instead of the one its C++ result
/// type gives: a class or interface the result is an instance of (`"Ds\\Sequence"`, where the
/// C++ function returns a bound class implementing it), a wider type (`"mixed"`), `"?T"`,
/// `"T|U"`, or `""` for none (Reflection shows no return type, as for a C stub's untyped
/// arg info). The declared type must admit every value the C++ result can be (checked when the
/// module starts). `.tentative()` declares it as PHP's own interface methods declare theirs
/// (`Tentative return [ mixed ]`), for a method matching one of them. An annotation of the
/// function, not of a parameter: it may stand anywhere among them.
struct returns {
    const char* type;
    bool is_tentative = false;
    constexpr explicit returns(const char* t) noexcept : type(t) {}
    /// A tentative return type.
    constexpr returns tentative() const noexcept {
        returns r = *this;
        r.is_tentative = true;
        return r;
    }
};

/// Deprecates a function or method as PHP's own are: each call raises E_DEPRECATED ("Function
/// f() is deprecated", from PHP 8.4 on with the annotation's text: "Function f() is deprecated
/// since 2.0, use g() instead") and ReflectionFunctionAbstract::isDeprecated() is true. From PHP
/// 8.4 on the function also carries the attribute `#[\Deprecated(message: ..., since: ...)]`
/// (getAttributes() shows it), as a userland function declared with it does. An annotation of
/// the function, not of a parameter: it may stand anywhere among them.
struct deprecated {
    const char* message = nullptr;
    const char* since = nullptr;
    constexpr deprecated() noexcept = default;
    constexpr explicit deprecated(const char* why, const char* since_version = nullptr) noexcept
        : message(why), since(since_version) {}
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
