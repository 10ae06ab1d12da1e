// phpbind/class.hpp — a C++ type becomes a PHP class.
//
//   struct Counter { int64_t n = 0; int64_t inc() { return ++n; } };
//
//   m.class_<Counter>("Counter")
//       .constructor<int64_t>(php::arg("start") = 0)   // __construct(int $start = 0)
//       .def<&Counter::inc>("inc");                    // inc(): int
//
// The C++ object lives inline with its zend_object: one allocation, the
// zend_object last (its properties follow it), the offset known at compile
// time. It is constructed by __construct (or when the object is created, for
// a default-constructible type bound without a constructor) and destroyed in
// free_obj, after the engine's own zend_object_std_dtor. A method called on an
// object whose C++ part was never constructed (a PHP subclass that skipped
// parent::__construct) raises Error instead of touching it.
#pragma once

#include <phpbind/detail/protocols.hpp>
#include <phpbind/detail/class_spec.hpp>
#include <phpbind/gc.hpp>

#include <phpbind/call.hpp>
#include <phpbind/module.hpp>

#include <cstddef>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <vector>

PHPBIND_NAMESPACE_BEGIN

/// Visibility of a declared property.
struct visibility {
    uint32_t flags;
};
inline constexpr visibility public_{ZEND_ACC_PUBLIC};
inline constexpr visibility protected_{ZEND_ACC_PROTECTED};
inline constexpr visibility private_{ZEND_ACC_PRIVATE};

namespace detail {

/// Points `r` at the class `name` from the module's startup (after the class
/// is registered) to its shutdown.
inline void bind_class_ref(module& m, class_ref& r, const std::string& name) {
    detail::module_access::at_startup(m, [&r, name](int) {
        // CG(class_table): at MINIT, EG(class_table) is not set up yet.
        zend_string* n = zend_string_init(name.data(), name.size(), 1);
        zend_string* lc = zend_string_tolower_ex(n, 1);
        r.bind(static_cast<zend_class_entry*>(zend_hash_find_ptr(CG(class_table), lc)));
        zend_string_release(lc);
        zend_string_release(n);
    });
    m.on_shutdown([&r] { r.bind(nullptr); });
}

template <class T>
zend_object* create_constructed(zend_class_entry* ce) {
    zend_object* o = create_object<T>(ce);
    construct_inline(holder_of<T>(o));
    return o;
}

template <class T>
bool bind_default_constructor(module& m, std::vector<zend_function_entry>* methods) {
    using B = binder<constructor_key<T>, invoke_constructor<T>, void>;
    return B::bind_into(m, "__construct", methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR);
}

template <class T, class Base>
type_record type_record_of() {
    type_record r;
    r.node = &class_info<T>::node;
    r.type = &typeid(T);
    if constexpr (!std::is_void_v<Base>) {
        // The base's handlers (count, dimensions, properties, gc) work on
        // derived objects: they reach the base's C++ part by upcast.
        r.base = &class_info<Base>::node;
        r.base_name = class_info<Base>::name;
        r.base_type = &typeid(Base);
        r.to_parent = &to_base<T, Base>;
    }
    r.self = &self_of<T>;
    r.share = &share_of<T>;
    r.adopt_unique = &adopt_unique<T>;
    r.adopt_shared = &adopt_shared<T>;
    if constexpr (heap_storable<T>) {
        r.heap_copy = &heap_copy<T>;
        r.heap_delete = &heap_delete<T>;
        r.heap_create = &heap_create<T>;
    }
    r.offset = static_cast<int>(offsetof(object_holder<T>, std));
    r.free_obj = &free_object<T>;
    if constexpr (std::is_copy_constructible_v<T>) r.clone_obj = &clone_object<T>;
    if constexpr (requires(const T& t, gc_visitor& v) { t.gc(v); }) r.get_gc = &get_gc<T>;
    r.create = &create_object<T>;
    if constexpr (std::is_default_constructible_v<T>) {
        r.create_constructed = &create_constructed<T>;
        r.bind_default_constructor = &bind_default_constructor<T>;
    }
    return r;
}

}  // namespace detail

