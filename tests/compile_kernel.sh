#!/bin/sh
# Compiles one OpenCL C source to SPIR-V modules, one per build (clang-15, then
# llvm-spirv-15, then optionally spirv-val), through a cache shared by the build
# folders of one checkout: the Release and sanitizer builds compile the same kernels
# with the same tools, so the second takes the first's modules. Called by the rules of
# spvsim_compile_opencl (tests/CMakeLists.txt), once per source for all its builds; a
# shell script, as a CMake script cost a tenth of a second to start, for each of some
# 400 sources in each build folder.
#
# usage: compile_kernel.sh SOURCE CLANG LLVM_SPIRV CACHE [MODULE CLANG_FLAGS SPIRV_FLAGS SPIRV_VAL]...
#   CACHE        the cache folder, or - for none
#   MODULE       a .spv to write
#   CLANG_FLAGS, SPIRV_FLAGS   the tools' options, separated by |
#   SPIRV_VAL    a spirv-val command line (|-separated) run on a new module, or -
set -eu
[ $# -ge 4 ] || { echo "usage: $0 SOURCE CLANG LLVM_SPIRV CACHE [MODULE CLANG_FLAGS SPIRV_FLAGS SPIRV_VAL]..." >&2; exit 2; }
source=$1 clang=$2 llvm_spirv=$3 cache=$4
shift 4
source_hash=$(sha256sum <"$source" | cut -c1-64)

# split_run WORDS...: runs the command whose words are separated by | in the arguments.
split_run() (
  IFS='|'
  set -f
  # shellcheck disable=SC2048,SC2086 # splitting at | is the point
  exec $*
)

while [ $# -ge 4 ]; do
  module=$1 clang_flags=$2 spirv_flags=$3 spirv_val=$4
  shift 4
  key=$(printf '%s\n' "$source_hash" "$clang" "$clang_flags" "$llvm_spirv" "$spirv_flags" \
    "$spirv_val" | sha256sum | cut -c1-64)
  mkdir -p "$(dirname "$module")"
  if [ "$cache" != - ] && [ -f "$cache/$key.spv" ]; then
    cp "$cache/$key.spv" "$module"
    continue
  fi
  bitcode=$module.bc
  if ! split_run "$clang|$clang_flags|-emit-llvm|-o|$bitcode|$source"; then
    echo "clang failed on $source ($clang_flags)" >&2
    exit 1
  fi
  if ! split_run "$llvm_spirv|$spirv_flags|$bitcode|-o|$module"; then
    rm -f "$bitcode" "$module"
    echo "llvm-spirv failed on $source ($clang_flags)" >&2
    exit 1
  fi
  rm -f "$bitcode"
  if [ "$spirv_val" != - ] && ! split_run "$spirv_val|$module"; then
    rm -f "$module"
    echo "spirv-val rejects $module" >&2
    exit 1
  fi
  if [ "$cache" != - ]; then
    # Written whole, then renamed: a build reading the cache never sees half a module.
    mkdir -p "$cache"
    temporary=$(mktemp "$cache/$key.spv.XXXXXX")
    cp "$module" "$temporary"
    mv -f "$temporary" "$cache/$key.spv"
  fi
done
[ $# -eq 0 ] || { echo "$0: $# arguments left over (MODULE CLANG_FLAGS SPIRV_FLAGS SPIRV_VAL each)" >&2; exit 2; }
