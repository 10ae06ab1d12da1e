# cmake/phpbindFunctions.cmake — phpbind_add_extension(), phpbind_add_phpt_tests(),
# phpbind_add_stubs(), phpbind_add_embed_executable(), phpbind_add_embed_library().
# docs/building.md describes each with its options.
#
#   phpbind_add_extension(<name> SOURCES <src>... [LIBRARIES <lib>...] [DEBUG]
#                         [NO_INSTALL] [INSTALL_DIR <dir>] [PHPBIND_TARGET <target>])
#
# Builds <name>.so, loadable with `php -d extension=/path/<name>.so`. The
# extension is compiled as C++20 with hidden visibility and linked with a
# version script, so it exports `get_module` and nothing else. With no build
# type chosen (CMAKE_BUILD_TYPE empty, single-configuration generators) and
# no -O flag in CMAKE_CXX_FLAGS, it is compiled with -O2: CMake's default is
# no optimisation at all, under which a bound call costs several times more.
# Release, MinSizeRel and that default are stripped at link time.
# DEBUG links phpbind::debug (the lifetime checks). `cmake --install` copies
# the extension to PHP's extension directory (INSTALL_DIR to choose another,
# NO_INSTALL for none).
include_guard(GLOBAL)

# Where the files these functions use live: next to this file, in the source
# tree and in the installed package alike.
set(_PHPBIND_SHARE_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "phpbind's CMake and tool files")
# Where `cmake --install` puts extensions: PHP's own extension directory, an
# absolute path (as phpize's `make install`), unless the project says otherwise.
set(PHPBIND_EXTENSION_INSTALL_DIR "${PHP_EXTENSION_DIR}" CACHE PATH "where cmake --install puts extensions")
set(PHPBIND_VALGRIND_SUPPRESSIONS "${CMAKE_CURRENT_LIST_DIR}/valgrind.supp"
    CACHE INTERNAL "valgrind suppressions for the engine's known false positives")

# A build of the library that phpbind was configured without (PHPBIND_VARIANTS) is named in the
# error, with the way to get it.
function(_phpbind_require_variant target caller)
  if(target MATCHES "^phpbind::(debug|asan)$" AND NOT TARGET ${target})
    message(FATAL_ERROR "${caller}: ${target} is not part of this phpbind: it was configured with "
                        "PHPBIND_VARIANTS='${PHPBIND_VARIANTS}'. Build and install phpbind with "
                        "-DPHPBIND_VARIANTS='release;debug;asan' (or the variants you use).")
  endif()
endfunction()

