// examples/ds/src/priority_queue.cpp — Ds\PriorityQueue: a binary max-heap on
// (priority, then first pushed first). Priorities are any PHP values,
// compared as `<=>` compares them.
//
// A comparison may run PHP code (an object's compare handler, __toString())
// that pushes or pops on this very queue: the heap is walked by index, and a
// change under a comparison raises an Error instead of reordering stale slots.
#include "ds.hpp"

#include <bit>

namespace ds {
namespace {

// Two zvals, as ext-ds's nodes are: the push order (among equal priorities the
// first pushed comes out first) is kept in their spare bits, high half in the
// value's, low half in the priority's.
struct Node {
    php::Value value;
    php::Value priority;

    Node(php::Value v, php::Value p, uint64_t stamp) noexcept : value(std::move(v)), priority(std::move(p)) {
        value.set_spare(static_cast<uint32_t>(stamp >> 32));
        priority.set_spare(static_cast<uint32_t>(stamp));
    }
    Node(const Node& o) : value(o.value), priority(o.priority) { stamp_from(o); }
    Node(Node&& o) noexcept : value(std::move(o.value)), priority(std::move(o.priority)) { stamp_from(o); }
    Node& operator=(const Node& o) {
        value = o.value;
        priority = o.priority;
        stamp_from(o);
        return *this;
    }
    Node& operator=(Node&& o) noexcept {
        value = std::move(o.value);
        priority = std::move(o.priority);
        stamp_from(o);
        return *this;
    }
    uint64_t stamp() const noexcept { return uint64_t{value.spare()} << 32 | priority.spare(); }

private:
    void stamp_from(const Node& o) noexcept {
        value.set_spare(o.value.spare());
        priority.set_spare(o.priority.spare());
    }
};

struct PriorityQueue {
    std::string_view cast_label() const { return "object(Ds\\PriorityQueue)"; }
    php::request_vector<Node> heap;
    std::size_t cap = min_capacity;
    uint64_t next_stamp = 0;
    uint64_t version = 0;

    PriorityQueue() { heap.reserve(cap); }
    PriorityQueue(const PriorityQueue& o) : cap(o.cap), next_stamp(o.next_stamp) {
        heap.reserve(cap);
        heap = o.heap;
    }
    PriorityQueue(PriorityQueue&&) noexcept = default;
    PriorityQueue& operator=(const PriorityQueue&) = delete;

    // The order of two nodes: positive when a comes out before b (a higher priority, or an
    // equal one pushed first), negative when after. For int or float priorities no PHP code runs
    // (fast_order answers); otherwise the comparison may run PHP code, which must find the heap
    // whole, and raises an Error if it changed it. PHP's comparison is not always antisymmetric
    // (objects of two classes are each "greater"), so which node is asked about which follows
    // ext-ds's calls.
    static bool fast_order(const Node& a, const Node& b, int64_t& out) {
        const php::ValueView x = a.priority, y = b.priority;
        if (!((x.is_int() && y.is_int()) || (x.is_float() && y.is_float()))) return false;
        out = stamped(spaceship(x, y), a, b);
        return true;
    }
    static int64_t stamped(int64_t c, const Node& a, const Node& b) {
        return c != 0 ? c : (a.stamp() < b.stamp()) - (a.stamp() > b.stamp());
    }
    int64_t order(const Node& a, const Node& b) const {
        int64_t c;
        if (fast_order(a, b, c)) return c;
        const uint64_t v = version;
        php::Value pa = a.priority, pb = b.priority;  // held: the comparison may change the heap
        c = pa.view().compare(pb);
        if (version != v) throw php::error("The queue changed while priorities were compared");
        return stamped(c, a, b);
    }
    bool before(const Node& a, const Node& b) const { return order(a, b) > 0; }
    static bool fast_before(const Node& a, const Node& b, bool& out) {
        int64_t c;
        if (!fast_order(a, b, c)) return false;
        out = c > 0;
        return true;
    }

