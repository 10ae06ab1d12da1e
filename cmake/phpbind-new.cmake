# phpbind-new.cmake — creates a ready-to-build extension project.
#
#   cmake -DNAME=<name> [-DNAMESPACE=<Ns>] [-DDIR=<parent dir>] [-DVENDOR=ON] -P phpbind-new.cmake
#
# Writes <parent dir>/<name>/ (default: the current directory's <name>/):
# src/<name>.cpp, tests/001-basic.phpt, CMakeLists.txt (extension, stub,
# .phpt tests plain and under valgrind, install rule), config.m4 (phpize,
# PIE), composer.json (PIE), README.md and .gitignore. It builds, loads and
# passes its test as created. <name> is the extension's name as PHP knows it
# (lower case letters, digits, underscores); its PHP namespace is NAMESPACE
# (e.g. 'Acme\Json'), by default <Name>.
# VENDOR=ON (from a phpbind source tree only) copies phpbind into
# <name>/phpbind, so the project builds without an installed phpbind: with
# CMake (add_subdirectory) and with phpize, as PIE does.
cmake_minimum_required(VERSION 3.25)
if(NOT NAME)
  message(FATAL_ERROR "usage: cmake -DNAME=<name> [-DNAMESPACE=<Ns>] [-DDIR=<parent dir>] [-DVENDOR=ON] -P phpbind-new.cmake")
endif()
if(NOT NAME MATCHES "^[a-z][a-z0-9_]*$")
  message(FATAL_ERROR "phpbind-new: '${NAME}' is not an extension name (lower case letters, digits and underscores, "
                      "starting with a letter)")
endif()
if(NOT DIR)
  set(DIR "${CMAKE_CURRENT_SOURCE_DIR}")  # where cmake was run
endif()
set(_here "${CMAKE_CURRENT_LIST_DIR}")
set(_dest "${DIR}/${NAME}")
if(EXISTS "${_dest}")
  message(FATAL_ERROR "phpbind-new: ${_dest} exists already")
endif()

string(TOUPPER "${NAME}" _upper)
string(SUBSTRING "${NAME}" 0 1 _first)
string(SUBSTRING "${NAME}" 1 -1 _rest)
string(TOUPPER "${_first}" _first)
set(_ns "${_first}${_rest}")
if(DEFINED NAMESPACE)
  string(REGEX REPLACE "^\\\\" "" _ns "${NAMESPACE}")
  if(NOT _ns MATCHES "^[A-Za-z_][A-Za-z0-9_]*(\\\\[A-Za-z_][A-Za-z0-9_]*)*$")
    message(FATAL_ERROR "phpbind-new: '${NAMESPACE}' is not a PHP namespace (names of letters, digits and "
                        "underscores, separated by a backslash: 'Acme\\Json')")
  endif()
endif()
# In C++ string literals each backslash is written twice.
string(REPLACE "\\" "\\\\" _ns_cpp "${_ns}")

file(GLOB_RECURSE _files RELATIVE "${_here}/template" "${_here}/template/*")
list(APPEND _files .gitignore)
list(REMOVE_DUPLICATES _files)
foreach(_f IN LISTS _files)
  file(READ "${_here}/template/${_f}" _text)
  string(REPLACE "__EXT_UPPER__" "${_upper}" _text "${_text}")
  string(REPLACE "__EXT__" "${NAME}" _text "${_text}")
  string(REPLACE "__NS_CPP__" "${_ns_cpp}" _text "${_text}")
  string(REPLACE "__NS__" "${_ns}" _text "${_text}")
  string(REPLACE "__EXT__" "${NAME}" _out "${_f}")
  file(WRITE "${_dest}/${_out}" "${_text}")
endforeach()

if(VENDOR)
  get_filename_component(_root "${_here}/.." ABSOLUTE)
  if(NOT EXISTS "${_root}/src/module.cpp")
    message(FATAL_ERROR "phpbind-new: VENDOR=ON needs a phpbind source tree; ${_root} is not one")
  endif()
  file(COPY "${_root}/CMakeLists.txt" "${_root}/include" "${_root}/src" DESTINATION "${_dest}/phpbind")
  file(COPY "${_root}/cmake" DESTINATION "${_dest}/phpbind" PATTERN template EXCLUDE PATTERN phpbind-new.cmake EXCLUDE)
endif()
message(STATUS "phpbind-new: created ${_dest} (extension ${NAME}, namespace ${_ns})")