# -O2 for a target of a project that chose no build type and no -O flag.
function(_phpbind_default_optimisation name)
  get_property(_multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(_multi OR CMAKE_BUILD_TYPE OR CMAKE_CXX_FLAGS MATCHES "(^| )-O")
    return()
  endif()
  target_compile_options(${name} PRIVATE -O2)
  get_property(_told GLOBAL PROPERTY _PHPBIND_TOLD_OPTIMISATION)
  if(NOT _told)
    set_property(GLOBAL PROPERTY _PHPBIND_TOLD_OPTIMISATION ON)
    message(STATUS "phpbind: no CMAKE_BUILD_TYPE, so extensions and embedding targets are built with -O2 "
                   "(set CMAKE_BUILD_TYPE to choose another)")
  endif()
endfunction()

function(phpbind_add_extension name)
  cmake_parse_arguments(ARG "DEBUG;NO_INSTALL" "PHPBIND_TARGET;INSTALL_DIR" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "phpbind_add_extension(${name}): SOURCES is required")
  endif()
  if(ARG_DEBUG AND ARG_PHPBIND_TARGET)
    message(FATAL_ERROR "phpbind_add_extension(${name}): DEBUG and PHPBIND_TARGET exclude each other")
  endif()
  if(ARG_DEBUG)
    set(ARG_PHPBIND_TARGET phpbind::debug)
  elseif(NOT ARG_PHPBIND_TARGET)
    set(ARG_PHPBIND_TARGET phpbind::phpbind)
  endif()
  _phpbind_require_variant(${ARG_PHPBIND_TARGET} "phpbind_add_extension(${name})")
  add_library(${name} MODULE ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES
    PREFIX "" SUFFIX ".so"
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CXX_VISIBILITY_PRESET hidden C_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON
    # What phpbind_add_phpt_tests() needs to build the DEBUG and ASAN variants.
    PHPBIND_EXT_SOURCES "${ARG_SOURCES}" PHPBIND_EXT_LIBRARIES "${ARG_LIBRARIES}")
  target_link_libraries(${name} PRIVATE ${ARG_PHPBIND_TARGET} ${ARG_LIBRARIES})
  _phpbind_default_optimisation(${name})
  # Stripped: the static library's debug information and symbols would
  # otherwise make up most of a release .so (megabytes instead of a few
  # hundred kilobytes). get_module stays in the dynamic symbol table.
  if(CMAKE_BUILD_TYPE OR CMAKE_CONFIGURATION_TYPES)
    target_link_options(${name} PRIVATE $<$<CONFIG:Release,MinSizeRel>:-Wl,--strip-all>)
  elseif(NOT CMAKE_CXX_FLAGS MATCHES "(^| )-g")
    target_link_options(${name} PRIVATE -Wl,--strip-all)
  endif()
  set(_map "${CMAKE_CURRENT_BINARY_DIR}/${name}.exports.map")
  file(WRITE "${_map}" "{\n  global: get_module;\n  local: *;\n};\n")
  target_link_options(${name} PRIVATE "LINKER:--version-script=${_map}")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_map}")
  # The library is compiled with a section per function: what the extension does not call is
  # left out of the .so.
  target_link_options(${name} PRIVATE "LINKER:--gc-sections")
  if(NOT DEFINED PHPBIND_INSTALL_EXTENSIONS)
    set(PHPBIND_INSTALL_EXTENSIONS ON)
  endif()
  if(PHPBIND_INSTALL_EXTENSIONS AND NOT ARG_NO_INSTALL)
    if(NOT ARG_INSTALL_DIR)
      set(ARG_INSTALL_DIR "${PHPBIND_EXTENSION_INSTALL_DIR}")
    endif()
    install(TARGETS ${name} LIBRARY DESTINATION "${ARG_INSTALL_DIR}")
  endif()
endfunction()

# _phpbind_variant(<ext> <variant> <phpbind-target>): <ext>_<variant>.so, built
# from the SOURCES and LIBRARIES given to phpbind_add_extension(<ext>) and
# <ext>'s include directories, definitions and options, against another build
# of phpbind.
function(_phpbind_variant ext variant phpbind_target)
  set(_v ${ext}_${variant})
  if(TARGET ${_v})
    return()
  endif()
  get_target_property(_sources ${ext} PHPBIND_EXT_SOURCES)
  get_target_property(_libs ${ext} PHPBIND_EXT_LIBRARIES)
  get_target_property(_srcdir ${ext} SOURCE_DIR)
  set(_abs "")
  foreach(_s IN LISTS _sources)
    cmake_path(ABSOLUTE_PATH _s BASE_DIRECTORY "${_srcdir}")
    list(APPEND _abs "${_s}")
  endforeach()
  if(NOT _libs)
    set(_libs "")
  endif()
  phpbind_add_extension(${_v} SOURCES ${_abs} LIBRARIES ${_libs} PHPBIND_TARGET ${phpbind_target} NO_INSTALL)
  # The extension's own settings; the library's definitions (which the
  # property carries along transitively) are the variant's library's to give.
  foreach(_p INCLUDE_DIRECTORIES COMPILE_OPTIONS)
    set_property(TARGET ${_v} APPEND PROPERTY ${_p} "$<TARGET_PROPERTY:${ext},${_p}>")
  endforeach()
  set_property(TARGET ${_v} APPEND PROPERTY COMPILE_DEFINITIONS
    "$<FILTER:$<TARGET_PROPERTY:${ext},COMPILE_DEFINITIONS>,EXCLUDE,^PHPBIND_(DEBUG|LIBRARY_)>")
  set_target_properties(${_v} PROPERTIES LIBRARY_OUTPUT_DIRECTORY "$<TARGET_FILE_DIR:${ext}>")
