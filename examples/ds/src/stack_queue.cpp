// examples/ds/src/stack_queue.cpp — Ds\Stack (last in, first out, on a
// Vector's storage and capacity) and Ds\Queue (first in, first out, on a
// Deque's). Walking either takes its values: a loop empties it.
#include "sequence.hpp"

namespace ds {
namespace {

[[noreturn]] void throw_by_key() { throw php::error("Array access by key is not supported"); }

// Lifo: the stack's top is the sequence's end; Fifo: the queue's head is its front.
template <class Rules, bool Lifo>
struct Adapter {
    Sequence<Rules> seq;

    void construct(php::ValueView values) { seq.construct(values); }
    void allocate(int64_t capacity) { seq.allocate(capacity); }
    int64_t capacity() const { return seq.capacity(); }
    php::Value peek() const { return Lifo ? seq.last() : seq.first(); }
    php::Value pop() { return Lifo ? seq.pop() : seq.shift(); }
    void push(php::variadic<php::ValueView> values) { seq.push(std::move(values)); }
    std::optional<php::Value> take() {
        if (seq.items.empty()) return std::nullopt;
        return pop();
    }
    Adapter& self() { return *this; }
    std::string_view cast_label() const { return Lifo ? "object(Ds\\Stack)" : "object(Ds\\Queue)"; }

    // ArrayAccess: only `$s[] = $value`.
    bool offset_exists(php::ValueView) const { throw_by_key(); }
    php::Value offset_get(php::ValueView) const { throw_by_key(); }
    void offset_set(php::ValueView offset, php::ValueView value) {
        if (!offset.is_undef() && !offset.is_null()) throw_by_key();
        seq.push_one(value);
    }
    // `$s[] = $v` alone through the write handler (`$s[null] = $v` is ext-ds's Error; the
    // offsetSet(null, $v) method appends).
    void offset_write(php::ValueView offset, php::ValueView value) {
        if (!offset.is_undef()) throw_by_key();
        seq.push_one(value);
    }
    void offset_unset(php::ValueView) { throw_by_key(); }

    // Ds\Collection: values in the order they would be taken.
    void clear() { seq.clear(); }
    Adapter copy() const { return *this; }
    int64_t count() const { return seq.count(); }
    bool is_empty() const { return seq.is_empty(); }
    auto to_array() const noexcept {
        if constexpr (!Lifo) return seq.to_array();
        else return std::views::reverse(seq.to_array());
    }

    // Serialized in the order they were pushed, so reading pushes them again.
    void save(php::serializer& out) const { seq.save(out); }
    void load(php::unserializer& in) { seq.load(in); }
    void gc(php::gc_visitor& v) const { seq.gc(v); }
};

using Stack = Adapter<vector_rules, true>;
using Queue = Adapter<deque_rules, false>;

template <class A>
void bind_adapter(php::module& m, const char* name, bool min_capacity_constant) {
    using php::arg;
    using php::returns;
    auto c = m.class_<A>(name);
    c.final_().implements("Ds\\Collection").template string_cast<&A::cast_label>();
    if (min_capacity_constant) c.constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity));
    c.template def<&A::construct>("__construct", arg("values").untyped().optional(), returns(""))
        .template def<&A::allocate>("allocate", arg("capacity"), returns(""))
        .template def<&A::capacity>("capacity")
        .template def<&A::peek>("peek", returns(""))
        .template def<&A::pop>("pop", returns(""))
        .template def<&A::push>("push", arg("values").untyped(), returns(""))
        .template iterable_handlers<&A::take>(by_reference_error)
        .template def<&A::self>("getIterator", returns("Traversable"))
        .template array_access_handlers<&A::offset_get, &A::offset_write, &A::offset_exists, &A::offset_unset>()
        .template def<&A::offset_exists>("offsetExists", arg("offset").untyped())
        .template def<&A::offset_get>("offsetGet", arg("offset"), returns("mixed").tentative())
        .template def<&A::offset_set>("offsetSet", arg("offset"), arg("value"), returns("void").tentative())
        .template def<&A::offset_unset>("offsetUnset", arg("offset"), returns("void").tentative())
        .template def<&A::clear>("clear", returns(""))
        .template def<&A::copy>("copy", returns("Ds\\Collection"))
        .template countable<&A::count>()
        .template def<&A::is_empty>("isEmpty")
        .template json<&A::to_array>(returns("mixed").tentative())
        .template def<&A::to_array>("toArray")
        .template debug_info<&A::to_array>()
        .template custom_serializable<&A::save, &A::load>();
}

}  // namespace

void register_stack_and_queue(php::module& m) {
    bind_adapter<Stack>(m, "Ds\\Stack", false);
    bind_adapter<Queue>(m, "Ds\\Queue", true);
}

}  // namespace ds
