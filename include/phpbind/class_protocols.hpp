// phpbind/class_protocols.hpp — native protocols of bound classes.
//
//   m.class_<Vec>("App\\Vec")
//       .countable<&Vec::size>()                 // count($v), Countable
//       .array_access<&Vec::get, &Vec::set, &Vec::has, &Vec::unset>()  // $v[$i], ArrayAccess
//       .iterable<&Vec::size, &Vec::at>()        // foreach, IteratorAggregate
//       .to_string<&Vec::str>()                  // __toString, (string)$v, Stringable
//       .json<&Vec::to_array>()                  // JsonSerializable
//       .operators<php::op::add, php::op::sub>() // $a + $b, $a -= $b
//       .op<php::op::mul, double>()              // $v * 2.0 and 2.0 * $v
//       .op<php::op::compare>()                  // == < <=> through operator<=>
//       .serializable<&Vec::save, &Vec::restore>();
//
// Each protocol is an engine mechanism filled with a template instance
// specialised on the bound members: the class entry's get_iterator, the
// object handlers count_elements, the four dimension handlers, cast_object,
// do_operation and compare, and the magic
// methods __toString, jsonSerialize, __serialize and __unserialize bound
// through the same binder as any method (so Reflection shows them). The C++
// object is reached only through detail::native<T>().
//
// This header holds the tags users name (php::dim_read, php::op::*); the handlers are in
// phpbind/detail/protocols.hpp, and class_<T> (class.hpp) installs them.
#pragma once

#include <phpbind/engine.hpp>

#include <cstdint>

PHPBIND_NAMESPACE_BEGIN

/// Why the engine reads a dimension of an object (`$obj[$k]`), for an ArrayAccess Get member that
/// takes it as its second parameter (class_::array_access):
/// - `plain`: a read (`$obj[$k]`, `offsetGet()`): a missing offset is the class's error to raise;
/// - `is`: `isset($obj[$k])`, `empty($obj[$k])`, `$obj[$k] ?? $default`: a missing offset is
///   null (no error), as for an array;
/// - `write`: a nested write or a reference (`$obj[$k][] = $v`, `$obj[$k] += 1`, `$x = &$obj[$k]`,
///   `sort($obj[$k])`); what a Get returning a value returns is a copy, which the engine modifies
///   with its notice "Indirect modification of overloaded element" unless it is an object; a Get
///   returning `php::Value*` (the storage itself) is written through;
/// - `unset`: `unset($obj[$k][$j])`, the same as `write`.
enum class dim_read { plain, is, write, unset };

/// Operator tags for class_<T>::op<>() and class_<T>::operators<>().
namespace op {
// clang-format off
/// Operator tags for class_::op / operators: `+`, `-`, `*`, `/`, `%` on bound objects, each
/// implemented by the C++ operator of the same meaning.
struct add { static constexpr uint8_t opcode = ZEND_ADD; template <class A, class B> static auto apply(const A& a, const B& b) -> decltype(a + b) { return a + b; } };
/// The `-` operator tag (see op::add).
struct sub { static constexpr uint8_t opcode = ZEND_SUB; template <class A, class B> static auto apply(const A& a, const B& b) -> decltype(a - b) { return a - b; } };
/// The `*` operator tag (see op::add).
struct mul { static constexpr uint8_t opcode = ZEND_MUL; template <class A, class B> static auto apply(const A& a, const B& b) -> decltype(a * b) { return a * b; } };
/// The `/` operator tag (see op::add); a C++ division by zero is the caller's to refuse.
struct div { static constexpr uint8_t opcode = ZEND_DIV; template <class A, class B> static auto apply(const A& a, const B& b) -> decltype(a / b) { return a / b; } };
/// The `%` operator tag (see op::add).
struct mod { static constexpr uint8_t opcode = ZEND_MOD; template <class A, class B> static auto apply(const A& a, const B& b) -> decltype(a % b) { return a % b; } };
// clang-format on
/// Comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`, `<=>`) through the compare
/// handler: operator<=> if T has one, else operator== and operator<.
struct compare {};
}  // namespace op

PHPBIND_NAMESPACE_END
