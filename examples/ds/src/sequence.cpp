// examples/ds/src/sequence.cpp — Ds\Vector and Ds\Deque, bound from one
// template: the same methods, listed in ext-ds's order for each.
#include "sequence.hpp"

namespace ds {
namespace {

template <class S>
void bind_collection(php::class_<S>& c) {
    using php::returns;
    c.template def<&S::clear>("clear", returns(""))
        .template def<&S::copy>("copy", returns("Ds\\Collection"))
        .template countable<&S::count>()
        .template def<&S::is_empty>("isEmpty")
        .template json<&S::to_array>(returns("mixed").tentative())
        .template def<&S::to_array>("toArray");
}

// ext-ds lists the Ds\Collection methods last for Vector, right after
// getIterator() for Deque.
template <class S>
void bind_sequence(php::module& m, const char* name, bool collection_first) {
    using php::arg;
    using php::returns;
    auto c = m.class_<S>(name);
    c.final_()
        .implements("Ds\\Sequence")
        .template string_cast<&S::cast_label>()
        .constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity))
        .template def<&S::construct>("__construct", arg("values").untyped().optional(), returns(""))
        .template iterable_handlers<&S::count, &S::at>(by_reference_error)
        .template def<&S::self>("getIterator", returns("Traversable"));
    if (collection_first) bind_collection(c);
    c.template def<&S::allocate>("allocate", arg("capacity"), returns(""))
        .template def<&S::apply>("apply", arg("callback"), returns(""))
        .template def<&S::capacity>("capacity")
        .template def<&S::contains>("contains", arg("values").untyped())
        .template def<&S::filter>("filter", arg("callback").optional(), returns("Ds\\Sequence"))
        .template def<&S::find>("find", arg("value").untyped(), returns(""))
        .template def<&S::first>("first", returns(""))
        .template def<&S::get>("get", arg("index"), returns(""))
        .template def<&S::insert>("insert", arg("index"), arg("values").untyped(), returns(""))
        .template def<&S::join>("join", arg("glue").optional(""))
        .template def<&S::last>("last", returns(""))
        .template def<&S::map>("map", arg("callback"), returns("Ds\\Sequence"))
        .template def<&S::merge>("merge", arg("values").untyped(), returns("Ds\\Sequence"))
        .template array_access_handlers<&S::offset_slot, &S::offset_write, &S::offset_exists, &S::offset_unset>()
        .template def<&S::offset_exists_method>("offsetExists", arg("offset").untyped())
        .template def<&S::offset_get_method>("offsetGet", arg("offset"), returns("mixed").tentative())
        .template def<&S::offset_set>("offsetSet", arg("offset"), arg("value"), returns("void").tentative())
        .template def<&S::offset_unset_method>("offsetUnset", arg("offset"), returns("void").tentative())
        .template def<&S::pop>("pop", returns(""))
        .template def<&S::push>("push", arg("values").untyped(), returns(""))
        .template def<&S::reduce>("reduce", arg("callback"), arg("initial").untyped().optional(), returns(""))
        .template def<&S::remove>("remove", arg("index"), returns(""))
        .template def<&S::reverse>("reverse", returns(""))
        .template def<&S::reversed>("reversed", returns("Ds\\Sequence"))
        .template def<&S::rotate>("rotate", arg("rotations"), returns(""))
        .template def<&S::set>("set", arg("index"), arg("value").untyped(), returns(""))
        .template def<&S::shift>("shift", returns(""))
        .template def<&S::slice>("slice", arg("index"), arg("length").optional(), returns("Ds\\Sequence"))
        .template def<&S::sort>("sort", arg("comparator").optional(), returns(""))
        .template def<&S::sorted>("sorted", arg("comparator").optional(), returns("Ds\\Sequence"))
        .template def<&S::sum>("sum", returns(""))
        .template def<&S::unshift>("unshift", arg("values").untyped(), returns(""));
    if (!collection_first) bind_collection(c);
    c.template debug_info<&S::to_array>().template custom_serializable<&S::save, &S::load>();
}

}  // namespace

void register_sequences(php::module& m) {
    bind_sequence<Vector>(m, "Ds\\Vector", false);
    bind_sequence<Deque>(m, "Ds\\Deque", true);
}

}  // namespace ds
