// src/abi.cpp — the compiled part's build settings, as one symbol.
//
// phpbind/engine.hpp makes every source that includes it refer to the symbol
// named by the settings *it* is compiled with (PHP API, thread safety, engine
// debug build, PHPBIND_DEBUG); this file defines the one named by the settings
// the library was compiled with. A mismatch the build system did not catch
// first is a link error naming the missing combination.
#include <phpbind/engine.hpp>

extern "C" {
const char PHPBIND_DETAIL_ABI_TAG[] = PHPBIND_DETAIL_ABI_STRING;
}