/// Binds C++ type T as a PHP class (made by `module::class_<T, Base>(name)`): the C++ object lives
/// inside the zend_object and is destroyed with it. Each method returns the builder. See
/// classes.md.
template <class T, class Base>
class class_ {
    static_assert(std::is_class_v<T>, "phpbind: class_<T> binds a class or struct type");
    static_assert(std::is_void_v<Base> || std::is_base_of_v<Base, T>,
                  "phpbind: class_<T, Base>: Base must be a base class of T");
    static_assert(std::is_void_v<Base> || !std::is_same_v<Base, T>, "phpbind: a class cannot extend itself");

public:
    class_(module& m, std::string_view name) : m_(m), spec_(std::make_shared<detail::class_spec>()) {
        spec_->name = std::string(name);
        detail::module_access::declare_type(m, name, &spec_->methods);
        detail::class_info<T>::name = detail::module_access::keep(m, name);
        auto spec = spec_;
        module* mod = &m;
        detail::module_access::at_startup(
            m, [spec, mod](int) { detail::start_class(*mod, *spec, detail::type_record_of<T, Base>()); });
    }

    /// Documents the class: the doc comment of its declaration in the stub
    /// phpbind_add_stubs() writes (methods take php::doc("...") among their
    /// annotations).
    class_& doc(const char* text) {
        detail::module_access::document_type(m_, spec_->name, text);
        return *this;
    }

    /// Points `r` (a php::class_ref with static storage) at this class from
    /// the module's startup to its shutdown.
    class_& ref(class_ref& r) {
        detail::bind_class_ref(m_, r, spec_->name);
        return *this;
    }

    /// `__construct(...)` from the C++ constructor T(A...).
    template <class... A, class... Extra>
    class_& constructor(const Extra&... extra) {
        using B = detail::binder<detail::constructor_key<T>, detail::invoke_constructor<T, A...>, void, A...>;
        spec_->flags_has_constructor = true;
        B::bind_into(m_, "__construct", &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR, extra...);
        return *this;
    }

    /// `__construct(...)` from a factory function `F` (a free or static
    /// function returning T, std::unique_ptr<T> or std::shared_ptr<T>): its
    /// parameters become the constructor's arg info.
    template <auto F, class... Extra>
    class_& factory(const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_factory<T, F>, void,
                                              typename S::args>::type;
        spec_->flags_has_constructor = true;
        B::bind_into(m_, "__construct", &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_CTOR, extra...);
        return *this;
    }

