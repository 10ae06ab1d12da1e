# cmake/phpbindWasm.cmake — phpbind_add_wasm_command(), phpbind_add_wasm_library(): the WebAssembly
# forms of the bin and lib modes, for a build configured with emcmake against a wasm engine
# (tools/php-engine.sh 8.2 wasm), or, the command alone, with tools/wasi-toolchain.sh's wasi.cmake
# against a WASI engine (tools/php-engine.sh 8.2 wasi). docs/wasm.md describes both.
#
#   phpbind_add_wasm_command(<name> SOURCES <src>... [LIBRARIES <lib>...]
#                            [FILESYSTEM node|memory] [EMBED <host-path>[@<path-in-wasm>]...]
#                            [HOST_IMPORTS <js-file>])
#
# <name>.js and <name>.wasm: a program with its own main (php::run_main or a php::Runtime with
# the program's modules, the same sources as a native bin program), run with
# `node <name>.js args...`; its exit status is main's. FILESYSTEM node (the default) gives the
# program the host's file system as it is; memory gives it an in-memory one holding what EMBED
# names (files or directories, at the same path unless @ says where), which runs in a browser too.
# Under node, the program sees the process's environment.
# In a WASI build: <name>.wasm, a WASI command, and <name>.js, which runs it under node:wasi
# (cmake/wasi-run.js): the host's file system from "/", the process's environment and working
# directory; FILESYSTEM is node. HOST_IMPORTS (WASI only) names a CommonJS module exporting
# (memory) => ({ <module>: { <function>: ... } }), more imports for the program's own
# (__attribute__((import_module, import_name))) declarations; memory() is the instance's memory.
#
#   phpbind_add_wasm_library(<name> SOURCES <src>... EXPORTS <fn:result(args)>...
#                            [LIBRARIES <lib>...] [EXPORT_NAME <factory>] [ENVIRONMENT <envs>])
#
# <name>.js (a factory, CommonJS and a browser global), <name>.wasm and <name>.d.ts: the lib
# mode. Its sources use PHPBIND_RUNTIME_ABI(<name>, ...) and define each export as
# PHPBIND_EXPORT with php::host_call (phpbind/embed.hpp). Each EXPORTS entry names a function
# with its JavaScript types: number, string, boolean or void, e.g.
# `mylib_add:number(number,number)`. EXPORT_NAME names the factory (default create<Name>),
# ENVIRONMENT the hosts (default "node,web").
include_guard(GLOBAL)

set(_PHPBIND_WASM_DIR "${CMAKE_CURRENT_LIST_DIR}" CACHE INTERNAL "phpbind's wasm files")

function(_phpbind_wasm_target name caller)
  if(NOT PHPBIND_WASM)
    message(FATAL_ERROR "${caller}(${name}): needs a wasm build: configure with emcmake against a wasm engine, or "
                        "with wasi.cmake against a WASI one (docs/wasm.md)")
  endif()
  _phpbind_embed_target(${name} ${caller} "${ARGN}" "")
  if(WASI)
    return()
  endif()
  # The engine's memory grows as a native process's does (up to memory_limit, up to wasm32's 2 GiB).
  target_link_options(${name} PRIVATE -sALLOW_MEMORY_GROWTH=1)
  set_target_properties(${name} PROPERTIES SUFFIX ".js")
endfunction()

function(phpbind_add_wasm_command name)
  cmake_parse_arguments(ARG "" "PHPBIND_TARGET;FILESYSTEM;HOST_IMPORTS" "SOURCES;LIBRARIES;EMBED" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  _phpbind_wasm_target(${name} phpbind_add_wasm_command ${ARG_PHPBIND_TARGET})
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES})
  if(WASI)
    if(ARG_FILESYSTEM AND NOT ARG_FILESYSTEM STREQUAL "node")
      message(FATAL_ERROR "phpbind_add_wasm_command(${name}): a WASI command sees the host's file system "
                          "(FILESYSTEM node)")
    endif()
    # The program's script: the runner (wasi-run.js), then the call that runs the program.
    file(READ "${_PHPBIND_WASM_DIR}/wasi-run.js" _runner)
    set(_imports "")
    if(ARG_HOST_IMPORTS)
      get_filename_component(_h "${ARG_HOST_IMPORTS}" ABSOLUTE)
      set(_imports ", '${_h}'")
    endif()
    file(GENERATE OUTPUT "$<TARGET_FILE_DIR:${name}>/${name}.js"
         CONTENT "#!/usr/bin/env node\n// ${name}: runs ${name}.wasm under node:wasi (phpbind_add_wasm_command).\n${_runner}\
module.exports.run(require('path').join(__dirname, '${name}.wasm')${_imports});\n")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_PHPBIND_WASM_DIR}/wasi-run.js")
    return()
  endif()
  if(ARG_HOST_IMPORTS)
    message(FATAL_ERROR "phpbind_add_wasm_command(${name}): HOST_IMPORTS is for a WASI command; an Emscripten "
                        "program reaches JavaScript with EM_ASM or --js-library")
  endif()
  # main's return is the process's exit status (the runtime shuts down when main returns).
  target_link_options(${name} PRIVATE -sEXIT_RUNTIME=1)
  if(NOT ARG_FILESYSTEM)
    set(ARG_FILESYSTEM node)
  endif()
  if(ARG_FILESYSTEM STREQUAL "node")
    target_link_options(${name} PRIVATE -sNODERAWFS=1 -sENVIRONMENT=node
                        "SHELL:--pre-js ${_PHPBIND_WASM_DIR}/wasm-node-env.js")
    set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_PHPBIND_WASM_DIR}/wasm-node-env.js")
    if(ARG_EMBED)
      message(FATAL_ERROR "phpbind_add_wasm_command(${name}): EMBED needs FILESYSTEM memory")
    endif()
  elseif(ARG_FILESYSTEM STREQUAL "memory")
    foreach(_e IN LISTS ARG_EMBED)
      string(REGEX REPLACE "@.*$" "" _src "${_e}")
      if(NOT _e MATCHES "@")
        # (Emscripten's packager wants the path inside said when the file is given by an absolute one.)
        set(_e "${_e}@${_e}")
      endif()
      target_link_options(${name} PRIVATE "SHELL:--embed-file ${_e}")
      set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_src}")
    endforeach()
  else()
    message(FATAL_ERROR "phpbind_add_wasm_command(${name}): FILESYSTEM is node or memory, not '${ARG_FILESYSTEM}'")
  endif()
