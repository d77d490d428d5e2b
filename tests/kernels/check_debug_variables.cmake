# Checks that each of MODULES (SPIR-V built with -g) carries variables, not only line
# tables: at least one DebugLocalVariable and one DebugDeclare or DebugValue
# (OpenCL.DebugInfo.100 §4.5, §4.7), which the interactive debugger needs to show a
# work-item's variables. SPIRV_DIS: spirv-dis.
set(failed 0)
list(LENGTH MODULES count)
if(count EQUAL 0)
  message(FATAL_ERROR "check_debug_variables: no modules given")
endif()
foreach(module IN LISTS MODULES)
  execute_process(COMMAND ${SPIRV_DIS} --raw-id ${module} OUTPUT_VARIABLE text
                  RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(SEND_ERROR "${module}: spirv-dis failed: ${errors}")
    math(EXPR failed "${failed} + 1")
    continue()
  endif()
  string(REGEX MATCHALL "DebugLocalVariable" variables "${text}")
  string(REGEX MATCHALL "Debug(Declare|Value) " locations "${text}")
  list(LENGTH variables variable_count)
  list(LENGTH locations location_count)
  if(variable_count EQUAL 0 OR location_count EQUAL 0)
    message(SEND_ERROR "${module}: ${variable_count} DebugLocalVariable, "
                       "${location_count} DebugDeclare/DebugValue: -g gave no variables")
    math(EXPR failed "${failed} + 1")
  endif()
endforeach()
if(failed GREATER 0)
  message(FATAL_ERROR "${failed} of ${count} modules without variables")
endif()
message(STATUS "${count} modules built with -g carry variables")
