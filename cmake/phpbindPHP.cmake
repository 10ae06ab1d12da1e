# cmake/phpbindPHP.cmake — locates PHP through php-config.
#
# Override with -DPHP_CONFIG=/path/to/php-config. Defines:
#   phpbind::php          interface target: the engine's include directories
#   phpbind::php_embed    interface target: headers + the embed SAPI library (if found)
#   PHP_EXECUTABLE        the php binary that belongs to this php-config
#   PHP_VERSION_ID        e.g. 80236
#   PHP_EXTENSION_DIR     where `php` looks for extensions
#   PHP_RUN_TESTS         run-tests.php shipped with the development files (if found)
#   PHP_ZTS               whether the engine is thread-safe
include_guard(GLOBAL)

if(NOT PHP_CONFIG)
  find_program(PHP_CONFIG NAMES php-config php-config8.5 php-config8.4 php-config8.3 php-config8.2 php-config8.1)
endif()
if(NOT PHP_CONFIG)
  message(FATAL_ERROR "phpbind: php-config not found. Install PHP's development files "
                      "(Debian: apt-get install php8.2-dev) or pass -DPHP_CONFIG=/path/to/php-config.")
endif()

function(_phpbind_php_config out flag)
  execute_process(COMMAND "${PHP_CONFIG}" ${flag} OUTPUT_VARIABLE _v OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "phpbind: '${PHP_CONFIG} ${flag}' failed")
  endif()
  set(${out} "${_v}" PARENT_SCOPE)
endfunction()

_phpbind_php_config(_phpbind_includes --includes)
_phpbind_php_config(_phpbind_vernum --vernum)
_phpbind_php_config(_phpbind_extdir --extension-dir)
# Cache entries, so a project that includes phpbind with add_subdirectory()
# sees them as well (refreshed at each configure).
set(PHP_VERSION_ID "${_phpbind_vernum}" CACHE INTERNAL "PHP_VERSION_ID of the PHP found")
set(PHP_EXTENSION_DIR "${_phpbind_extdir}" CACHE INTERNAL "where php looks for extensions")
_phpbind_php_config(_phpbind_prefix --prefix)
_phpbind_php_config(_phpbind_php_binary --php-binary)
if(NOT PHP_EXECUTABLE)
  set(PHP_EXECUTABLE "${_phpbind_php_binary}" CACHE FILEPATH "PHP CLI binary")
endif()

separate_arguments(_phpbind_includes UNIX_COMMAND "${_phpbind_includes}")
set(_phpbind_dirs "")
foreach(_i IN LISTS _phpbind_includes)
  string(REGEX REPLACE "^-I" "" _i "${_i}")
  list(APPEND _phpbind_dirs "${_i}")
endforeach()
set(PHP_INCLUDE_DIRS "${_phpbind_dirs}" CACHE INTERNAL "the engine's include directories")

