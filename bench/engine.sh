#!/usr/bin/env bash
# The engine's speed and its scaling with threads, on runs that are mostly
# kernel: NAME-8x.json (gen.py) does 8 times the work of NAME.json, launched 8
# times, so start-up and buffer set-up are amortised. Prints, per kernel, the
# best wall time of REPS runs at each thread count from 1 to the machine's
# cores, the speed-up of each count over one thread, and the engine speed-up
# over Oclgrind: Oclgrind's time for NAME.sim (the base size, all threads)
# divided by spvsim's time per base-size launch (all threads, time / 64).
# spvsim runs with `--checks bounds` (the checks Oclgrind runs by default; CHECKS=all
# times every check instead).
# Usage: bench/engine.sh [KERNEL...]  (env: REPS=3, OG_REPS=1, BUILD=build-bench,
# NO_OCLGRIND=1 skips the Oclgrind column, CHECKS=bounds)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD:-$root/build-bench}
reps=${REPS:-3}
checks=${CHECKS:-bounds}
og_reps=${OG_REPS:-1}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(vecadd matmul_tiled reduce nbody mandelbrot)
cores=$(nproc)

if [ ! -x "$build/cli/spvsim" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
ninja -C "$build" spvsim >/dev/null
spvsim=$build/cli/spvsim
cd "$here"
python3 gen.py

# best N COMMAND...: the best wall time in seconds of N runs of the command.
best() {
  local n=$1; shift
  local b="" t0 t1 t
  for ((r = 0; r < n; r++)); do
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>/tmp/spvsim-engine.err || { cat /tmp/spvsim-engine.err >&2; return 1; }
    t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$b" ] || (( $(echo "$t < $b" | bc -l) )); then b=$t; fi
  done
  printf '%.3f' "$b"
}

header=$(printf '%-13s' kernel)
for ((t = 1; t <= cores; t++)); do header+=$(printf ' %8s' "${t}t"); done
for ((t = 2; t <= cores; t++)); do header+=$(printf ' %7s' "x${t}t"); done
header+=$(printf ' %9s %9s' oclgrind engine)
echo "$header"
logsum=0; count=0
for k in "${kernels[@]}"; do
  line=$(printf '%-13s' "$k")
  times=()
  for ((t = 1; t <= cores; t++)); do
    times+=("$(best "$reps" "$spvsim" run --quiet --checks "$checks" --threads "$t" "$k-8x.json")")
    line+=$(printf ' %8s' "${times[-1]}")
  done
  for ((t = 2; t <= cores; t++)); do
    line+=$(printf ' %6.2fx' "$(echo "${times[0]} / ${times[t - 1]}" | bc -l)")
  done
  if [ -z "${NO_OCLGRIND:-}" ]; then
    tog=$(best "$og_reps" oclgrind-kernel "$k.sim")
    su=$(echo "$tog / (${times[-1]} / 64)" | bc -l)
    logsum=$(echo "$logsum + l($su)" | bc -l); count=$((count + 1))
    line+=$(printf ' %9s %8.1fx' "$tog" "$su")
  fi
  echo "$line"
done
[ "$count" -gt 0 ] && printf 'geometric-mean engine speed-up over Oclgrind: %.1fx (%d kernels)\n' \
  "$(echo "e($logsum / $count)" | bc -l)" "$count"
exit 0