    /// A method from a member function pointer (const or not).
    template <auto M, class... Extra>
    class_& def(std::string_view name, const Extra&... extra) {
        static_assert(std::is_member_function_pointer_v<decltype(M)>,
                      "phpbind: class_::def<&T::method> takes a member function; use def_static for others");
        using S = detail::signature<decltype(M)>;
        using B = typename detail::binder_for<detail::pointer_key<M>, detail::invoke_method<M, T>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, extra...);
        return *this;
    }

    /// A static method from a free or static member function.
    template <auto F, class... Extra>
    class_& def_static(std::string_view name, const Extra&... extra) {
        using S = detail::signature<decltype(F)>;
        using B = typename detail::binder_for<detail::pointer_key<F>, detail::invoke_pointer<F>, typename S::ret,
                                              typename S::args>::type;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_STATIC, extra...);
        return *this;
    }

    // Protocols: the handlers are in detail/protocols.hpp. ----------------

    /// Countable, natively: `count($obj)` goes through the count handler
    /// straight to `Size` (a const member returning an integer); the
    /// interface's count() method calls it too.
    /// Annotations (`php::returns`, `php::doc`) apply to count().
    template <auto Size, class... Extra>
    class_& countable(const Extra&... extra) {
        count_handler<Size>();
        spec_->interfaces.push_back([]() noexcept { return zend_ce_countable; });
        return def<Size>("count", extra...);
    }

    /// `count($obj)` through the count handler alone: no Countable, no count() method (a C
    /// extension's count_elements handler; ext-ds's Pair counts 2 so). `$obj instanceof Countable`
    /// stays false.
    template <auto Size>
    class_& count_handler() {
        spec_->handler_setup.push_back([](zend_object_handlers& h, uint32_t flags) {
            using C = detail::countable_protocol<T>;
            h.count_elements =
                flags & ZEND_ACC_FINAL ? &C::template count<Size, true> : &C::template count<Size, false>;
        });
        // An object not constructed yet counts through the general path (it throws).
        spec_->pending_setup.push_back([](zend_object_handlers& h) {
            h.count_elements = &detail::countable_protocol<T>::template count_other<Size>;
        });
        return *this;
    }

    /// ArrayAccess, natively: `$obj[$k]`, `$obj[$k] = $v`, `isset($obj[$k])`
    /// and `unset($obj[$k])` go through the dimension handlers straight to
    /// Get(K) -> V, Set(K, V), Has(K) -> bool and Unset(K). Keys and values
    /// are read with their casters; an offset of the wrong type raises
    /// TypeError. The interface's offsetGet/offsetSet/offsetExists/offsetUnset
    /// methods (mixed, as ArrayAccess declares them) call the same members.
    /// `$obj[$k] ?? $d` asks Has first, as PHP does for an ArrayAccess class;
    /// a Get(K, php::dim_read) is told the read mode and decides itself.
    template <auto Get, auto Set, auto Has, auto Unset>
    class_& array_access() {
        using D = detail::dimension_protocol<T>;
        array_access_handlers<Get, Set, Has, Unset>();
        bind_dim_method<typename D::template get_method<Get>, Value, ValueView>("offsetGet", "offset");
        bind_dim_method<typename D::template set_method<Set>, void, ValueView, ValueView>("offsetSet", "offset",
                                                                                          "value");
        bind_dim_method<typename D::template has_method<Has>, bool, ValueView>("offsetExists", "offset");
        bind_dim_method<typename D::template unset_method<Unset>, void, ValueView>("offsetUnset", "offset");
        return *this;
    }
    /// ArrayAccess's dimension handlers alone, as array_access<>() installs them, for a class that
    /// binds offsetGet, offsetSet, offsetExists and offsetUnset itself with def() (to declare them
    /// as a C stub does, or to run other code for explicit calls). A `php::ValueView` key takes any
    /// offset as it is; `$obj[] = $v` then passes an undefined view (`is_undef()`), where other
    /// key types raise `Error: Cannot append to an object of class ...`.
    template <auto Get, auto Set, auto Has, auto Unset>
    class_& array_access_handlers() {
        using D = detail::dimension_protocol<T>;
        spec_->handler_setup.push_back([](zend_object_handlers& h, uint32_t) {
            h.read_dimension = &D::template read<Get, Has>;
            h.write_dimension = &D::template write<Set>;
            h.has_dimension = &D::template has<Has, Get>;
            h.unset_dimension = &D::template unset<Unset>;
        });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_arrayaccess; });
        return *this;
    }

    /// IteratorAggregate, natively: `foreach ($obj as $i => $v)` walks
    /// positions 0..Size()-1 with values At(i), through ce->get_iterator.
    /// Size() is read at every step, so the object may change during a loop.
    /// getIterator(): Iterator returns an InternalIterator over the same.
    /// Annotations (`php::returns("Traversable")`, `php::doc`) apply to getIterator().
    template <auto Size, auto At, class... Extra>
    class_& iterable(const Extra&... extra) {
        static_assert(std::is_member_function_pointer_v<decltype(Size)> &&
                          std::is_member_function_pointer_v<decltype(At)>,
                      "phpbind: iterable<&T::size, &T::at>() takes two member functions");
        return iterable_with<detail::index_cursor<Size, At>>(extra...);
    }
    /// IteratorAggregate over a copy of the container Entries() returns,
    /// taken when the loop starts; entries with .first/.second (maps) give
    /// `key => value`, others `0, 1, ... => element`. When Entries() returns
    /// std::optional instead, the loop consumes: each step takes one value
    /// from it until it returns std::nullopt (a stack emptied as it is walked).
    template <auto Entries, class... Extra>
    class_& iterable(const Extra&... extra) {
        static_assert(std::is_member_function_pointer_v<decltype(Entries)>,
                      "phpbind: iterable<&T::entries>() takes a member function returning a container");
        return iterable_with<detail::single_cursor<Entries>>(extra...);
    }
    /// The iteration of iterable<&T::size, &T::at>() alone: ce->get_iterator
    /// and IteratorAggregate, while the class binds getIterator() itself with
    /// def (for one returning `$this`, as some C extensions do: a member
    /// returning `T&`). `by_reference_error`, if given, is the message of the
    /// Error `foreach ($obj as &$v)` raises instead of the engine's.
    template <auto Size, auto At>
    class_& iterable_handlers(std::string_view by_reference_error = {}) {
        static_assert(std::is_member_function_pointer_v<decltype(Size)> &&
                          std::is_member_function_pointer_v<decltype(At)>,
                      "phpbind: iterable_handlers<&T::size, &T::at>() takes two member functions");
        return iteration_with<detail::index_cursor<Size, At>>(by_reference_error);
    }
    /// The iteration of iterable<&T::entries>() alone (see the two-member form).
    template <auto Entries>
    class_& iterable_handlers(std::string_view by_reference_error = {}) {
        static_assert(std::is_member_function_pointer_v<decltype(Entries)>,
                      "phpbind: iterable_handlers<&T::entries>() takes a member function");
        return iteration_with<detail::single_cursor<Entries>>(by_reference_error);
    }
    /// Stringable: `__toString(): string` calling Str, and the cast_object
    /// handler for `(string)$obj`, `echo`, string parameters.
    template <auto Str>
    class_& to_string() {
        static_assert(caster<cast_result<Str>>::type_mask == MAY_BE_STRING,
                      "phpbind: to_string<&T::m>() needs m() to return a string");
        cast_member<Str>(detail::protocol_table<T>::to_string);
        // Stringable: the engine adds it to an internal class registering
        // __toString on some versions (zend_register_functions), not on others;
        // declare it only where it is still missing.
        spec_->ce_setup.push_back([](zend_class_entry* ce) {
            if (!zend_class_implements_interface(ce, zend_ce_stringable)) {
                zend_class_implements(ce, 1, zend_ce_stringable);
            }
        });
        return def<Str>("__toString");
    }
    /// `(string)$obj`, `echo $obj`, string parameters and interpolation through cast_object alone,
    /// calling Str: no `__toString()` method and no `Stringable`, as an internal class with a cast
    /// handler of its own converts (ext-ds's collections print `object(Ds\Vector)`). A PHP
    /// subclass that declares `__toString()` is converted with it.
    template <auto Str>
    class_& string_cast() {
        static_assert(caster<cast_result<Str>>::type_mask == MAY_BE_STRING,
                      "phpbind: string_cast<&T::m>() needs m() to return a string");
        return cast_member<Str>(detail::protocol_table<T>::string_cast);
    }
    /// `(int)$obj` / `intval()` through cast_object calling F (an integer).
    template <auto F>
    class_& to_int() {
        static_assert(caster<cast_result<F>>::type_mask == MAY_BE_LONG,
                      "phpbind: to_int<&T::m>() needs m() to return an integer");
        return cast_member<F>(detail::protocol_table<T>::to_long);
    }
    /// `(float)$obj` / `floatval()` through cast_object calling F.
    template <auto F>
    class_& to_float() {
        static_assert(std::is_floating_point_v<cast_result<F>>,
                      "phpbind: to_float<&T::m>() needs m() to return a floating point value");
        return cast_member<F>(detail::protocol_table<T>::to_double);
    }
    /// `(bool)$obj`, `if ($obj)`, `!$obj` through cast_object calling F.
    template <auto F>
    class_& to_bool() {
        static_assert(std::is_same_v<cast_result<F>, bool>, "phpbind: to_bool<&T::m>() needs m() to return bool");
        return cast_member<F>(detail::protocol_table<T>::to_bool);
    }