    // Moving a node into place through a hole (one move per level) while every
    // comparison is a fast one; swapping (the heap whole at every step) from
    // the first that is not.
    void sift_up(std::size_t i) {
        Node moving = std::move(heap[i]);
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            bool up;
            if (!fast_before(moving, heap[parent], up)) {
                heap[i] = std::move(moving);
                return sift_up_swapping(i);
            }
            if (!up) break;
            heap[i] = std::move(heap[parent]);
            i = parent;
        }
        heap[i] = std::move(moving);
    }
    void sift_down(std::size_t i, std::size_t vacated) {
        Node moving = std::move(heap[i]);
        for (;;) {
            const std::size_t l = 2 * i + 1, r = l + 1;
            if (l >= heap.size()) break;
            // ext-ds takes the right child when the left one comes out after it.
            int64_t lr = 1;
            bool down;
            if ((r < heap.size() && !fast_order(heap[l], heap[r], lr)) ||
                !fast_before(heap[lr < 0 ? r : l], moving, down)) {
                heap[i] = std::move(moving);
                return sift_down_swapping(i, vacated);
            }
            if (!down) break;
            const std::size_t child = lr < 0 ? r : l;
            heap[i] = std::move(heap[child]);
            i = child;
        }
        heap[i] = std::move(moving);
    }
    void sift_up_swapping(std::size_t i) {
        while (i > 0) {
            const std::size_t parent = (i - 1) / 2;
            if (!before(heap[i], heap[parent])) break;
            std::swap(heap[i], heap[parent]);
            i = parent;
        }
    }
    // As sift_down: the right child if the left one comes out after it, then whether the child
    // comes out before the moving node. Where PHP's comparison of the priorities is no total
    // order (true == -1, true > 0, -1 < 0) or not antisymmetric, other choices or other
    // questions would pop another order than ext-ds's. ext-ds also weighs the slot pop() vacated
    // (`vacated`, which held the moving node) as a right child: one comparison more, which PHP
    // code may see (a priority that warns when compared).
    void sift_down_swapping(std::size_t i, std::size_t vacated) {
        for (;;) {
            const std::size_t l = 2 * i + 1, r = l + 1;
            if (l >= heap.size()) return;
            std::size_t child = l;
            if (r < heap.size()) {
                if (order(heap[l], heap[r]) < 0) child = r;
            } else if (r == vacated && order(heap[l], heap[i]) < 0) {
                return;
            }
            if (!before(heap[child], heap[i])) return;
            std::swap(heap[i], heap[child]);
            i = child;
        }
    }

    void allocate(int64_t capacity) {
        if (capacity <= 0) return;
        if (static_cast<std::size_t>(capacity) > (std::size_t{1} << 40)) {
            check_room(static_cast<std::size_t>(capacity), sizeof(Node));  // bit_ceil of more is undefined
        }
        const std::size_t want = std::bit_ceil(std::max(static_cast<std::size_t>(capacity), min_capacity));
        if (want > cap) {
            check_room(want, sizeof(Node));
            cap = want;
            heap.reserve(cap);
        }
    }
    int64_t capacity() const { return static_cast<int64_t>(cap); }
    php::Value peek() const {
        if (heap.empty()) throw_empty();
        return heap.front().value;
    }
    php::Value pop() {
        if (heap.empty()) throw_empty();
        ++version;
        Node top = std::move(heap.front());
        heap.front() = std::move(heap.back());
        heap.pop_back();
        if (!heap.empty()) sift_down(0, heap.size());
        if (heap.size() <= cap / 4 && cap / 2 >= min_capacity) {
            cap /= 2;
            heap.shrink_to_fit();
            heap.reserve(cap);
        }
        return std::move(top.value);  // the node's priority is released after the heap is whole
    }
    void push(php::ValueView value, php::ValueView priority) {
        ++version;
        if (heap.size() == cap) {
            cap *= 2;
            heap.reserve(cap);
        }
        heap.push_back(Node{value.own(), priority.own(), next_stamp++});
        sift_up(heap.size() - 1);
    }
    std::optional<php::Value> take() {
        if (heap.empty()) return std::nullopt;
        return pop();
    }
    PriorityQueue& self() { return *this; }

