// examples/ds/src/pair.cpp — Ds\Pair: a key and a value, as two public
// untyped properties.
#include "ds.hpp"

namespace ds {

void Pair::construct(php::ValueView k, php::ValueView v) {
    if (!k.is_undef()) key = k.own();
    if (!v.is_undef()) value = v.own();
}

php::Array Pair::to_array() const {
    php::Array a = php::Array::with_capacity(2);
    a.set("key", key);  // a PHP reference in a property stays one, as in ext-ds
    a.set("value", value);
    return a;
}

void Pair::save(php::serializer& out) const {
    out.write(key);
    out.write(value);
}

void Pair::load(php::unserializer& in) {
    std::optional<php::Value> k = in.read();
    std::optional<php::Value> v = k ? in.read() : std::nullopt;
    if (!v) throw php::error("Failed to unserialize data");  // ext-ds ignores what follows the two
    key = std::move(*k);
    value = std::move(*v);
}

void register_pair(php::module& m) {
    using php::arg;
    using php::returns;
    m.class_<Pair>("Ds\\Pair")
        .final_()
        .property_untyped<&Pair::key>("key")
        .property_untyped<&Pair::value>("value")
        .on_unset<&Pair::unset_key>("key")
        .on_unset<&Pair::unset_value>("value")
        .string_cast<&Pair::cast_label>()
        .count_handler<&Pair::size>()
        .def<&Pair::construct>("__construct", arg("key").untyped().optional(), arg("value").untyped().optional(),
                               returns(""))
        .def<&Pair::copy>("copy", returns("Ds\\Pair"))
        .json<&Pair::to_array>(returns("mixed").tentative())
        .def<&Pair::to_array>("toArray")
        .custom_serializable<&Pair::save, &Pair::load>();
}

}  // namespace ds