private:
    template <auto F>
    using cast_result = std::remove_cvref_t<typename detail::signature<decltype(F)>::ret>;
    // The cast_object handler, calling F for the target type whose table slot is given.
    template <auto F>
    class_& cast_member(typename detail::protocol_table<T>::cast_fn& slot) {
        slot = &detail::cast_through<T, cast_result<F>, F>;
        spec_->handler_setup.push_back(
            [](zend_object_handlers& h, uint32_t) { h.cast_object = &detail::cast_object<T>; });
        return *this;
    }

public:
    /// What `var_dump()`, `print_r()` and `debug_zval_refcount()` show of the object: the
    /// array F returns (any array type: php::Array, std::vector, std::map...), through the
    /// get_debug_info handler. `(array)`, `get_object_vars()`, `var_export()` and serialization
    /// still see the properties. An exception F throws is raised after the listing, which shows
    /// no element.
    template <auto F>
    class_& debug_info() {
        using R = std::remove_cvref_t<typename detail::signature<decltype(F)>::ret>;
        static_assert(caster<R>::type_mask == MAY_BE_ARRAY,
                      "phpbind: debug_info<&T::m>() needs m() to return an array type (php::Array, std::vector, "
                      "std::map...)");
        spec_->handler_setup.push_back(
            [](zend_object_handlers& h, uint32_t) { h.get_debug_info = &detail::debug_info<T, F>; });
        return *this;
    }
    /// JsonSerializable: `jsonSerialize()` calls F; json_encode() uses it. Annotations
    /// (`php::returns("mixed").tentative()`, `php::doc`) apply to jsonSerialize().
    template <auto F, class... Extra>
    class_& json(const Extra&... extra) {
        spec_->interfaces.push_back([]() noexcept { return php_json_serializable_ce; });
        return def<F>("jsonSerialize", extra...);
    }
    /// A C++ operator through the do_operation handler: `$a + $b` for
    /// php::op::add with `T + Other` (and `Other + T` when C++ has it);
    /// compound assignment too. php::op::compare binds ==, <, <=>... through
    /// the compare handler. Other operand types keep PHP's own behaviour.
    template <class Op, class Other = T>
    class_& op() {
        if constexpr (std::is_same_v<Op, php::op::compare>) {
            static_assert(std::is_same_v<Other, T>,
                          "phpbind: op<php::op::compare>() compares two objects of the class");
            static_assert(
                requires(const T& a, const T& b) { a == b; } || requires(const T& a, const T& b) { a <=> b; },
                "phpbind: op<php::op::compare>() needs operator<=> or operator== on T");
            spec_->handler_setup.push_back([](zend_object_handlers& h, uint32_t) { h.compare = &detail::compare<T>; });
        } else {
            constexpr bool forward = requires(const T& a, const Other& b) { Op::apply(a, b); };
            constexpr bool reflected =
                !std::is_same_v<Other, T> && requires(const Other& a, const T& b) { Op::apply(a, b); };
            static_assert(forward || reflected, "phpbind: op<Op, Other>(): T has no such C++ operator with Other");
            using table = detail::protocol_table<T>;
            if constexpr (forward) table::add(Op::opcode, &detail::binary_op<Op, T, Other>);
            if constexpr (reflected) table::add(Op::opcode, &detail::binary_op<Op, Other, T>);
            spec_->handler_setup.push_back(
                [](zend_object_handlers& h, uint32_t) { h.do_operation = &detail::do_operation<T>; });
        }
        return *this;
    }
    /// op<Ops>() for each tag, both operands of the class.
    template <class... Ops>
    class_& operators() {
        (op<Ops>(), ...);
        return *this;
    }
    /// Opt-in serialization: `__serialize(): array` returns Save() and
    /// `__unserialize(array $data): void` rebuilds the C++ object, either
    /// default-constructed then `Restore(data)` (a member), or constructed
    /// from `Restore(data)` (a static factory returning T).
    template <auto Save, auto Restore>
    class_& serializable() {
        using R = std::remove_cvref_t<typename detail::signature<decltype(Save)>::ret>;
        static_assert(caster<R>::type_mask == MAY_BE_ARRAY,
                      "phpbind: serializable<&T::save, ...>(): save() must return an array type (php::Array, "
                      "std::vector, std::map...), as __serialize(): array declares");
        using S = detail::signature<decltype(Restore)>;
        using A = std::remove_cvref_t<typename detail::first_of<typename S::args>::type>;
        static_assert(caster<A>::type_mask == MAY_BE_ARRAY,
                      "phpbind: serializable<..., &restore>(): restore takes one array type (php::ArrayView, "
                      "std::vector, std::map...), as __unserialize(array $data) declares");
        if constexpr (std::is_member_function_pointer_v<decltype(Restore)>) {
            static_assert(std::is_default_constructible_v<T>,
                          "phpbind: serializable<..., &T::restore>() default-constructs T before restore(data); bind "
                          "a static factory `T make(data)` instead for a type without a default constructor");
        }
        spec_->serializable = true;
        def<Save>("__serialize");
        using U = detail::invoke_unserialize<Restore, T>;
        detail::binder_for<U, U, void, typename S::args>::type::bind_into(m_, "__unserialize", &spec_->methods,
                                                                          ZEND_ACC_PUBLIC, php::arg("data"));
        return *this;
    }

    /// Custom serialization, the `C:` format (`C:9:"Ds\\Vector":8:{i:1;i:2;}`) of classes whose
    /// class entry serializes them itself, as ext/ds and older internal classes do: Save
    /// (`void save(php::serializer&) const`) writes the payload; Load rebuilds the object from
    /// it, either a member `void load(php::unserializer&)` (on a default-constructed T) or a
    /// static factory `T load(php::unserializer&)`. An exception either throws is raised from
    /// serialize() / unserialize(). An `O:` string for the class is refused by the engine
    /// (`Erroneous data format for unserializing`). Use serializable<>() for new formats.
    template <auto Save, auto Load>
    class_& custom_serializable() {
        static_assert(std::is_invocable_v<decltype(Save), const T&, php::serializer&>,
                      "phpbind: custom_serializable<&T::save, ...>(): save is `void save(php::serializer&) const`");
        if constexpr (std::is_member_function_pointer_v<decltype(Load)>) {
            static_assert(std::is_invocable_v<decltype(Load), T&, php::unserializer&>,
                          "phpbind: custom_serializable<..., &T::load>(): load is `void load(php::unserializer&)`");
            static_assert(std::is_default_constructible_v<T>,
                          "phpbind: custom_serializable<..., &T::load>() default-constructs T before load(); bind a "
                          "static factory `T load(php::unserializer&)` for a type without a default constructor");
        } else {
            static_assert(std::is_same_v<std::invoke_result_t<decltype(Load), php::unserializer&>, T>,
                          "phpbind: custom_serializable<..., &load>(): a static load returns T");
        }
        spec_->serializable = true;
        spec_->ce_setup.push_back([](zend_class_entry* ce) {
            ce->serialize = &detail::custom_serialize<T, Save>;
            ce->unserialize = &detail::custom_unserialize<T, Load>;
        });
        return *this;
    }