    // Ds\Collection.
    void clear() {
        ++version;
        php::request_vector<Node> old = std::move(heap);
        heap = {};
        cap = min_capacity;
        heap.reserve(cap);
        next_stamp = 0;
    }
    PriorityQueue copy() const { return *this; }
    int64_t count() const { return static_cast<int64_t>(heap.size()); }
    bool is_empty() const { return heap.empty(); }
    // The values in order, as ext-ds lists them (toArray(), serialize(), var_dump()): a copy of
    // the heap sorted as ext-ds sorts (engine_sort), each comparison asking how b stands to a, as
    // ext-ds's does; not popped. Where the priorities' comparison is a total order that is
    // pop()'s order; where PHP's is not (true == 5, 5 > 1, 1 == true) it is ext-ds's order,
    // which pop() does not give either (examples/ds/tests/fuzz found it).
    php::request_vector<Node> in_order() const {
        php::request_vector<Node> out(heap);
        if (std::exception_ptr e = engine_sort(out, [this](const Node& a, const Node& b) { return order(b, a); })) {
            std::rethrow_exception(e);
        }
        return out;
    }
    php::Array to_array() const {
        php::request_vector<Node> nodes = in_order();
        php::Array a = php::Array::with_capacity(nodes.size());
        for (const Node& n : nodes) a.push_back(n.value.view());
        return a;
    }

    // Serialized as value, priority pairs in in_order()'s order; read back by pushing them.
    void save(php::serializer& out) const {
        for (const Node& n : in_order()) {
            out.write(n.value);
            out.write(n.priority);
        }
    }
    void load(php::unserializer& in) {
        while (!in.at_end()) {
            std::optional<php::Value> v = in.read();
            std::optional<php::Value> p = v ? in.read() : std::nullopt;
            if (!p) throw php::error("Failed to unserialize data");
            push(*v, *p);
        }
    }
    void gc(php::gc_visitor& v) const {
        for (const Node& n : heap) {
            v.add(n.value);
            v.add(n.priority);
        }
    }
};

}  // namespace

void register_priority_queue(php::module& m) {
    using php::arg;
    using php::returns;
    m.class_<PriorityQueue>("Ds\\PriorityQueue")
        .final_()
        .string_cast<&PriorityQueue::cast_label>()
        .implements("Ds\\Collection")
        .constant("MIN_CAPACITY", static_cast<int64_t>(min_capacity))
        .constructor<>()
        .def<&PriorityQueue::allocate>("allocate", arg("capacity"), returns(""))
        .def<&PriorityQueue::capacity>("capacity")
        .def<&PriorityQueue::peek>("peek", returns(""))
        .def<&PriorityQueue::pop>("pop", returns(""))
        .def<&PriorityQueue::push>("push", arg("value").untyped(), arg("priority").untyped(), returns(""))
        .iterable_handlers<&PriorityQueue::take>(by_reference_error)
        .def<&PriorityQueue::self>("getIterator", returns("Traversable"))
        .def<&PriorityQueue::clear>("clear", returns(""))
        .def<&PriorityQueue::copy>("copy", returns("Ds\\Collection"))
        .countable<&PriorityQueue::count>()
        .def<&PriorityQueue::is_empty>("isEmpty")
        .json<&PriorityQueue::to_array>(returns("mixed").tentative())
        .def<&PriorityQueue::to_array>("toArray")
        .debug_info<&PriorityQueue::to_array>()
        .custom_serializable<&PriorityQueue::save, &PriorityQueue::load>();
}

}  // namespace ds
