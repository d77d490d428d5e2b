#!/usr/bin/env bash
# clBuildProgram's time for bench kernels: spvsim without its build cache, with an
# empty cache (the first build compiles, the next ones are cached) and PoCL (its own
# kernel cache), beside the two-process pipeline spvsim used before its in-process
# front end (clang-15 -O2 then llvm-spirv-15, timed here directly).
#   bench/build-time.sh [file.cl...|xgemm]
# default: bench/empty.cl bench/matmul_tiled.cl xgemm. `xgemm` is CLBlast's xgemm program
# (Debian's clblast-tests), recorded as clblast_test_xgemm builds it on spvsim
# (capture_program.c, preloaded; its source is not kept) with its build options.
# Needs a build in build/ (or $BUILD); BUILDS builds per run (default 20).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD:-$root/build}"
builds="${BUILDS:-20}"
files=("$@")
((${#files[@]})) || files=("$root/bench/empty.cl" "$root/bench/matmul_tiled.cl" xgemm)
work="$(mktemp -d "${TMPDIR:-/tmp}/spvsim-build-time-XXXXXX")"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/build_time" "$root/bench/build_time.c" -lOpenCL

# capture_xgemm: writes CLBlast's xgemm program to $work/xgemm.cl and its build options
# to $work/xgemm.options; fails when clblast-tests is not installed.
capture_xgemm() {
  command -v clblast_test_xgemm >/dev/null || return 1
  cc -O2 -shared -fPIC -o "$work/capture.so" "$root/bench/capture_program.c" -ldl
  mkdir -p "$work/capture"
  OCL_ICD_VENDORS="$build/runtime/vendors" SPVSIM_QUIET=1 LD_PRELOAD="$work/capture.so" \
    CAPTURE_DIR="$work/capture" CAPTURE_UNTIL="void Xgemm(" \
    clblast_test_xgemm -precision 32 >"$work/capture/log" 2>&1 || return 1
  local found
  found="$(grep -l "void Xgemm(" "$work"/capture/program-*.cl | head -1)" || return 1
  cp "$found" "$work/xgemm.cl"
  cp "${found%.cl}.options" "$work/xgemm.options"
}

for file in "${files[@]}"; do
  options=""
  if [[ "$file" == xgemm ]]; then
    if ! capture_xgemm; then
      echo "== xgemm: skipped (clblast_test_xgemm not found or its program not recorded)"
      continue
    fi
    file="$work/xgemm.cl"
    options="$(cat "$work/xgemm.options")"
    echo "== CLBlast xgemm ($(wc -c <"$file") bytes, options '$options')"
  else
    echo "== $(basename "$file")"
  fi
  std="-cl-std=CL1.2"
  [[ "$options" != *-cl-std=* ]] || std=""
  start=$(date +%s%N)
  pipeline=ok
  for ((i = 0; i < 5; ++i)); do
    # shellcheck disable=SC2086 # options are words
    clang-15 -c -target spir64 -emit-llvm -O2 -fno-slp-vectorize -gline-tables-only \
      -cl-kernel-arg-info $std $options -o "$work/k.bc" "$file" &&
      llvm-spirv-15 --preserve-ocl-kernel-arg-type-metadata-through-string -o "$work/k.spv" \
        "$work/k.bc" 2>"$work/pipeline.log" || {
      pipeline="fails: $(tr '\n' ' ' <"$work/pipeline.log" |
        grep -m1 -oE "Can't translate llvm instruction: *[^ ]+ *= *[a-z]+" ||
        head -c 100 "$work/pipeline.log")"
      break
    }
  done
  if [[ "$pipeline" == ok ]]; then
    echo "clang-15 + llvm-spirv-15 processes: $((($(date +%s%N) - start) / 5000000)) ms per build"
  else
    echo "clang-15 + llvm-spirv-15 processes: $pipeline"
  fi
  printf 'spvsim, no cache:       '
  OCL_ICD_VENDORS="$build/runtime/vendors" SPVSIM_CACHE=off "$work/build_time" "$file" "$builds" "$options"
  printf 'spvsim, empty cache:    '
  OCL_ICD_VENDORS="$build/runtime/vendors" XDG_CACHE_HOME="$work/cache" \
    "$work/build_time" "$file" "$builds" "$options"
  rm -rf "$work/cache"
  if [[ -f /etc/OpenCL/vendors/pocl.icd ]]; then
    mkdir -p "$work/pocl"
    cp /etc/OpenCL/vendors/pocl.icd "$work/pocl/"
    # An empty kernel cache: the first build compiles, the others are PoCL's cached builds.
    printf 'PoCL, empty cache:      '
    OCL_ICD_VENDORS="$work/pocl" XDG_CACHE_HOME="$work/cache" POCL_CACHE_DIR="$work/cache/pocl" \
      "$work/build_time" "$file" "$builds" "$options"
    rm -rf "$work/cache"
  fi
done