endfunction()

# _phpbind_php_asan(<out-var>): a php wrapper that loads ASan-built
# extensions into the stock php (the sanitizer runtimes preloaded, and a shim
# that clears RTLD_DEEPBIND, which PHP passes to dlopen() and ASan refuses).
# Sets <out-var> to the wrapper's path, PHPBIND_DLOPEN_SHIM to the shim's and
# PHPBIND_LIBASAN / PHPBIND_LIBUBSAN to the sanitizer runtimes.
function(_phpbind_php_asan out)
  set(_dir "${CMAKE_BINARY_DIR}/phpbind-asan")
  set(SHIM "${_dir}/libphpbind_dlopen_shim.so")
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    # Clang's shared runtime (Debian: libclang-rt-<version>-dev) carries UBSan's handlers too.
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so
                    OUTPUT_VARIABLE LIBASAN OUTPUT_STRIP_TRAILING_WHITESPACE)
    set(LIBUBSAN "")
  else()
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libasan.so OUTPUT_VARIABLE LIBASAN
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libubsan.so OUTPUT_VARIABLE LIBUBSAN
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
  endif()
  if(NOT IS_ABSOLUTE "${LIBASAN}")
    message(FATAL_ERROR "phpbind: ${CMAKE_CXX_COMPILER} has no shared ASan runtime (${LIBASAN}); "
                        "for Clang on Debian: apt-get install libclang-rt-<version>-dev")
  endif()
  if(NOT TARGET phpbind_dlopen_shim)
    add_library(phpbind_dlopen_shim SHARED "${_PHPBIND_SHARE_DIR}/dlopen_shim.cpp")
    target_link_libraries(phpbind_dlopen_shim PRIVATE dl)
    set_target_properties(phpbind_dlopen_shim PROPERTIES LIBRARY_OUTPUT_DIRECTORY "${_dir}")
    configure_file("${_PHPBIND_SHARE_DIR}/php-asan.in" "${_dir}/php-asan" @ONLY
                   FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                    WORLD_READ WORLD_EXECUTE)
  endif()
  set(${out} "${_dir}/php-asan" PARENT_SCOPE)
  set(PHPBIND_DLOPEN_SHIM "${SHIM}" PARENT_SCOPE)
  set(PHPBIND_LIBASAN "${LIBASAN}" PARENT_SCOPE)
  set(PHPBIND_LIBUBSAN "${LIBUBSAN}" PARENT_SCOPE)
endfunction()

