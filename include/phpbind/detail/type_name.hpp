// phpbind/detail/type_name.hpp — a type's name as the compiler spells it.
//
// The core recognises a few standard templates (std::map, std::unordered_map,
// std::variant, std::function) by name, so that their casters need neither
// their standard headers in every extension (<functional> alone is about
// 7,500 preprocessed lines) nor an include from the user, who names the type
// and so has included its header already.
#pragma once

#include <phpbind/engine.hpp>

#include <cstddef>
#include <string_view>

PHPBIND_NAMESPACE_BEGIN
namespace detail {

/// T as the compiler spells it (GCC and Clang both print "T = ..." in a
/// function template's signature), from there to the signature's end.
template <class T>
constexpr std::string_view spelling() {
    constexpr std::string_view sig = __PRETTY_FUNCTION__;
    constexpr size_t at = sig.find("T = ");
    return at == std::string_view::npos ? std::string_view() : sig.substr(at + 4);
}

/// Whether T is declared in namespace std.
template <class T>
constexpr bool in_namespace_std() {
    return spelling<T>().starts_with("std::");
}

/// Whether T is a specialisation of the standard template `name` ("map<"): its spelling after
/// `std::` and libc++'s inline namespace `__1::`.
template <class T>
constexpr bool is_std(std::string_view name) {
    std::string_view s = spelling<T>();
    if (!s.starts_with("std::")) return false;
    s.remove_prefix(5);
    if (s.starts_with("__1::")) s.remove_prefix(5);
    return s.starts_with(name);
}

}  // namespace detail
PHPBIND_NAMESPACE_END
