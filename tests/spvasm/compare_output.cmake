# Runs `spvsim run --warp-width WIDTH RUN` and compares its standard output with
# the file EXPECTED; fails on any difference or a non-zero exit status.
execute_process(COMMAND ${SPVSIM} run --warp-width ${WIDTH} --timeout 60 ${RUN}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(READ ${EXPECTED} expected)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "spvsim exited with ${rc}:\n${err}")
endif()
if(NOT out STREQUAL expected)
  message(FATAL_ERROR "output differs from ${EXPECTED}:\n${out}\nexpected:\n${expected}")
endif()