endfunction()

function(phpbind_add_wasm_library name)
  cmake_parse_arguments(ARG "" "PHPBIND_TARGET;EXPORT_NAME;ENVIRONMENT" "SOURCES;EXPORTS;LIBRARIES" ${ARGN})
  if(WASI)
    message(FATAL_ERROR "phpbind_add_wasm_library(${name}): the library mode needs an Emscripten build (docs/wasm.md)")
  endif()
  if(NOT ARG_EXPORT_NAME)
    string(SUBSTRING "${name}" 0 1 _first)
    string(TOUPPER "${_first}" _first)
    string(SUBSTRING "${name}" 1 -1 _rest)
    string(REGEX REPLACE "_([a-z])" "\\1" _rest "${_rest}")
    set(ARG_EXPORT_NAME "create${_first}${_rest}")
  endif()
  if(NOT ARG_ENVIRONMENT)
    set(ARG_ENVIRONMENT "node,web")
  endif()
  add_executable(${name} ${ARG_SOURCES})
  _phpbind_wasm_target(${name} phpbind_add_wasm_library ${ARG_PHPBIND_TARGET})
  target_link_libraries(${name} PRIVATE ${ARG_LIBRARIES})
  # The exports' table, for the factory's wrappers (wasm-library.js) and the declaration.
  set(_c "_${name}_runtime_init,_${name}_runtime_shutdown,_${name}_last_error,_${name}_last_error_class,_${name}_last_error_kind,_malloc,_free")
  set(_js "")
  set(_dts "")
  foreach(_e IN LISTS ARG_EXPORTS)
    if(NOT _e MATCHES "^([A-Za-z_][A-Za-z0-9_]*):(number|string|boolean|void)\\(([a-z, ]*)\\)$")
      message(FATAL_ERROR "phpbind_add_wasm_library(${name}): EXPORTS entry '${_e}' is not name:result(args) "
                          "with types number, string, boolean or void")
    endif()
    set(_fn "${CMAKE_MATCH_1}")
    set(_ret "${CMAKE_MATCH_2}")
    string(REPLACE " " "" _args "${CMAKE_MATCH_3}")
    string(APPEND _c ",_${_fn}")
    set(_jsargs "")
    set(_tsargs "")
    if(NOT _args STREQUAL "")
      string(REPLACE "," ";" _arglist "${_args}")
      set(_i 0)
      foreach(_a IN LISTS _arglist)
        if(NOT _a MATCHES "^(number|string|boolean)$")
          message(FATAL_ERROR "phpbind_add_wasm_library(${name}): argument type '${_a}' of ${_fn} is not "
                              "number, string or boolean")
        endif()
        list(APPEND _jsargs "'${_a}'")
        list(APPEND _tsargs "a${_i}: ${_a}")
        math(EXPR _i "${_i} + 1")
      endforeach()
    endif()
    list(JOIN _jsargs ", " _jsargs)
    list(JOIN _tsargs ", " _tsargs)
    string(APPEND _js "  ['${_fn}', '${_ret}', [${_jsargs}]],\n")
    string(APPEND _dts "  ${_fn}(${_tsargs}): ${_ret};\n")
  endforeach()
  set(_dir "${CMAKE_CURRENT_BINARY_DIR}/${name}.wasm-glue")
  set(_pre "${_dir}/exports.pre.js")
  file(MAKE_DIRECTORY "${_dir}")
  file(WRITE "${_pre}" "// ${name}'s exports (phpbind_add_wasm_library): name, result, arguments.\n"
                       "var phpbindLibrary = { name: '${name}', exports: [\n${_js}] };\n")
  string(REPLACE ";" "," _envs "${ARG_ENVIRONMENT}")
  target_link_options(${name} PRIVATE --no-entry -sMODULARIZE=1 -sEXPORT_NAME=${ARG_EXPORT_NAME}
    -sENVIRONMENT=${_envs} -sEXPORTED_FUNCTIONS=${_c} -sEXPORTED_RUNTIME_METHODS=ccall,UTF8ToString,stringToUTF8,lengthBytesUTF8
    "SHELL:--pre-js ${_pre}" "SHELL:--post-js ${_PHPBIND_WASM_DIR}/wasm-library.js")
  set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS "${_pre}" "${_PHPBIND_WASM_DIR}/wasm-library.js")
  # The TypeScript declaration of the factory and the exports.
  string(REGEX REPLACE "^create" "" PHPBIND_WASM_TYPE "${ARG_EXPORT_NAME}")
  set(PHPBIND_WASM_NAME "${name}")
  set(PHPBIND_WASM_FACTORY "${ARG_EXPORT_NAME}")
  set(PHPBIND_WASM_DTS "${_dts}")
  configure_file("${_PHPBIND_WASM_DIR}/wasm-library.d.ts.in" "${CMAKE_CURRENT_BINARY_DIR}/${name}.d.ts" @ONLY)
endfunction()
