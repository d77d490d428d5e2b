#!/usr/bin/env bash
# printf throughput: 65536 work-items each print one line (an int, a float and a
# float4: 4.5 MB of output), spvsim against Oclgrind. Checks that both print the
# same lines (Oclgrind's order varies with its threads, so lines are compared
# sorted) and that spvsim's are in work-item order.
# Usage: bench/printf.sh   (env: BUILD=build-bench)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD:-$root/build-bench}
[ -x "$build/cli/spvsim" ] || cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$build" spvsim >/dev/null
cd "$here"
clang-15 -c -target spir64 -O2 -fno-slp-vectorize -cl-std=CL1.2 -emit-llvm -o /tmp/printf.bc printf.cl
llvm-spirv-15 --spirv-max-version=1.0 /tmp/printf.bc -o printf.spv

seconds() { # seconds COMMAND...: best wall time of 3 runs, output to /tmp/printf-bench.out
  local t0 t1 t best=""
  for _ in 1 2 3; do
    t0=$(date +%s.%N)
    "$@" >/tmp/printf-bench.out
    t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$best" ] || (( $(echo "$t < $best" | bc -l) )); then best=$t; fi
  done
  echo "$best"
}
t1=$(seconds "$build/cli/spvsim" run --threads 1 printf.json)
tn=$(seconds "$build/cli/spvsim" run printf.json)
ours=$(wc -l </tmp/printf-bench.out)
in_order=yes
awk '{ if ($2 != NR - 1 ":") exit 1 }' /tmp/printf-bench.out || in_order=no
sort /tmp/printf-bench.out >/tmp/printf-bench.spvsim
tog=n/a; same=n/a
if command -v oclgrind-kernel >/dev/null; then
  tog=$(seconds oclgrind-kernel printf.sim)
  grep '^wi ' /tmp/printf-bench.out | sort >/tmp/printf-bench.oclgrind
  cmp -s /tmp/printf-bench.spvsim /tmp/printf-bench.oclgrind && same=yes || same=no
fi
printf 'printf: %d lines; spvsim %.3f s (1 thread), %.3f s (all); oclgrind %s s; ' \
  "$ours" "$t1" "$tn" "$tog"
printf 'work-item order: %s; same lines as Oclgrind: %s\n' "$in_order" "$same"
