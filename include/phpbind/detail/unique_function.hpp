// phpbind/detail/unique_function.hpp — an owned callable of one signature.
//
// What the binding core keeps of a user's callback (lifecycle callbacks,
// phpinfo() sections, INI validators, an exception class's parent lookup) is
// one of these: the callable, moved to the heap, called through one pointer.
// It is std::function without copies and without <functional>, which would
// add about 7,500 preprocessed lines to every extension (docs/build-cost.md).
#pragma once

#include <phpbind/engine.hpp>

#include <type_traits>
#include <utility>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

template <class Sig>
class unique_function;

template <class R, class... A>
class unique_function<R(A...)> {
public:
    unique_function() noexcept = default;

    /// Takes any callable of the signature: a lambda, a function pointer, a
    /// std::function (kept as it is: an empty one throws when called).
    template <class F>
        requires(!std::is_same_v<std::remove_cvref_t<F>, unique_function> &&
                 std::is_invocable_r_v<R, std::decay_t<F>&, A...>)
    unique_function(F&& f)  // NOLINT(google-explicit-constructor): as std::function converts
        : obj_(new std::decay_t<F>(std::forward<F>(f))), ops_(&ops_of<std::decay_t<F>>) {}

    unique_function(unique_function&& o) noexcept
        : obj_(std::exchange(o.obj_, nullptr)), ops_(std::exchange(o.ops_, nullptr)) {}
    unique_function& operator=(unique_function&& o) noexcept {
        if (this != &o) {
            reset();
            obj_ = std::exchange(o.obj_, nullptr);
            ops_ = std::exchange(o.ops_, nullptr);
        }
        return *this;
    }
    unique_function(const unique_function&) = delete;
    unique_function& operator=(const unique_function&) = delete;
    ~unique_function() { reset(); }

    explicit operator bool() const noexcept { return obj_ != nullptr; }

    /// Calls the callable (which must be there), as std::function calls it:
    /// through a const wrapper, the callable itself not const.
    R operator()(A... a) const { return ops_->call(obj_, std::forward<A>(a)...); }

private:
    struct ops {
        R (*call)(void*, A&&...);
        void (*destroy)(void*) noexcept;
    };
    template <class D>
    static R call_as(void* p, A&&... a) {
        if constexpr (std::is_void_v<R>) (*static_cast<D*>(p))(std::forward<A>(a)...);
        else return (*static_cast<D*>(p))(std::forward<A>(a)...);
    }
    template <class D>
    static void destroy_as(void* p) noexcept {
        delete static_cast<D*>(p);
    }
    template <class D>
    static constexpr ops ops_of{&call_as<D>, &destroy_as<D>};

    void reset() noexcept {
        if (obj_) ops_->destroy(obj_);
        obj_ = nullptr;
        ops_ = nullptr;
    }

    void* obj_ = nullptr;
    const ops* ops_ = nullptr;
};

}  // namespace detail
PHPBIND_NAMESPACE_END
