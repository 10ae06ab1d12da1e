# cmake/phpbindCompareOutput.cmake — runs a PHP script with one extension and
# compares its output with a file (used by the examples' tests).
#   cmake -DPHP=... -DEXT=... -DSCRIPT=... -DEXPECTED=... -P phpbindCompareOutput.cmake
# PHPBIND_TEST_PHP_ARGS in the environment: more php options (opcache in the test matrix).
separate_arguments(extra UNIX_COMMAND "$ENV{PHPBIND_TEST_PHP_ARGS}")
execute_process(COMMAND "${PHP}" -n ${extra} -d "extension=${EXT}" "${SCRIPT}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(READ "${EXPECTED}" expected)
# A debug engine reports request memory a request leaked on stderr.
if(err MATCHES "Freeing 0x|memory leaks? detected")
  message(FATAL_ERROR "the engine reported leaks:\n${err}")
endif()
if(NOT rc EQUAL 0 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs (exit ${rc}):\n${out}${err}\n--- expected:\n${expected}")
endif()
message(STATUS "output matches ${EXPECTED}")
