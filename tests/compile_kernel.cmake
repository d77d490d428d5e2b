# Compiles one OpenCL C source to a SPIR-V module (clang-15, then llvm-spirv-15,
# then optionally spirv-val), through a cache shared by the build folders of one
# checkout: the Release and sanitizer builds compile the same kernels with the
# same tools, so the second takes the first's modules. Called by the rules of
# spvsim_compile_opencl (tests/CMakeLists.txt).
#   SOURCE, MODULE       the .cl file and the .spv to write
#   CLANG, LLVM_SPIRV    the tools; CLANG_FLAGS and SPIRV_FLAGS (';'-lists) their options
#   SPIRV_VAL            optional: a spirv-val command line (';'-list) run on new modules
#   CACHE                optional: the cache folder
cmake_minimum_required(VERSION 3.25)
file(SHA256 ${SOURCE} source_hash)
string(SHA256 key "${source_hash}|${CLANG}|${CLANG_FLAGS}|${LLVM_SPIRV}|${SPIRV_FLAGS}|${SPIRV_VAL}")
get_filename_component(dir ${MODULE} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
if(CACHE AND EXISTS ${CACHE}/${key}.spv)
  file(COPY_FILE ${CACHE}/${key}.spv ${MODULE})
  return()
endif()
set(bitcode ${MODULE}.bc)
execute_process(COMMAND ${CLANG} ${CLANG_FLAGS} -emit-llvm -o ${bitcode} ${SOURCE}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "clang failed on ${SOURCE}")
endif()
execute_process(COMMAND ${LLVM_SPIRV} ${SPIRV_FLAGS} ${bitcode} -o ${MODULE} RESULT_VARIABLE rc)
file(REMOVE ${bitcode})
if(NOT rc EQUAL 0)
  file(REMOVE ${MODULE})
  message(FATAL_ERROR "llvm-spirv failed on ${SOURCE}")
endif()
if(SPIRV_VAL)
  execute_process(COMMAND ${SPIRV_VAL} ${MODULE} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    file(REMOVE ${MODULE})
    message(FATAL_ERROR "spirv-val rejects ${MODULE}")
  endif()
endif()
if(CACHE)
  # Written whole, then renamed: a build reading the cache never sees half a module.
  file(MAKE_DIRECTORY ${CACHE})
  string(RANDOM LENGTH 8 suffix)
  file(COPY_FILE ${MODULE} ${CACHE}/${key}.spv.${suffix})
  file(RENAME ${CACHE}/${key}.spv.${suffix} ${CACHE}/${key}.spv)
endif()
