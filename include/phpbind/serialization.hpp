// phpbind/serialization.hpp — the custom serialization format (`C:`) of
// classes whose class entry serializes them itself (ce->serialize and
// ce->unserialize), as ext/ds and older internal classes do:
//
//   C:9:"Ds\Vector":26:{i:1;s:1:"a";a:1:{i:0;i:2;}}
//
// The payload between the braces is the class's own; php::serializer writes
// values into it in serialize() format and php::unserializer reads them back,
// both sharing the back-references (`r:N;`, `R:N;`) of the serialize() or
// unserialize() call they are part of, as the engine's own formats do.
// class_<T>::custom_serializable<&T::save, &T::load>() binds them.
#pragma once

#include <phpbind/value.hpp>

#include <cstddef>
#include <optional>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN
namespace detail {
struct serialization_access;
}

/// Writes the payload of an object's custom serialization (class_<T>::custom_serializable).
class serializer {
public:
    serializer(const serializer&) = delete;
    serializer& operator=(const serializer&) = delete;

    /// Appends `v` in serialize() format. An object serialized before in the same serialize()
    /// call is written as a back-reference; an object's own __serialize(), __sleep() or custom
    /// serialization runs (through the guarded edge: an exception it throws ends the
    /// serialization with that exception).
    void write(ValueView v);
    /// Appends bytes as they are (the payload is the class's own format).
    void write_raw(std::string_view bytes);

private:
    friend struct detail::serialization_access;
    serializer(void* buf, zend_serialize_data* data) noexcept : buf_(buf), data_(data) {}
    void* buf_;  // smart_str*
    zend_serialize_data* data_;
};

/// Reads the payload of an object's custom serialization (class_<T>::custom_serializable).
class unserializer {
public:
    unserializer(const unserializer&) = delete;
    unserializer& operator=(const unserializer&) = delete;

    /// Whether the whole payload has been read.
    bool at_end() const noexcept { return p_ >= end_; }
    /// The bytes not read yet.
    std::string_view rest() const noexcept {
        return {reinterpret_cast<const char*>(p_), static_cast<size_t>(end_ - p_)};
    }
    /// The next value in serialize() format, or std::nullopt where the payload holds none (the
    /// position is then unspecified: give up). Back-references to values read before in the
    /// same unserialize() call resolve; an object's __unserialize() or __wakeup() runs as
    /// unserialize() runs it, and an exception it throws reaches C++ as
    /// php::error_already_set.
    std::optional<Value> read();
    /// Skips `n` bytes of the payload (at most what is left).
    void skip(size_t n) noexcept { p_ += n < static_cast<size_t>(end_ - p_) ? n : static_cast<size_t>(end_ - p_); }

private:
    friend struct detail::serialization_access;
    unserializer(const unsigned char* p, size_t n, zend_unserialize_data* data) noexcept
        : p_(p), end_(p + n), data_(data) {}
    const unsigned char* p_;
    const unsigned char* end_;
    zend_unserialize_data* data_;
};

namespace detail {
struct serialization_access {
    static serializer writer(void* smart_str_buf, zend_serialize_data* data) noexcept { return {smart_str_buf, data}; }
    static unserializer reader(const unsigned char* p, size_t n, zend_unserialize_data* data) noexcept {
        return {p, n, data};
    }
};
}  // namespace detail

PHPBIND_NAMESPACE_END