if(NOT TARGET phpbind::php)
  add_library(phpbind::php INTERFACE IMPORTED GLOBAL)
  set_target_properties(phpbind::php PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${PHP_INCLUDE_DIRS}")
endif()

# A wasm engine: the static embed library, and the exception and longjmp model every object linked
# with it must share. Emscripten's (tools/php-engine.sh <series> wasm, configured with emcmake), or
# WASI's (tools/php-engine.sh <series> wasi, configured with tools/wasi-toolchain.sh's wasi.cmake).
# PHPBIND_WASM is set for either.
if(EMSCRIPTEN OR WASI)
  set(PHPBIND_WASM ON)
  set(PHP_EMBED_LIBRARY "${_phpbind_prefix}/lib/libphp.a" CACHE FILEPATH "the engine's embed library" FORCE)
  if(EMSCRIPTEN)
    set(_flavour wasm)
    set(PHPBIND_WASM_FLAGS -fwasm-exceptions -sSUPPORT_LONGJMP=wasm CACHE INTERNAL "wasm exceptions and longjmp")
  else()
    set(_flavour wasi)
    # (The toolchain file passes the same flags to every compile; here they reach consumers of the
    # installed package configured with another toolchain file too.)
    set(PHPBIND_WASM_FLAGS -fwasm-exceptions "SHELL:-mllvm -wasm-enable-sjlj" CACHE INTERNAL
        "wasm exceptions and longjmp")
  endif()
  if(NOT EXISTS "${PHP_EMBED_LIBRARY}")
    message(FATAL_ERROR "phpbind: ${PHP_CONFIG} is not a ${_flavour} engine's (no ${PHP_EMBED_LIBRARY}); "
                        "build one with tools/php-engine.sh 8.2 ${_flavour}")
  endif()
  if(WASI)
    set(_posix "${_phpbind_prefix}/lib/libphpbind-wasi-posix.a")
    if(NOT EXISTS "${_posix}")
      message(FATAL_ERROR "phpbind: ${PHP_CONFIG} is not a wasi engine's (no ${_posix}); "
                          "build one with tools/php-engine.sh 8.2 wasi")
    endif()
    # The headers wasi-libc lacks and PHP's include (tools/php-engine.sh installs them).
    set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${_phpbind_prefix}/include/php/wasi")
    # wasi-libc's emulations the engine is built with, for its headers (signal.h, sys/mman.h).
    set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_COMPILE_DEFINITIONS _WASI_EMULATED_SIGNAL
                 _WASI_EMULATED_MMAN _WASI_EMULATED_PROCESS_CLOCKS _WASI_EMULATED_GETPID)
    # What libphp.a needs besides wasi-libc: the POSIX stubs the engine was built with (cmake/wasi),
    # wasi-libc's emulations, its setjmp; a shadow stack of 8 MiB, the size of a native main
    # thread's, for the engine's recursion.
    set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_LINK_LIBRARIES "${_posix}" -lsetjmp
                 -lwasi-emulated-signal -lwasi-emulated-mman -lwasi-emulated-process-clocks -lwasi-emulated-getpid
                 -lwasi-emulated-pthread)
    set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_LINK_OPTIONS "LINKER:-z,stack-size=8388608")
  endif()
  set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_COMPILE_OPTIONS ${PHPBIND_WASM_FLAGS})
  # The engine's chunks through phpbind's mmap (src/wasm_stubs.c). (Emscripten's linker takes the
  # exception model too; wasm-ld has it from the objects.)
  if(EMSCRIPTEN)
    set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_LINK_OPTIONS ${PHPBIND_WASM_FLAGS})
  endif()
  set_property(TARGET phpbind::php APPEND PROPERTY INTERFACE_LINK_OPTIONS "LINKER:--wrap=mmap,--wrap=munmap")
endif()

string(SUBSTRING "${PHP_VERSION_ID}" 0 1 _major)
string(SUBSTRING "${PHP_VERSION_ID}" 2 1 _minor)
find_library(PHP_EMBED_LIBRARY NAMES php php${_major}.${_minor} php${_major}
             HINTS "${_phpbind_prefix}/lib" "${_phpbind_prefix}/lib64")
if(PHP_EMBED_LIBRARY AND NOT TARGET phpbind::php_embed)
  add_library(phpbind::php_embed INTERFACE IMPORTED GLOBAL)
  set_target_properties(phpbind::php_embed PROPERTIES
    INTERFACE_LINK_LIBRARIES "phpbind::php;${PHP_EMBED_LIBRARY}")
endif()

find_file(PHP_RUN_TESTS run-tests.php
          HINTS "${PHP_EXTENSION_DIR}/build" "${_phpbind_prefix}/lib/php/build"
          NO_DEFAULT_PATH)

# Whether the engine is thread-safe (ZTS), from the configuration its headers were built with.
set(PHP_ZTS OFF CACHE INTERNAL "the engine is thread-safe")
foreach(_i IN LISTS PHP_INCLUDE_DIRS)
  if(EXISTS "${_i}/main/php_config.h")
    file(STRINGS "${_i}/main/php_config.h" _phpbind_zts REGEX "^#define ZTS 1")
    if(_phpbind_zts)
      set(PHP_ZTS ON CACHE INTERNAL "the engine is thread-safe")
    endif()
    break()
  endif()
endforeach()
