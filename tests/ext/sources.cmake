# tests/ext/sources.cmake — the test extension's sources (relative to tests/), for the native
# suite (tests/CMakeLists.txt) and the wasm one (tests/wasm/CMakeLists.txt).
set(PHPBIND_TEST_EXT_SOURCES
  ext/main.cpp ext/functions.cpp ext/exceptions.cpp ext/lifecycle.cpp ext/values.cpp ext/calls.cpp
  ext/persistent.cpp ext/heap.cpp ext/classes.cpp ext/exception_classes.cpp ext/ini.cpp ext/enums.cpp ext/protocols.cpp
  ext/edges.cpp ext/observers.cpp ext/hooks.cpp ext/object_hooks.cpp ext/native.cpp ext/memory.cpp)
