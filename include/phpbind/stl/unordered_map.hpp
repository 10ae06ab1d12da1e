// phpbind/stl/unordered_map.hpp — std::unordered_map<K, V> as a PHP array.
//
// An optional part, as <unordered_map> is about 6,000 preprocessed lines the
// core does without; std::map needs nothing more than the core. The caster is
// std::map's (<phpbind/stl.hpp>): an `array<K,V>` with int or string keys,
// every key and value checked and the first bad one named; on the way out,
// the array has the map's iteration order.
#pragma once

#include <phpbind/stl.hpp>

#include <unordered_map>

PHPBIND_NAMESPACE_BEGIN

template <class K, class V, class H, class E, class A>
struct caster<std::unordered_map<K, V, H, E, A>> : map_caster<std::unordered_map<K, V, H, E, A>, K, V> {};

PHPBIND_NAMESPACE_END