private:
    template <class Cursor>
    class_& iteration_with(std::string_view by_reference_error = {}) {
        if (!by_reference_error.empty())
            detail::by_reference_message<T> = detail::module_access::keep(m_, by_reference_error);
        using It = detail::native_iterator<T, Cursor>;
        spec_->ce_setup.push_back([](zend_class_entry* ce) { ce->get_iterator = &It::get; });
        spec_->interfaces.push_back([]() noexcept { return zend_ce_aggregate; });
        return *this;
    }
    template <class Cursor, class... Extra>
    class_& iterable_with(const Extra&... extra) {
        iteration_with<Cursor>();
        using G = detail::get_iterator_method<T>;
        detail::binder<G, G, detail::iterator_result>::bind_into(m_, "getIterator", &spec_->methods, ZEND_ACC_PUBLIC,
                                                                 extra...);
        return *this;
    }

public:
    /// A class constant (int, float, bool, string or null): `Counter::MAX`.
    template <class V>
    class_& constant(std::string_view name, const V& value) {
        zval z;
        detail::any_default(value, &z);
        spec_->constants.emplace_back(std::string(name), z);
        return *this;
    }

    /// A native-backed property: reads and writes of `$obj->name` go to the
    /// C++ member `M` (a data member: read-write, read-only if const) or to a
    /// const member function `M` taking nothing (read-only). Declared with the
    /// member's PHP type, so Reflection, var_dump and get_object_vars show it.
    template <auto M>
    class_& property(std::string_view name) {
        if constexpr (std::is_member_object_pointer_v<decltype(M)>) {
            using A = detail::member_access<T, M>;
            auto& p = add_property<typename A::value_type>(name, &A::get, A::writable ? &A::set : nullptr);
            if constexpr (A::direct != detail::direct_none) {
                p.direct = A::direct;
                p.member_offset = &A::member_offset;
            }
        } else {
            static_assert(std::is_member_function_pointer_v<decltype(M)>,
                          "phpbind: property<&T::member>: a data member or a getter member function");
            using G = detail::getter_access<T, M>;
            add_property<typename G::value_type>(name, &G::get, nullptr);
        }
        return *this;
    }

    /// A native-backed property through a getter and a setter member function.
    template <auto Get, auto Set>
    class_& property(std::string_view name) {
        using G = detail::getter_access<T, Get>;
        using S = detail::setter_access<T, Set>;
        static_assert(std::is_same_v<typename G::value_type, std::remove_cvref_t<typename S::value_type>>,
                      "phpbind: property<&T::get, &T::set>: the getter returns what the setter takes");
        add_property<typename G::value_type>(name, &G::get, &S::set);
        return *this;
    }

    /// A native-backed property of a php::Value data member declared as a C
    /// extension declares an untyped one: `public $name = NULL` (no type,
    /// null by default in Reflection); reads and writes go to the member.
    template <auto M>
    class_& property_untyped(std::string_view name) {
        static_assert(std::is_member_object_pointer_v<decltype(M)> &&
                          std::is_same_v<typename detail::member_access<T, M>::value_type, Value>,
                      "phpbind: property_untyped<&T::member>() takes a php::Value data member");
        // Any value can be assigned to the property, an object that points back among them: the
        // cycle collector must see the member, or such a cycle leaks.
        static_assert(
            requires(const T& t, gc_visitor& v) { t.gc(v); },
            "phpbind: property_untyped<&T::member>() needs T to report the member to the cycle collector: "
            "declare void gc(php::gc_visitor& v) const { v.add(member); } (classes.md)");
        property<M>(name);
        auto& p = spec_->properties.back();
        p.type_mask = 0;
        ZVAL_NULL(&p.default_value);
        if constexpr (detail::member_access<T, M>::writable) p.slot = &detail::member_access<T, M>::slot;
        return *this;
    }

    /// `unset($obj->name)` of a native-backed property bound before calls F, a member function
    /// taking nothing (ext-ds's `unset($pair->key)` sets the key to null). Without one, unset is
    /// `Error: Cannot unset native property T::$name` (`Cannot unset readonly property` for one
    /// PHP cannot write).
    template <auto F>
    class_& on_unset(std::string_view name) {
        static_assert(std::is_member_function_pointer_v<decltype(F)> && std::is_invocable_v<decltype(F), T&>,
                      "phpbind: on_unset<&T::m>(name) takes a member function with no parameters");
        for (auto& p : spec_->properties) {
            if (p.get && p.name == name) {
                p.unset = [](zend_object* o) { (void)(detail::native<T>(o)->*F)(); };
                return *this;
            }
        }
        m_.add_error("class " + spec_->name + ": on_unset(\"" + std::string(name) +
                     "\"): no native-backed property of that name is bound before it");
        return *this;
    }

    /// A native-backed property that PHP can read but not write.
    template <auto M>
    class_& property_readonly(std::string_view name) {
        if constexpr (std::is_member_object_pointer_v<decltype(M)>) {
            using A = detail::member_access<T, M>;
            auto& p = add_property<typename A::value_type>(name, &A::get, nullptr);
            if constexpr (A::direct != detail::direct_none) {
                p.direct = A::direct;
                p.member_offset = &A::member_offset;
            }
        } else {
            return property<M>(name);
        }
        return *this;
    }

    /// A declared PHP property of type V (`public int $hits = 0;`), stored by
    /// the engine in the object like any property a PHP class declares.
    template <class V, class D>
    class_& declare(std::string_view name, const D& default_value, visibility vis = public_) {
        zval z;
        if constexpr (std::is_same_v<D, std::nullptr_t>) {
            static_assert(caster<V>::type_mask & MAY_BE_NULL, "phpbind: only a nullable property can default to null");
            ZVAL_NULL(&z);
        } else {
            static_assert(detail::has_persistent_zval<V>, "phpbind: this property type cannot have a default value");
            caster<V>::persistent_zval(V(default_value), &z);
        }
        add_declared<V>(name, &z, vis);
        return *this;
    }
    /// A declared typed property without a default: uninitialized until set.
    template <class V>
    class_& declare(std::string_view name, visibility vis = public_) {
        zval z;
        ZVAL_UNDEF(&z);
        add_declared<V>(name, &z, vis);
        return *this;
    }

    /// Implements an interface bound with `module::interface_` (bind it
    /// first) or any interface the engine knows by name (`"Stringable"`).
    /// The class must define every method the interface declares.
    class_& implements(std::string_view interface_name) {
        spec_->interface_names.emplace_back(interface_name);
        return *this;
    }

    /// `abstract class ...`: PHP cannot instantiate it; PHP classes and bound
    /// derived classes extend it. A C++ type with pure virtual functions is
    /// bound this way, without a constructor.
    class_& abstract_() {
        spec_->flags |= ZEND_ACC_EXPLICIT_ABSTRACT_CLASS;
        return *this;
    }

    /// `final class ...`
    class_& final_() {
        spec_->flags |= ZEND_ACC_FINAL;
        return *this;
    }

