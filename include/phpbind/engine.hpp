// phpbind/engine.hpp — the one place that includes the Zend engine's headers.
//
// Every other phpbind header includes this one instead of php.h. It fixes the
// include order PHP needs from C++, defines the versioned namespace macros and
// the few compiler attributes the library uses, and holds the version checks
// for engine differences between PHP 8.1 and 8.5.
#pragma once

#include <php.h>
#include <ext/standard/info.h>
#include <ext/spl/spl_exceptions.h>
#include <zend_exceptions.h>
#include <zend_interfaces.h>
#include <zend_closures.h>
#include <zend_enum.h>

// PHP's headers define macros that collide with the C++ standard library.
#undef min
#undef max
#undef snprintf
#undef vsnprintf

#if PHP_VERSION_ID < 80100
#error "phpbind needs PHP 8.1 or newer"
#endif

#define PHPBIND_VERSION_MAJOR 0
#define PHPBIND_VERSION_MINOR 1
#define PHPBIND_VERSION_STRING "0.1.0"

// Everything phpbind defines lives in php::v0_1 (an inline namespace), so two
// extensions built with different phpbind versions never share a symbol, even
// before hidden visibility is taken into account.
#define PHPBIND_NAMESPACE_BEGIN namespace php { inline namespace v0_1 {
#define PHPBIND_NAMESPACE_END } }

#define PHPBIND_COLD __attribute__((cold, noinline))
#define PHPBIND_INLINE __attribute__((always_inline)) inline
#define PHPBIND_EXPORT extern "C" __attribute__((visibility("default")))
