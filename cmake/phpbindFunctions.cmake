# cmake/phpbindFunctions.cmake — phpbind_add_extension(), phpbind_add_embed_executable(),
# phpbind_add_embed_library().
#
#   phpbind_add_extension(<name> SOURCES <src>... [LIBRARIES <lib>...]
#                         [PHPBIND_TARGET <target>])
#
# Builds <name>.so, loadable with `php -d extension=/path/<name>.so`. The
# extension is compiled as C++20 with hidden visibility and linked with a
# version script, so it exports `get_module` and nothing else.
include_guard(GLOBAL)

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
