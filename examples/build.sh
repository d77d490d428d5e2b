#!/usr/bin/env bash
# Recompiles every examples/<name>/<name>.spv from its <name>.cl the way
# DESIGN.md prescribes (clang-15 -O2 to LLVM bitcode, llvm-spirv-15 to SPIR-V
# 1.0) and checks each module with spirv-val for OpenCL 1.2.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

for cl in "$here"/*/*.cl; do
  name="$(basename "$cl" .cl)"
  spv="${cl%.cl}.spv"
  clang-15 -c -target spir64 -O2 -fno-slp-vectorize -cl-std=CL1.2 -emit-llvm \
    -o "$tmp/$name.bc" "$cl"
  llvm-spirv-15 --spirv-max-version=1.0 "$tmp/$name.bc" -o "$spv"
  spirv-val --target-env opencl1.2 "$spv"
  echo "built ${spv#"$here"/}"
done
