// phpbind/retained.hpp — request values kept by long-lived native structures.
//
//   static php::Static<php::Retained<php::Callable>> on_event;
//   *on_event = php::Retained<php::Callable>(callback);   // during a request
//   if (auto cb = on_event->get()) (*cb)(payload);         // later in that request
//
// A Retained<T> holds one reference on a PHP object, callable, array, string
// or value, and may sit anywhere — a static, a cache, a C++ object that
// outlives the request. When the request ends (after user code finished,
// before the engine frees request memory), phpbind releases every retained
// value still held: the holder becomes empty and get() returns nothing. The
// reference is never released twice and never touches freed memory.
#pragma once

#include <phpbind/caster.hpp>
#include <phpbind/exceptions.hpp>
#include <phpbind/lifetime.hpp>
#include <phpbind/value.hpp>

#include <optional>
#include <utility>

PHPBIND_NAMESPACE_BEGIN

/// One reference on a request value (object, callable, array, string) held by a process-lifetime
/// structure (a php::Static, a cache, a long-lived C++ object). phpbind releases every value still
/// held when the request ends, before the engine frees request memory: the holder becomes empty,
/// get() returns nothing.
template <class T>
class Retained {
public:
    static constexpr lifetime php_lifetime = lifetime::persistent;

    Retained() noexcept { ZVAL_UNDEF(&z_); }
    explicit Retained(const T& value) {
        ZVAL_UNDEF(&z_);
        reset(value);
    }
    Retained(const Retained& o) : Retained() {
        if (Z_TYPE(o.z_) != IS_UNDEF) hold(const_cast<zval*>(&o.z_));
    }
    Retained& operator=(const Retained& o) {
        if (this != &o) {
            release();
            if (Z_TYPE(o.z_) != IS_UNDEF) hold(const_cast<zval*>(&o.z_));
        }
        return *this;
    }
    ~Retained() { release(); }

    /// Retains `value` (during a request), releasing what was held before.
    void reset(const T& value) {
        release();
        zval tmp;
        caster<T>::to_zval(value, &tmp);
        hold(&tmp);
        detail::release_zval(&tmp);
    }
    /// Releases the value now.
    void release() noexcept {
        if (Z_TYPE(z_) == IS_UNDEF) return;
        detail::unlink(node_);
        zval v;
        ZVAL_COPY_VALUE(&v, &z_);
        ZVAL_UNDEF(&z_);
        detail::release_zval(&v);
    }
    /// Whether a value is held (false once its request ended).
    bool has_value() const noexcept { return Z_TYPE(z_) != IS_UNDEF; }
    explicit operator bool() const noexcept { return has_value(); }
    /// The held value as an owned T, or nothing after release / request end.
    std::optional<T> get() const {
        if (!has_value()) return std::nullopt;
        typename caster<T>::parsed p;
        caster<T>::try_load(const_cast<zval*>(&z_), p);
        return caster<T>::get(p);
    }

private:
    void hold(zval* src) {
        if (!detail::state().in_request) throw error("php::Retained: values can only be retained during a request");
        ZVAL_COPY(&z_, src);
        detail::link(detail::state().retained_head, node_, "php::Retained", &z_);
    }
    zval z_;
    detail::tracked node_;
};

PHPBIND_NAMESPACE_END
