// phpbind/stl/function.hpp — std::function<R(Args...)> as a PHP callable.
//
// An optional part, as <functional> is about 7,500 preprocessed lines the
// core does without: include it in every source that passes a std::function
// to or from PHP, or keeps one in a php::Static (its lifetime is declared
// here too). Without it, the compiler refuses such a std::function and names
// this header.
//
//   void on_each(const std::vector<int64_t>& v, std::function<void(int64_t)> f);
//       f is the PHP callable, called through the edge (a request value:
//       keep a php::Retained<php::Callable> to hold it longer)
//   std::function<int64_t(int64_t)> adder(int64_t n);
//       the result is a Closure that owns the std::function (php::closure)
#pragma once

#include <phpbind/call.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/native.hpp>

#include <functional>
#include <type_traits>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

// The caster builds a std::function over a request php::Callable.
template <class Sig>
struct lifetime_of<std::function<Sig>> {
    static constexpr lifetime value = lifetime::request;
};

// std::function from a PHP callable. It owns the callable (a request value):
// keep it no longer than the request, or hold a php::Retained<php::Callable>.
// As a result, a std::function becomes a Closure that owns it (php::closure).
template <class R, class... A>
struct caster<std::function<R(A...)>> : detail::callable_caster_base {
    static void to_zval(const std::function<R(A...)>& f, zval* out) {
        detail::native_closure_zval<std::function<R(A...)>>(f, out);
    }
    static std::function<R(A...)> get(const detail::callable_state& p) {
        Callable c(ValueView(p.z));
        return [c](A... args) -> R {
            if constexpr (std::is_void_v<R>) c.template call<void>(std::forward<A>(args)...);
            else return c.template call<R>(std::forward<A>(args)...);
        };
    }
};

PHPBIND_NAMESPACE_END
