# tests/lean/check-symbols.cmake — ctest lean-link: -DNM=<nm> -DLIB=<lean.so> -DPHP=<php>. The
# extension uses functions and classes only: it works in PHP, and its symbol table holds the binding
# core and nothing of the optional parts.
set(script [=[
$c = new Lean\Counter(40);
$c->inc();
echo Lean\repeat("ab", 2), " ", Lean\total([1, 2, 3]), " ", $c->inc(), " ", $c->n, " ", Lean\ANSWER, "\n";
try { Lean\repeat("x", -1); } catch (ValueError $e) { echo $e->getMessage(), "\n"; }
]=])
execute_process(COMMAND "${PHP}" -n -d "extension=${LIB}" -r "${script}" OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
set(expected "abab 6 42 42 42\nLean\\repeat(): Argument #2 ($times) must be greater than or equal to 0\n")
if(NOT rc EQUAL 0 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "lean-link: the extension does not work (status ${rc}):\n${out}${err}")
endif()
execute_process(COMMAND "${NM}" -C "${LIB}" OUTPUT_VARIABLE symbols RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm ${LIB} failed: ${err}")
endif()
# The core is there (so the table was read, not stripped).
foreach(core "detail::register_function" "detail::request_started" "php::v0_1::module::startup")
  string(FIND "${symbols}" "${core}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "lean-link: ${LIB} has no symbol ${core}: no symbol table to check (stripped?)")
  endif()
endforeach()
# Each optional part by names only its compiled source defines.
set(parts
  "the persistent heap|php::v0_1::Heap::|detail::graph_copy|process_heap_memory|heap_request_"
  "engine hooks|detail::hook_acquire_module|detail::hook_release_module|hooks_request_ending"
  "replaced functions|user_replacements_|detail::replaceable_function|detail::user_function_slot"
  "object hooks|detail::handler_override::"
  "observers|detail::register_call_observer|detail::register_error_observer|php::v0_1::Frame::"
  "native functions|native_module_started|native_request_ending|detail::native_holder_for"
  "the deprecation attribute (php::deprecated)|detail::deprecate_function")
set(found "")
foreach(part IN LISTS parts)
  string(REPLACE "|" ";" names "${part}")
  list(POP_FRONT names what)
  foreach(name IN LISTS names)
    string(FIND "${symbols}" "${name}" at)
    if(NOT at EQUAL -1)
      string(APPEND found "\n  ${what}: ${name}")
    endif()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR "lean-link: an extension of functions and classes links optional parts:${found}")
endif()
message(STATUS "lean-link: ${LIB} links the core and none of the optional parts")
