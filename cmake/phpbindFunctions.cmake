# cmake/phpbindFunctions.cmake — phpbind_add_extension().
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