private:
    template <class V>
    detail::property_spec& new_property(std::string_view name) {
        auto& p = spec_->properties.emplace_back();
        p.name = std::string(name);
        p.type_mask = caster<V>::type_mask;
        p.class_name = detail::class_name_of<caster<V>>();
        if (p.class_name) p.class_name = detail::module_access::keep(m_, p.class_name);
        ZVAL_UNDEF(&p.default_value);
        return p;
    }
    template <class V>
    detail::property_spec& add_property(std::string_view name, void (*get)(zend_object*, zval*),
                                        void (*set)(zend_object*, zend_string*, zval*)) {
        auto& p = new_property<V>(name);
        p.get = get;
        p.set = set;
        if (!set) p.flags |= ZEND_ACC_READONLY;
        return p;
    }
    template <class V>
    void add_declared(std::string_view name, zval* def, visibility vis) {
        auto& p = new_property<V>(name);
        p.flags = vis.flags;
        ZVAL_COPY_VALUE(&p.default_value, def);
    }

    template <class Invoke, class R, class... A, class... Names>
    void bind_dim_method(std::string_view name, Names... names) {
        using B = detail::binder<Invoke, Invoke, R, A...>;
        B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC, php::arg(names)...);
    }

    module& m_;
    std::shared_ptr<detail::class_spec> spec_;
};

