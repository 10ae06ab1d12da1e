// src/class.cpp — registering bound classes, and their error paths.
#include <phpbind/class.hpp>

#include <cxxabi.h>

#include <cstdlib>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

std::string demangle(const std::type_info& t) {
    int status = 0;
    char* name = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
    std::string out = status == 0 && name ? name : t.name();
    std::free(name);
    return out;
}

void throw_uninitialized(zend_object* o) {
    throw error(std::string(ZSTR_VAL(o->ce->name)) +
                " object is not initialized: its constructor (parent::__construct()) was not called");
}

void throw_unbound(const std::type_info& t) {
    throw error("C++ type " + demangle(t) + " is not bound to a PHP class: bind it with class_<T> first");
}

void throw_offset_type(zend_object* o, const char* what, const char* expected, zval* z) {
    throw type_error(std::string(ZSTR_VAL(o->ce->name)) + " " + what + " must be of type " + expected + ", " +
                     zend_zval_type_name(z) + " given");
}

zend_class_entry* register_class(class_spec& spec, zend_object* (*create)(zend_class_entry*)) {
    spec.methods.push_back(zend_function_entry{});  // terminator
    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, spec.name.c_str(), spec.name.size(), spec.methods.data());
    zend_class_entry* reg = zend_register_internal_class_ex(&ce, nullptr);
    reg->create_object = create;
    reg->ce_flags |= spec.flags;
#if PHP_VERSION_ID >= 80100
    // Native state cannot be serialized: PHP's own error unless the type opts in.
    if (!spec.serializable) reg->ce_flags |= ZEND_ACC_NOT_SERIALIZABLE;
#endif
    // The engine owns a class constant's value (it takes the zval as is); it
    // gets its own copy through the declaration API.
    for (auto& [name, z] : spec.constants) {
        switch (Z_TYPE(z)) {
        case IS_NULL: zend_declare_class_constant_null(reg, name.data(), name.size()); break;
        case IS_FALSE:
        case IS_TRUE: zend_declare_class_constant_bool(reg, name.data(), name.size(), Z_TYPE(z) == IS_TRUE); break;
        case IS_LONG: zend_declare_class_constant_long(reg, name.data(), name.size(), Z_LVAL(z)); break;
        case IS_DOUBLE: zend_declare_class_constant_double(reg, name.data(), name.size(), Z_DVAL(z)); break;
        case IS_STRING:
            zend_declare_class_constant_stringl(reg, name.data(), name.size(), Z_STRVAL(z), Z_STRLEN(z));
            break;
        }
    }
    for (auto setup : spec.ce_setup) setup(reg);  // before interfaces are implemented
    // do_register_internal_class() has copied every entry: the table is dead.
    std::vector<zend_function_entry>().swap(spec.methods);
    return reg;
}

} // namespace detail
PHPBIND_NAMESPACE_END
