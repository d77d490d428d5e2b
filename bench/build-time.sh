#!/usr/bin/env bash
# clBuildProgram's time for bench kernels: spvsim without its build cache, with an
# empty cache (the first build compiles, the next ones are cached) and PoCL (its own
# kernel cache), beside the two-process pipeline spvsim used before its in-process
# front end (clang-15 -O2 then llvm-spirv-15, timed here directly).
#   bench/build-time.sh [file.cl...]    default: bench/empty.cl bench/matmul_tiled.cl
# Needs a build in build/ (or $BUILD); BUILDS builds per run (default 20).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD:-$root/build}"
builds="${BUILDS:-20}"
files=("$@")
((${#files[@]})) || files=("$root/bench/empty.cl" "$root/bench/matmul_tiled.cl")
work="$(mktemp -d "${TMPDIR:-/tmp}/spvsim-build-time-XXXXXX")"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/build_time" "$root/bench/build_time.c" -lOpenCL

for file in "${files[@]}"; do
  name="$(basename "$file")"
  echo "== $name"
  start=$(date +%s%N)
  for ((i = 0; i < 5; ++i)); do
    clang-15 -c -target spir64 -emit-llvm -O2 -fno-slp-vectorize -gline-tables-only \
      -cl-kernel-arg-info -cl-std=CL1.2 -o "$work/k.bc" "$file"
    llvm-spirv-15 --preserve-ocl-kernel-arg-type-metadata-through-string -o "$work/k.spv" \
      "$work/k.bc"
  done
  echo "clang-15 + llvm-spirv-15 processes: $((($(date +%s%N) - start) / 5000000)) ms per build"
  printf 'spvsim, no cache:       '
  OCL_ICD_VENDORS="$build/runtime/vendors" SPVSIM_CACHE=off "$work/build_time" "$file" "$builds"
  printf 'spvsim, empty cache:    '
  OCL_ICD_VENDORS="$build/runtime/vendors" XDG_CACHE_HOME="$work/cache" \
    "$work/build_time" "$file" "$builds"
  rm -rf "$work/cache"
  if [[ -f /etc/OpenCL/vendors/pocl.icd ]]; then
    mkdir -p "$work/pocl"
    cp /etc/OpenCL/vendors/pocl.icd "$work/pocl/"
    printf 'PoCL:                   '
    OCL_ICD_VENDORS="$work/pocl" "$work/build_time" "$file" "$builds"
  fi
done