/// A PHP interface declared by the extension:
///
///   m.interface_("App\\HasArea").method<double()>("area");
///   m.class_<Rect>("App\\Rect").implements("App\\HasArea")...;
///
/// Each method's signature is a C++ function type; its arg info follows from
/// it as for any bound function. Registered at MINIT in definition order, so
/// bind an interface before the classes that implement it.
class interface_ {
public:
    interface_(module& m, std::string_view name) : m_(m), spec_(std::make_shared<detail::interface_spec>()) {
        spec_->name = std::string(name);
        detail::module_access::declare_type(m, name, &spec_->methods);
        auto spec = spec_;
        module* mod = &m;
        detail::module_access::at_startup(
            m, [spec, mod](int) { detail::register_interface(*spec, detail::module_access::registers_once(*mod)); });
    }

    /// Documents the interface (its doc comment in the generated stub).
    interface_& doc(const char* text) {
        detail::module_access::document_type(m_, spec_->name, text);
        return *this;
    }

    /// Points `r` (a php::class_ref with static storage) at this interface
    /// from the module's startup to its shutdown.
    interface_& ref(class_ref& r) {
        detail::bind_class_ref(m_, r, spec_->name);
        return *this;
    }

    /// An abstract method `name` with the signature `Sig` (`double()`,
    /// `std::string(std::string_view)`), named parameters and defaults as
    /// for functions.
    template <class Sig, class... Extra>
    interface_& method(std::string_view name, const Extra&... extra) {
        using S = detail::signature<std::add_pointer_t<Sig>>;
        using B = typename detail::binder_for<detail::abstract_key<Sig>, detail::abstract_invoke, typename S::ret,
                                              typename S::args>::type;
        if (B::bind_into(m_, name, &spec_->methods, ZEND_ACC_PUBLIC | ZEND_ACC_ABSTRACT, extra...)) {
            spec_->methods.back().handler = nullptr;  // abstract: the engine never calls it
        }
        return *this;
    }

    /// `interface X extends Y`: Y bound before, or known to the engine.
    interface_& extends(std::string_view parent) {
        spec_->parents.emplace_back(parent);
        return *this;
    }

private:
    module& m_;
    std::shared_ptr<detail::interface_spec> spec_;
};

inline interface_ module::interface_(std::string_view name) { return php::interface_(*this, name); }

template <class T, class Base>
class_<T, Base> module::class_(std::string_view name) {
    return php::class_<T, Base>(*this, name);
}

/// The C++ object of the bound class T behind `v`, or nullptr when `v` is
/// not an object of T (or of a class extending it): for a parameter declared
/// untyped that still wants a T. An object whose constructor never ran
/// raises its "not initialized" Error.
template <class T>
T* native_of(ValueView v) {
    zval* z = v.raw();
    if (!caster<T>::matches(z)) return nullptr;
    return detail::native<T>(Z_OBJ_P(z));
}

PHPBIND_NAMESPACE_END
