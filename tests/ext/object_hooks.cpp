// tests/ext/object_hooks.cpp — overriding object handlers of existing classes
// (phpbind/object_hooks.hpp). Each override asks a PHP callback what to do:
// the callback gets the slot's name, the object's class and the handler's
// arguments, and returns the handler's answer, or null to run the previous
// handler (tests/phpt/hooks/object_handlers*.phpt, the crossing matrix).
#include "test_ext.hpp"
#include <phpbind/object_hooks.hpp>

#include <string>

namespace hk = php::hooks;

namespace {

using do_operation = hk::handler<&zend_object_handlers::do_operation>;
using compare = hk::handler<&zend_object_handlers::compare>;
using read_property = hk::handler<&zend_object_handlers::read_property>;
using write_property = hk::handler<&zend_object_handlers::write_property>;
using get_property_ptr_ptr = hk::handler<&zend_object_handlers::get_property_ptr_ptr>;
using has_property = hk::handler<&zend_object_handlers::has_property>;
using unset_property = hk::handler<&zend_object_handlers::unset_property>;
using read_dimension = hk::handler<&zend_object_handlers::read_dimension>;
using write_dimension = hk::handler<&zend_object_handlers::write_dimension>;
using has_dimension = hk::handler<&zend_object_handlers::has_dimension>;
using unset_dimension = hk::handler<&zend_object_handlers::unset_dimension>;
using cast_object = hk::handler<&zend_object_handlers::cast_object>;
using count_elements = hk::handler<&zend_object_handlers::count_elements>;

std::string g_callback;  // the PHP function every override asks ("" : always proceed)
int g_depth = 0;  // what the callback does to the object runs the previous handlers
bool g_after = false;  // proceed first, then ask (a failure after the previous handler wrote a result)
bool g_count_on = false;  // the module-lifetime override of ArrayObject's count_elements

php::Value opcode_name(zend_uchar op) {
    const char* n = zend_get_opcode_name(op);
    return php::Value(std::string(n ? n : "?"));
}

php::Value class_of(const zend_object* obj) { return php::Value(std::string(ZSTR_VAL(obj->ce->name))); }
php::Value str(const zend_string* s) { return php::Value(std::string(ZSTR_VAL(s), ZSTR_LEN(s))); }
php::Value view(const zval* z) { return z ? php::Value(php::ValueView(const_cast<zval*>(z))) : php::Value(); }

struct depth {
    depth() { ++g_depth; }
    ~depth() { --g_depth; }
};

// Asks the callback; false: it returned null (run the previous handler).
template <class... A>
bool ask(php::Value& answer, const char* slot, A&&... args) {
    if (g_callback.empty() || g_depth > 0) return false;
    depth d;
    answer = php::call(g_callback, std::string(slot), std::forward<A>(args)...);
    return !answer.is_null();
}

zend_result on_operation(hk::proceed<do_operation> next, zend_uchar op, zval* result, zval* a, zval* b) {
    php::Value answer;
    if (g_after) {
        const zend_result r = next(op, result, a, b);
        (void)ask(answer, "do_operation", opcode_name(op), view(a), view(b));
        return r;
    }
    if (!ask(answer, "do_operation", opcode_name(op), view(a), view(b))) return next(op, result, a, b);
    if (answer.view().is_bool() && !answer.view().as_bool()) return FAILURE;
    // `$a += 1`: result is the left operand itself, whose value is replaced.
    zval old;
    ZVAL_COPY_VALUE(&old, result);
    const bool replaces = result == a || result == b;
    answer.release_into(result);
    if (replaces) zval_ptr_dtor(&old);
    return SUCCESS;
}

int on_compare(hk::proceed<compare> next, zval* a, zval* b) {
    php::Value answer;
    if (!ask(answer, "compare", view(a), view(b))) return next(a, b);
    return answer.view().is_int() ? static_cast<int>(answer.view().as_int()) : ZEND_UNCOMPARABLE;
}

zval* on_read_property(hk::proceed<read_property> next, zend_object* obj, zend_string* name, int type, void** cache,
                       zval* rv) {
    php::Value answer;
    if (!ask(answer, "read_property", class_of(obj), str(name))) return next(obj, name, type, cache, rv);
    answer.release_into(rv);
    return rv;
}

zval* on_write_property(hk::proceed<write_property> next, zend_object* obj, zend_string* name, zval* value,
                        void** cache) {
    php::Value answer;
    if (!ask(answer, "write_property", class_of(obj), str(name), view(value))) return next(obj, name, value, cache);
    // The callback's answer is stored instead of the value written.
    zval stored;
    answer.release_into(&stored);
    zval* r = next(obj, name, &stored, cache);
    zval_ptr_dtor(&stored);
    return r;
}

zval* on_property_ptr(hk::proceed<get_property_ptr_ptr> next, zend_object* obj, zend_string* name, int type,
                      void** cache) {
    php::Value answer;
    if (!ask(answer, "get_property_ptr_ptr", class_of(obj), str(name))) return next(obj, name, type, cache);
    return nullptr;  // the engine reads and writes through read_property / write_property
}

int on_has_property(hk::proceed<has_property> next, zend_object* obj, zend_string* name, int check, void** cache) {
    php::Value answer;
    if (!ask(answer, "has_property", class_of(obj), str(name), static_cast<zend_long>(check)))
        return next(obj, name, check, cache);
    return answer.view().truthy() ? 1 : 0;
}

void on_unset_property(hk::proceed<unset_property> next, zend_object* obj, zend_string* name, void** cache) {
    php::Value answer;
    if (!ask(answer, "unset_property", class_of(obj), str(name))) next(obj, name, cache);
}

zval* on_read_dimension(hk::proceed<read_dimension> next, zend_object* obj, zval* offset, int type, zval* rv) {
    php::Value answer;
    if (!ask(answer, "read_dimension", class_of(obj), view(offset))) return next(obj, offset, type, rv);
    answer.release_into(rv);
    return rv;
}

void on_write_dimension(hk::proceed<write_dimension> next, zend_object* obj, zval* offset, zval* value) {
    php::Value answer;
    if (!ask(answer, "write_dimension", class_of(obj), view(offset), view(value))) next(obj, offset, value);
}

int on_has_dimension(hk::proceed<has_dimension> next, zend_object* obj, zval* offset, int check) {
    php::Value answer;
    if (!ask(answer, "has_dimension", class_of(obj), view(offset), static_cast<zend_long>(check)))
        return next(obj, offset, check);
    return answer.view().truthy() ? 1 : 0;
}

void on_unset_dimension(hk::proceed<unset_dimension> next, zend_object* obj, zval* offset) {
    php::Value answer;
    if (!ask(answer, "unset_dimension", class_of(obj), view(offset))) next(obj, offset);
}

zend_result on_cast(hk::proceed<cast_object> next, zend_object* obj, zval* out, int type) {
    php::Value answer;
    if (g_after) {
        const zend_result r = next(obj, out, type);
        (void)ask(answer, "cast_object", class_of(obj), std::string(zend_get_type_by_const(type)));
        return r;
    }
    if (!ask(answer, "cast_object", class_of(obj), std::string(zend_get_type_by_const(type)))) {
        return next(obj, out, type);
    }
    if (answer.view().is_bool() && !answer.view().as_bool()) return FAILURE;
    answer.release_into(out);
    return SUCCESS;
}

zend_result on_count(hk::proceed<count_elements> next, zend_object* obj, zend_long* n) {
    php::Value answer;
    if (!ask(answer, "count_elements", class_of(obj))) return next(obj, n);
    if (!answer.view().is_int()) return FAILURE;
    *n = answer.view().as_int();
    return SUCCESS;
}

// For the module's lifetime: ArrayObject counts one more while pb_handler_count_on(true).
zend_result count_one_more(hk::proceed<count_elements> next, zend_object* obj, zend_long* n) {
    const zend_result r = next(obj, n);
    if (r == SUCCESS && g_count_on) ++*n;
    return r;
}

// A second override of do_operation: chained over the first, it doubles what
// the handlers under it answer for ZEND_MUL.
zend_result doubled(hk::proceed<do_operation> next, zend_uchar op, zval* result, zval* a, zval* b) {
    const zend_result r = next(op, result, a, b);
    if (r == SUCCESS && op == ZEND_MUL && Z_TYPE_P(result) == IS_LONG) Z_LVAL_P(result) *= 2;
    return r;
}

struct slot_ops {
    const char* name;
    void (*install)(std::string_view);
    void (*restore)();
    bool (*on)();
};

template <class Slot, auto F>
constexpr slot_ops ops(const char* name) {
    return {name, [](std::string_view c) { hk::override_handler<Slot, F>(c); }, [] { hk::restore_handler<Slot, F>(); },
            [] { return hk::overridden<Slot, F>(); }};
}

const slot_ops g_slots[] = {
    ops<do_operation, &on_operation>("do_operation"),
    ops<do_operation, &doubled>("do_operation/doubled"),
    ops<compare, &on_compare>("compare"),
    ops<read_property, &on_read_property>("read_property"),
    ops<write_property, &on_write_property>("write_property"),
    ops<get_property_ptr_ptr, &on_property_ptr>("get_property_ptr_ptr"),
    ops<has_property, &on_has_property>("has_property"),
    ops<unset_property, &on_unset_property>("unset_property"),
    ops<read_dimension, &on_read_dimension>("read_dimension"),
    ops<write_dimension, &on_write_dimension>("write_dimension"),
    ops<has_dimension, &on_has_dimension>("has_dimension"),
    ops<unset_dimension, &on_unset_dimension>("unset_dimension"),
    ops<cast_object, &on_cast>("cast_object"),
    ops<count_elements, &on_count>("count_elements"),
};

const slot_ops& find(std::string_view name) {
    for (const auto& s : g_slots) {
        if (name == s.name) return s;
    }
    throw php::argument_value_error(1, "must name a handler this extension overrides");
}

}  // namespace

void register_object_hooks(php::module& m) {
    m.override_handler<count_elements, &count_one_more>("ArrayObject");
    m.on_request_start([] {
        g_callback.clear();
        g_after = false;
        g_count_on = false;
    });
    m.def(
        "pb_handler_override",
        [](std::string_view slot, std::string_view class_name, std::string_view callback, bool after) {
            find(slot).install(class_name);
            if (!callback.empty()) g_callback = callback;
            g_after = after;
        },
        php::arg("slot"), php::arg("class"), php::arg("callback") = "", php::arg("after") = false);
    m.def("pb_handler_restore", [](std::string_view slot) { find(slot).restore(); }, php::arg("slot"));
    m.def("pb_handler_overridden", [](std::string_view slot) { return find(slot).on(); }, php::arg("slot"));
    m.def("pb_handler_count_on", [](bool on) { g_count_on = on; }, php::arg("on"));
}
