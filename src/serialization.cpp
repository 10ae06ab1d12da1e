// src/serialization.cpp — php::serializer and php::unserializer
// (phpbind/serialization.hpp) over ext/standard's serializer.
#include <phpbind/serialization.hpp>
#include <phpbind/detail/edge.hpp>

// ext/standard's header declares no C linkage itself.
extern "C" {
#include <ext/standard/php_var.h>
}
#include <zend_smart_str.h>

PHPBIND_NAMESPACE_BEGIN

void serializer::write(ValueView v) {
    // The custom handler's data is the serialize() call's php_serialize_data_t.
    auto* data = reinterpret_cast<php_serialize_data_t*>(&data_);
    auto* buf = static_cast<smart_str*>(buf_);
    zval* z = v.raw();
    detail::into_php([&] { php_var_serialize(buf, z, data); });  // runs __serialize, __sleep
}

void serializer::write_raw(std::string_view bytes) {
    smart_str_appendl(static_cast<smart_str*>(buf_), bytes.data(), bytes.size());
}

std::optional<Value> unserializer::read() {
    // The custom handler's data is the unserialize() call's php_unserialize_data_t*: a pointer to
    // the state's pointer (object_custom() passes its var_hash parameter through), where
    // serialize() passes the state's pointer itself (php_var_serialize_intern()).
    auto* data = reinterpret_cast<php_unserialize_data_t*>(data_);
    // Into a slot the unserialize() call owns: later back-references point at it
    // (var_tmp_var(), as ext/spl's own custom formats read their values).
    zval* slot = var_tmp_var(data);
    bool ok = false;
    const unsigned char* p = p_;
    detail::into_php([&] { ok = php_var_unserialize(slot, &p, end_, data) != 0; });  // runs __unserialize
    p_ = p;
    if (!ok) return std::nullopt;
    return Value(ValueView(slot));
}

PHPBIND_NAMESPACE_END
