# cmake/phpbindCompareOutput.cmake — runs a PHP script with one extension and
# compares its output with a file (used by the examples' tests).
#   cmake -DPHP=... -DEXT=... -DSCRIPT=... -DEXPECTED=... -P phpbindCompareOutput.cmake
execute_process(COMMAND "${PHP}" -n -d "extension=${EXT}" "${SCRIPT}"
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(READ "${EXPECTED}" expected)
if(NOT rc EQUAL 0 OR NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs (exit ${rc}):\n${out}${err}\n--- expected:\n${expected}")
endif()
message(STATUS "output matches ${EXPECTED}")