# phpbind_add_phpt_tests(<ext> DIR <dir> [MODULE <module>] [VALGRIND] [DEBUG] [ASAN]
#                        [ENVIRONMENT <var=value>...])
#
# Registers the .phpt files under <dir> with ctest, run by PHP's run-tests.php
# with <ext> loaded (`php -n`: no ini files), from a copy in the build tree:
#   <ext>-phpt            the tests as they are
#   <ext>-phpt-valgrind   under memcheck: a definite or indirect leak or an
#                         invalid access fails the test (phpbind's suppressions)
#   <ext>-phpt-debug      against a build of <ext> with phpbind::debug
#   <ext>-phpt-asan       against an ASan+UBSan build of <ext> (phpbind::asan)
# MODULE names the extension as PHP knows it (default <ext>); the run is
# refused if it does not load under that name. Call enable_testing() first.
function(phpbind_add_phpt_tests ext)
  cmake_parse_arguments(ARG "VALGRIND;DEBUG;ASAN" "DIR;MODULE" "ENVIRONMENT" ${ARGN})
  if(NOT ARG_DIR)
    message(FATAL_ERROR "phpbind_add_phpt_tests(${ext}): DIR is required")
  endif()
  if(NOT PHP_RUN_TESTS)
    message(FATAL_ERROR "phpbind_add_phpt_tests(${ext}): PHP's run-tests.php was not found "
                        "(Debian: apt-get install php8.2-dev)")
  endif()
  if(NOT ARG_MODULE)
    set(ARG_MODULE ${ext})
  endif()
  cmake_path(ABSOLUTE_PATH ARG_DIR BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}")
  set(_run "${_PHPBIND_SHARE_DIR}/phpbind-run-phpt.sh")
  # run-tests.php itself runs on the same PHP as the tests.
  set(_env "RUN_TESTS=${PHP_RUN_TESTS};PHP_FOR_RUNNER=${PHP_EXECUTABLE};PHPBIND_VALGRIND_SUPP=${PHPBIND_VALGRIND_SUPPRESSIONS};${ARG_ENVIRONMENT}")
  set(_work "${CMAKE_CURRENT_BINARY_DIR}/phpt")
  if(NOT CMAKE_TESTING_ENABLED)
    message(FATAL_ERROR "phpbind_add_phpt_tests(${ext}): call enable_testing() first, in the top-level CMakeLists.txt")
  endif()
  add_test(NAME ${ext}-phpt
    COMMAND "${_run}" plain "${PHP_EXECUTABLE}" $<TARGET_FILE:${ext}> ${ARG_MODULE} "${ARG_DIR}" "${_work}/${ext}-plain")
  set(_tests ${ext}-phpt)
  if(ARG_VALGRIND)
    find_program(PHPBIND_VALGRIND valgrind)
    if(PHPBIND_VALGRIND)
      add_test(NAME ${ext}-phpt-valgrind
        COMMAND "${_run}" valgrind "${PHP_EXECUTABLE}" $<TARGET_FILE:${ext}> ${ARG_MODULE} "${ARG_DIR}" "${_work}/${ext}-valgrind")
      list(APPEND _tests ${ext}-phpt-valgrind)
    else()
      message(WARNING "phpbind_add_phpt_tests(${ext} VALGRIND): valgrind not found, so ${ext}-phpt-valgrind "
                      "is not registered (Debian: apt-get install valgrind)")
    endif()
  endif()
  if(ARG_DEBUG)
    _phpbind_variant(${ext} debug phpbind::debug)
    add_test(NAME ${ext}-phpt-debug
      COMMAND "${_run}" plain "${PHP_EXECUTABLE}" $<TARGET_FILE:${ext}_debug> ${ARG_MODULE} "${ARG_DIR}" "${_work}/${ext}-debug")
    list(APPEND _tests ${ext}-phpt-debug)
  endif()
  if(ARG_ASAN)
    _phpbind_variant(${ext} asan phpbind::asan)
    _phpbind_php_asan(_php_asan)
    add_dependencies(${ext}_asan phpbind_dlopen_shim)
    add_test(NAME ${ext}-phpt-asan
      COMMAND "${_run}" asan "${_php_asan}" $<TARGET_FILE:${ext}_asan> ${ARG_MODULE} "${ARG_DIR}" "${_work}/${ext}-asan")
    list(APPEND _tests ${ext}-phpt-asan)
  endif()
  set_tests_properties(${_tests} PROPERTIES ENVIRONMENT "${_env}")
endfunction()

