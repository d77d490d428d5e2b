#!/usr/bin/env bash
# The OpenCL conformance suite's offline compiler for spvsim (the suite's
# `--compilation-mode spir-v --compilation-program THIS`): OpenCL C -> clang-15
# -> LLVM bitcode -> llvm-spirv-15 -> SPIR-V, with the options spvsim's own
# clBuildProgram gives clang (runtime/core/device.cpp): the device's extensions
# and OpenCL C 3.0 features from the suite's device-info file, the SPIR target of
# its address width. Interface: the suite's
# test_common/harness/cl_offline_compiler-interface.txt:
#   cts-offline-compiler.sh --mode=spir-v --source=FILE --output=FILE
#                           --cl-device-info=FILE [-- BUILD_OPTIONS...]
set -euo pipefail

mode="" source="" output="" info=""
while (($#)); do
  case "$1" in
    --mode=*) mode="${1#*=}" ;;
    --source=*) source="${1#*=}" ;;
    --output=*) output="${1#*=}" ;;
    --cl-device-info=*) info="${1#*=}" ;;
    --mode) mode="${2:?--mode needs a value}"; shift ;;
    --source) source="${2:?--source needs a file}"; shift ;;
    --output) output="${2:?--output needs a file}"; shift ;;
    --cl-device-info) info="${2:?--cl-device-info needs a file}"; shift ;;
    --) shift; break ;;
    *) echo "$0: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
if [[ "$mode" != spir-v ]]; then
  echo "$0: only --mode=spir-v is supported (spvsim takes no device binaries)" >&2
  exit 2
fi
[[ -n "$source" && -n "$output" ]] || { echo "$0: --source and --output are needed" >&2; exit 2; }

address_bits=64 extensions="" images=1
if [[ -n "$info" && -f "$info" ]]; then
  address_bits="$(sed -n 's/^CL_DEVICE_ADDRESS_BITS=//p' "$info")"
  extensions="$(sed -n 's/^CL_DEVICE_EXTENSIONS="\(.*\)"$/\1/p' "$info")"
  images="$(sed -n 's/^CL_DEVICE_IMAGE_SUPPORT=//p' "$info")"
fi
triple=spir64-unknown-unknown
[[ "$address_bits" == 32 ]] && triple=spir-unknown-unknown

# clang enables every extension for SPIR targets: -cl-ext makes the device's list true.
ext="-all"
for e in $extensions; do
  case "$e" in cl_khr_* | cles_*) ext+=",+$e" ;; esac
done
for f in __opencl_c_int64 __opencl_c_atomic_order_acq_rel __opencl_c_atomic_order_seq_cst \
  __opencl_c_atomic_scope_device __opencl_c_atomic_scope_all_devices \
  __opencl_c_generic_address_space __opencl_c_program_scope_global_variables \
  __opencl_c_work_group_collective_functions; do
  ext+=",+$f"
done
[[ " $extensions " == *" cl_khr_fp64 "* ]] && ext+=",+__opencl_c_fp64"
[[ " $extensions " == *" cl_khr_subgroups "* ]] && ext+=",+__opencl_c_subgroups"
if [[ "$images" == 1 ]]; then
  ext+=",+__opencl_c_images,+__opencl_c_read_write_images"
  [[ " $extensions " == *" cl_khr_3d_image_writes "* ]] && ext+=",+__opencl_c_3d_image_writes"
fi

# Build options: the suite's, with -cl-std defaulting to what clBuildProgram assumes.
options=("$@")
std="-cl-std=CL1.2"
for o in "${options[@]}"; do [[ "$o" == -cl-std=* ]] && std=""; done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# clang 15's opencl-c-base.h defines these for every SPIR target under OpenCL C 3.0,
# whatever the device has (runtime/core/device.cpp compilerFeaturePrelude).
: >"$tmp/prelude.h"
[[ "$images" == 1 ]] ||
  printf '#undef __opencl_c_read_write_images\n#undef __IMAGE_SUPPORT__\n' >"$tmp/prelude.h"
clang-15 -x cl -target "$triple" -c -emit-llvm -O2 $std -Xclang -finclude-default-header \
  -Xclang "-cl-ext=$ext" -include "$tmp/prelude.h" -I "$(dirname "$source")" \
  "${options[@]}" -o "$tmp/kernel.bc" "$source"
llvm-spirv-15 "$tmp/kernel.bc" -o "$output"
