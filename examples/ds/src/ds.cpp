// examples/ds/src/ds.cpp — the module: ext-ds 1.4.0's API on phpbind.
#include "ds.hpp"

#include <cstdlib>

namespace ds {

void throw_empty() { throw php::underflow_exception("Unexpected empty state"); }

void throw_index(int64_t index, std::size_t count) {
    if (count == 0) throw php::out_of_range_exception("Index out of range: " + std::to_string(index));
    throw php::out_of_range_exception("Index out of range: " + std::to_string(index) +
                                      ", expected 0 <= x <= " + std::to_string(count - 1));
}

void throw_index_type(php::ValueView offset) {
    // ext-ds names the type by its constant (zend_get_type_by_const): "object", not the class.
    throw php::type_error(std::string("Index must be of type integer, ") +
                          zend_get_type_by_const(Z_TYPE_P(offset.raw())) + " given");
}

int64_t method_offset(php::ValueView offset) {
    if (offset.is_int()) return offset.as_int();
    zend_long i = 0;
    // As ZPP's "l": zend_parse_arg_long_slow() coerces (or refuses, in strict mode) and raises
    // the deprecations; the TypeError names the method being run.
    if (!zend_parse_arg_long_slow(offset.raw(), &i, 1))
        zend_wrong_parameter_type_error(1, Z_EXPECTED_LONG, offset.raw());
    php::throw_if_pending();  // the TypeError, or what an error handler threw for a deprecation
    return i;
}

namespace {
// memory_limit in bytes ("128M", "2G", "-1": none), as PHP reads it.
int64_t memory_limit() {
    const php::Value v = php::call("ini_get", "memory_limit");
    const std::string text = php::string_of(v);
    char* end = nullptr;
    long long n = std::strtoll(text.c_str(), &end, 10);
    if (n < 0) return -1;
    switch (end && *end ? *end : ' ') {
    case 'g':
    case 'G': n <<= 10; [[fallthrough]];
    case 'm':
    case 'M': n <<= 10; [[fallthrough]];
    case 'k':
    case 'K': n <<= 10; break;
    default: break;
    }
    return n;
}
}  // namespace

void check_room(std::size_t values, std::size_t each) {
    constexpr std::size_t most = std::size_t{1} << 40;  // no allocator gives more in one block
    const int64_t limit = memory_limit();
    if (values > most / each || (limit >= 0 && values * each > static_cast<std::size_t>(limit))) {
        throw php::error("Cannot allocate room for " + std::to_string(values) + " values: more than memory_limit (" +
                         php::string_of(php::call("ini_get", "memory_limit")) + ") allows");
    }
}

void append_string(std::string& out, php::ValueView v) {
    if (v.is_string()) out += v.as_string();
    else out += php::string_of(v);
}

void register_interfaces(php::module& m) {
    using php::arg;
    using php::returns;
    m.interface_("Ds\\Hashable")
        .method<php::Value()>("hash", returns(""))
        .method<bool(php::ValueView)>("equals", arg("obj").untyped())
        .ref(hashable_interface);
    m.interface_("Ds\\Collection")
        .extends("IteratorAggregate")
        .extends("Countable")
        .extends("JsonSerializable")
        .method<void()>("clear", returns(""))
        .method<php::Object()>("copy", returns("Ds\\Collection"))
        .method<bool()>("isEmpty")
        .method<php::Array()>("toArray");
    m.interface_("Ds\\Sequence")
        .extends("Ds\\Collection")
        .extends("ArrayAccess")
        .method<void(int64_t)>("allocate", arg("capacity"), returns(""))
        .method<int64_t()>("capacity")
        .method<bool(php::variadic<php::ValueView>)>("contains", arg("values").untyped())
        .method<php::Object(std::optional<php::CallableView>)>("filter", arg("callback").optional(),
                                                               returns("Ds\\Sequence"))
        .method<php::Value(php::ValueView)>("find", arg("value").untyped(), returns(""))
        .method<php::Value()>("first", returns(""))
        .method<php::Value(int64_t)>("get", arg("index"), returns(""))
        .method<void(int64_t, php::variadic<php::ValueView>)>("insert", arg("index"), arg("values").untyped(),
                                                              returns(""))
        .method<std::string(std::string_view)>("join", arg("glue").optional(""))
        .method<php::Value()>("last", returns(""))
        .method<php::Object(php::CallableView)>("map", arg("callback"), returns("Ds\\Sequence"))
        .method<php::Object(php::ValueView)>("merge", arg("values").untyped(), returns("Ds\\Sequence"))
        .method<php::Value()>("pop", returns(""))
        .method<void(php::variadic<php::ValueView>)>("push", arg("values").untyped(), returns(""))
        .method<php::Value(php::CallableView, php::ValueView)>("reduce", arg("callback"),
                                                               arg("initial").untyped().optional(), returns(""))
        .method<php::Value(int64_t)>("remove", arg("index"), returns(""))
        .method<void()>("reverse", returns(""))
        .method<void(int64_t)>("rotate", arg("rotations"), returns(""))
        .method<void(int64_t, php::ValueView)>("set", arg("index"), arg("value").untyped(), returns(""))
        .method<php::Value()>("shift", returns(""))
        .method<php::Object(int64_t, std::optional<int64_t>)>("slice", arg("index"), arg("length").optional(),
                                                              returns("Ds\\Sequence"))
        .method<void(std::optional<php::CallableView>)>("sort", arg("comparator").optional(), returns(""))
        .method<void(php::variadic<php::ValueView>)>("unshift", arg("values").untyped(), returns(""));
}

}  // namespace ds

PHPBIND_EXTENSION(ds, m) {
    m.version("1.4.0");
    m.depends_on("json");
    m.depends_on("spl");
    ds::register_interfaces(m);
    ds::register_sequences(m);
    ds::register_stack_and_queue(m);
    ds::register_map_and_set(m);
    ds::register_priority_queue(m);
    ds::register_pair(m);
}