# Settings shared by programs and libraries that embed the engine.
function(_phpbind_embed_target name caller phpbind_target libraries)
  if(NOT TARGET phpbind::php_embed)
    message(FATAL_ERROR "${caller}(${name}): PHP's embed library was not found "
                        "(Debian: apt-get install libphp8.2-embed)")
  endif()
  if(NOT phpbind_target)
    set(phpbind_target phpbind::phpbind)
  endif()
  set_target_properties(${name} PROPERTIES
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CXX_VISIBILITY_PRESET hidden C_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_compile_definitions(${name} PRIVATE PHPBIND_NO_GET_MODULE)
  target_link_libraries(${name} PRIVATE ${phpbind_target} phpbind::php_embed ${libraries})
  _phpbind_default_optimisation(${name})
endfunction()

# phpbind_add_embed_executable(<name> SOURCES <src>... [LIBRARIES <lib>...])
#
# bin mode: a program that owns the PHP engine (see php::run_main). Modules in
# its sources are compiled with PHPBIND_NO_GET_MODULE and passed to the runtime.
function(phpbind_add_embed_executable name)
  cmake_parse_arguments(ARG "" "PHPBIND_TARGET" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  _phpbind_embed_target(${name} phpbind_add_embed_executable "${ARG_PHPBIND_TARGET}" "${ARG_LIBRARIES}")
endfunction()

# phpbind_add_embed_library(<name> SOURCES <src>... [EXPORTS <symbol>...] [LIBRARIES <lib>...])
#
# lib mode: lib<name>.so carries its own PHP runtime. Its sources use
# PHPBIND_RUNTIME_ABI(<name>, ...), which defines <name>_runtime_init and
# <name>_runtime_shutdown; those and the EXPORTS symbols are all it exports.
function(phpbind_add_embed_library name)
  cmake_parse_arguments(ARG "" "PHPBIND_TARGET" "SOURCES;EXPORTS;LIBRARIES" ${ARGN})
  add_library(${name} SHARED ${ARG_SOURCES})
  _phpbind_embed_target(${name} phpbind_add_embed_library "${ARG_PHPBIND_TARGET}" "${ARG_LIBRARIES}")
  set(_syms "${name}_runtime_init;\n    ${name}_runtime_shutdown;\n    ${name}_last_error;\n    ${name}_last_error_class;\n    ${name}_last_error_kind;")
  foreach(_s IN LISTS ARG_EXPORTS)
    string(APPEND _syms "\n    ${_s};")
  endforeach()
  set(_map "${CMAKE_CURRENT_BINARY_DIR}/${name}.exports.map")
  file(WRITE "${_map}" "{\n  global:\n    ${_syms}\n  local: *;\n};\n")
  target_link_options(${name} PRIVATE "LINKER:--version-script=${_map}")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_map}")
endfunction()

# phpbind_add_stubs(<ext> [MODULE <module>] [OUTPUT <file>])
#
# After <ext> is built, writes its stub (default <module>.stub.php next to
# the extension): the PHP declarations of everything it registers, with the
# doc comments given in C++ (php::doc, .doc()) and phpdoc for the precise
# array types, for IDEs and static analysers. MODULE names the extension as
# PHP knows it (default <ext>). The stub is part of the default build.
function(phpbind_add_stubs ext)
  cmake_parse_arguments(ARG "" "MODULE;OUTPUT" "" ${ARGN})
  if(NOT ARG_MODULE)
    set(ARG_MODULE ${ext})
  endif()
  if(NOT ARG_OUTPUT)
    set(ARG_OUTPUT "$<TARGET_FILE_DIR:${ext}>/${ARG_MODULE}.stub.php")
  endif()
  set(_meta "${CMAKE_CURRENT_BINARY_DIR}/${ext}.stub-metadata")
  set(_gen "${_PHPBIND_SHARE_DIR}/phpbind-stubgen.php")
  add_custom_command(TARGET ${ext} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_meta}"
    COMMAND ${CMAKE_COMMAND} -E env "PHPBIND_STUB_METADATA=${_meta}"
            "${PHP_EXECUTABLE}" -n -d "extension=$<TARGET_FILE:${ext}>" "${_gen}" ${ARG_MODULE} "${ARG_OUTPUT}"
    COMMENT "Writing the stub of ${ARG_MODULE}"
    VERBATIM)
endfunction()

# The WebAssembly command and library modes (a build configured with emcmake).
include("${CMAKE_CURRENT_LIST_DIR}/phpbindWasm.cmake")
