# Compiles one OpenCL C source to SPIR-V modules, one per build (clang-15, then
# llvm-spirv-15, then optionally spirv-val), through a cache shared by the build
# folders of one checkout: the Release and sanitizer builds compile the same kernels
# with the same tools, so the second takes the first's modules. Called by the rules of
# spvsim_compile_opencl (tests/CMakeLists.txt), once per source for all its builds: a
# CMake process per module cost as much as copying the module from the cache.
# The modules the cache does not have are compiled by one spvsim-kernel-compiler
# process when COMPILER names it (kernel_compiler/: the same bytes as the two tools,
# without their start-up for each module), else by the tools.
#   SOURCE               the .cl file
#   CLANG, LLVM_SPIRV    the tools
#   COMPILER             optional: spvsim-kernel-compiler
#   COUNT                the number of modules; for each I in 0 … COUNT-1:
#   MODULE_I             the .spv to write
#   CLANG_FLAGS_I, SPIRV_FLAGS_I  (';'-lists) the tools' options
#   SPIRV_VAL_I          optional: a spirv-val command line (';'-list) run on a new module
#   CACHE                optional: the cache folder
cmake_minimum_required(VERSION 3.25)
file(SHA256 ${SOURCE} source_hash)
math(EXPR last "${COUNT} - 1")
set(missing)
set(compiler_arguments)
foreach(i RANGE ${last})
  set(module ${MODULE_${i}})
  set(clang_flags ${CLANG_FLAGS_${i}})
  set(spirv_flags ${SPIRV_FLAGS_${i}})
  set(spirv_val ${SPIRV_VAL_${i}})
  string(SHA256 key_${i}
         "${source_hash}|${CLANG}|${clang_flags}|${LLVM_SPIRV}|${spirv_flags}|${spirv_val}")
  get_filename_component(dir ${module} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  if(CACHE AND EXISTS ${CACHE}/${key_${i}}.spv)
    file(COPY_FILE ${CACHE}/${key_${i}}.spv ${module})
    continue()
  endif()
  list(APPEND missing ${i})
  # The lists pass to the compiler as one argument each, '|' between the items.
  string(REPLACE ";" "|" clang_list "${clang_flags}")
  string(REPLACE ";" "|" spirv_list "${spirv_flags}")
  list(APPEND compiler_arguments ${module} "${clang_list}" "${spirv_list}")
endforeach()
# (A list "0" is false to if(): its length says whether a module is missing.)
list(LENGTH missing missing_count)
if(missing_count EQUAL 0)
  return()
endif()

if(COMPILER)
  execute_process(COMMAND ${COMPILER} ${CLANG} ${SOURCE} ${compiler_arguments}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "spvsim-kernel-compiler failed on ${SOURCE}")
  endif()
endif()
foreach(i IN LISTS missing)
  set(module ${MODULE_${i}})
  set(clang_flags ${CLANG_FLAGS_${i}})
  set(spirv_flags ${SPIRV_FLAGS_${i}})
  set(spirv_val ${SPIRV_VAL_${i}})
  if(NOT COMPILER)
    set(bitcode ${module}.bc)
    execute_process(COMMAND ${CLANG} ${clang_flags} -emit-llvm -o ${bitcode} ${SOURCE}
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "clang failed on ${SOURCE} (${clang_flags})")
    endif()
    execute_process(COMMAND ${LLVM_SPIRV} ${spirv_flags} ${bitcode} -o ${module}
                    RESULT_VARIABLE rc)
    file(REMOVE ${bitcode})
    if(NOT rc EQUAL 0)
      file(REMOVE ${module})
      message(FATAL_ERROR "llvm-spirv failed on ${SOURCE} (${clang_flags})")
    endif()
  endif()
  # The build of a test must not go on without its module.
  if(NOT EXISTS ${module})
    message(FATAL_ERROR "${module} was not written (${SOURCE})")
  endif()
  if(spirv_val)
    execute_process(COMMAND ${spirv_val} ${module} RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      file(REMOVE ${module})
      message(FATAL_ERROR "spirv-val rejects ${module}")
    endif()
  endif()
  if(CACHE)
    # Written whole, then renamed: a build reading the cache never sees half a module.
    file(MAKE_DIRECTORY ${CACHE})
    string(RANDOM LENGTH 8 suffix)
    file(COPY_FILE ${module} ${CACHE}/${key_${i}}.spv.${suffix})
    file(RENAME ${CACHE}/${key_${i}}.spv.${suffix} ${CACHE}/${key_${i}}.spv)
  endif()
endforeach()
