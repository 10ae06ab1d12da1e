# cmake/phpbindFunctions.cmake — phpbind_add_extension(), phpbind_add_embed_executable(),
# phpbind_add_embed_library().
#
#   phpbind_add_extension(<name> SOURCES <src>... [LIBRARIES <lib>...]
#                         [PHPBIND_TARGET <target>])
#
# Builds <name>.so, loadable with `php -d extension=/path/<name>.so`. The
# extension is compiled as C++20 with hidden visibility and linked with a
# version script, so it exports `get_module` and nothing else. With no build
# type chosen (CMAKE_BUILD_TYPE empty, single-configuration generators) and
# no -O flag in CMAKE_CXX_FLAGS, it is compiled with -O2: CMake's default is
# no optimisation at all, under which a bound call costs several times more.
include_guard(GLOBAL)

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
  cmake_parse_arguments(ARG "" "PHPBIND_TARGET" "SOURCES;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "phpbind_add_extension(${name}): SOURCES is required")
  endif()
  if(NOT ARG_PHPBIND_TARGET)
    set(ARG_PHPBIND_TARGET phpbind::phpbind)
  endif()
  add_library(${name} MODULE ${ARG_SOURCES})
  set_target_properties(${name} PROPERTIES
    PREFIX "" SUFFIX ".so"
    CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF
    CXX_VISIBILITY_PRESET hidden C_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_link_libraries(${name} PRIVATE ${ARG_PHPBIND_TARGET} ${ARG_LIBRARIES})
  _phpbind_default_optimisation(${name})
  set(_map "${CMAKE_CURRENT_BINARY_DIR}/${name}.exports.map")
  file(WRITE "${_map}" "{\n  global: get_module;\n  local: *;\n};\n")
  target_link_options(${name} PRIVATE "LINKER:--version-script=${_map}")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_map}")
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
  set(_syms "${name}_runtime_init;\n    ${name}_runtime_shutdown;")
  foreach(_s IN LISTS ARG_EXPORTS)
    string(APPEND _syms "\n    ${_s};")
  endforeach()
  set(_map "${CMAKE_CURRENT_BINARY_DIR}/${name}.exports.map")
  file(WRITE "${_map}" "{\n  global:\n    ${_syms}\n  local: *;\n};\n")
  target_link_options(${name} PRIVATE "LINKER:--version-script=${_map}")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_map}")
endfunction()
