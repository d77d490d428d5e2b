#!/usr/bin/env bash
# Times spvsim against Oclgrind on the kernels of this folder and prints a
# table. Usage: bench/run.sh [KERNEL...]   (env: REPS=3 spvsim repetitions,
# OG_REPS=1 Oclgrind repetitions, BUILD=build-bench, SCALING=0 skips the
# thread-scaling table of engine.sh, BLUR=0 the table of image reads against buffer
# loads)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD:-$root/build-bench}
reps=${REPS:-3}
og_reps=${OG_REPS:-1}
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(vecadd saxpy matmul matmul_tiled reduce histogram
                                      stencil nbody mandelbrot bitonic)

if [ ! -x "$build/cli/spvsim" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
ninja -C "$build" spvsim >/dev/null
spvsim=$build/cli/spvsim
cd "$here"
python3 gen.py
for cl in *.cl; do   # compile kernels whose SPIR-V is missing or stale
  spv=${cl%.cl}.spv
  if [ ! -f "$spv" ] || [ "$cl" -nt "$spv" ]; then
    # OpenCL C 1.2 unless the kernel's source says otherwise on a line of its own.
    std=$(sed -n 's,^// Built with -cl-std=\(CL[0-9.]*\).*,\1,p' "$cl" | head -n 1)
    clang-15 -c -target spir64 -O2 -fno-slp-vectorize -cl-std="${std:-CL1.2}" -emit-llvm \
      -o "${cl%.cl}.bc" "$cl"
    llvm-spirv-15 --spirv-max-version=1.0 "${cl%.cl}.bc" -o "$spv"
    rm -f "${cl%.cl}.bc"
  fi
done

# PoCL (or whichever OpenCL platform comes first) through a small host program.
pocl=""
if [ -f /usr/include/CL/cl.h ] && command -v clinfo >/dev/null && clinfo -l 2>/dev/null | grep -q Platform; then
  pocl=$build/bench-pocl_run
  if [ ! -x "$pocl" ] || [ pocl_run.cpp -nt "$pocl" ]; then
    c++ -std=c++17 -O2 -Wall -Wextra -o "$pocl" pocl_run.cpp -lOpenCL
  fi
fi

# best N: prints the best wall time in seconds of N runs of the command;
# returns the command's exit status if it failed. Output goes to $BEST_OUT.
best() {
  local n=$1; shift
  local b="" t0 t1 t
  for ((r = 0; r < n; r++)); do
    t0=$(date +%s.%N)
    "$@" >"${BEST_OUT:-/dev/null}" 2>/tmp/spvsim-bench.err || return $?
    t1=$(date +%s.%N)
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$b" ] || (( $(echo "$t < $b" | bc -l) )); then b=$t; fi
  done
  printf '%.3f' "$b"
}

work_items() {
  python3 -c "import json,math; r=json.load(open('$1.json'))
print(sum(math.prod(l.get('global_size', r['global_size'])) for l in r.get('launches', [{}])))"
}

# spv 1t / spv all: spvsim with its default, every check, on one thread and on all;
# bounds: `--checks bounds` (the fastest mode) on all threads; chk x: all checks
# over bounds; og chk: Oclgrind with --data-races --uninitialized (OG_CHECKS=0
# leaves it out); speed-up: Oclgrind over bounds; su chk: og chk over spv all.
og_checks=${OG_CHECKS:-1}
printf '%-13s %9s %8s %8s %8s %6s %9s %9s %9s %8s %7s  %s\n' kernel work-items 'spv 1t' \
  'spv all' bounds 'chk x' oclgrind 'og chk' pocl speed-up 'su chk' check
logsum=0; count=0; logchk=0; logsuchk=0; countchk=0
for k in "${kernels[@]}"; do
  wi=$(work_items "$k")
  rc=0; t1=$(best "$reps" "$spvsim" run --quiet --threads 1 "$k.json") || rc=$?
  if [ "$rc" -ne 0 ]; then
    printf '%-13s %9s  spvsim FAILED (exit %s): %s\n' "$k" "$wi" "$rc" \
      "$(head -c 200 /tmp/spvsim-bench.err | tr '\n' ' ')"
    continue
  fi
  tn=$(best "$reps" "$spvsim" run --quiet "$k.json")
  tb=$(best "$reps" "$spvsim" run --quiet --checks bounds "$k.json")
  # Oclgrind runs work-groups on all hardware threads by default.
  tog=$(BEST_OUT=/tmp/oclgrind-$k.txt best "$og_reps" oclgrind-kernel "$k.sim")
  togc=n/a
  if [ "$og_checks" != 0 ]; then
    togc=$(best "$og_reps" oclgrind-kernel --data-races --uninitialized "$k.sim") || togc=fail
  fi
  steps=1
  if [ "$k" = bitonic ]; then
    # The .sim holds one launch: count Oclgrind's start-up (measured on a
    # do-nothing launch of one work-group) once and the launch for every step.
    steps=$(python3 -c "import json; print(len(json.load(open('bitonic.json'))['launches']))")
    tog0=$(best "$og_reps" oclgrind-kernel empty-tiny.sim)
    tog=$(echo "$tog0 + ($tog - $tog0) * $steps" | bc -l)
    [[ "$togc" =~ ^[0-9.]+$ ]] && togc=$(echo "$tog0 + ($togc - $tog0) * $steps" | bc -l)
  fi
  tpocl=n/a
  if [ -n "$pocl" ]; then   # whole process, PoCL's kernel cache warm after the first run
    n=1; [ "$k" = bitonic ] && n=$steps
    tpocl=$(best "$reps" "$pocl" "$k.sim" "$n") || tpocl=fail
  fi
  chk=$(python3 check.py "$k" "/tmp/oclgrind-$k.txt" | sed 's/^[a-z_]*: //') || chk="FAIL: $chk"
  su=$(echo "$tog / $tb" | bc -l)
  cx=$(echo "$tn / $tb" | bc -l)
  logsum=$(echo "$logsum + l($su)" | bc -l); count=$((count + 1))
  logchk=$(echo "$logchk + l($cx)" | bc -l)
  suc=n/a
  if [[ "$togc" =~ ^[0-9.]+$ ]]; then
    suc=$(printf '%.1f' "$(echo "$togc / $tn" | bc -l)")
    logsuchk=$(echo "$logsuchk + l($togc / $tn)" | bc -l); countchk=$((countchk + 1))
    togc=$(printf '%.2f' "$togc")
  fi
  printf '%-13s %9s %8s %8s %8s %6.2f %9.2f %9s %9s %8.1f %7s  %s\n' "$k" "$wi" "$t1" "$tn" \
    "$tb" "$cx" "$tog" "$togc" "$tpocl" "$su" "$suc" "$chk"
done
[ "$count" -gt 0 ] && printf 'geometric-mean speed-up over Oclgrind: %.1fx (%d kernels)\n' \
  "$(echo "e($logsum / $count)" | bc -l)" "$count"
[ "$count" -gt 0 ] && printf 'all checks over --checks bounds: %.2fx (geometric mean)\n' \
  "$(echo "e($logchk / $count)" | bc -l)"
[ "$countchk" -gt 0 ] && printf 'geometric-mean speed-up over Oclgrind with its checks: %.1fx\n' \
  "$(echo "e($logsuchk / $countchk)" | bc -l)"

# Image reads against buffer loads (blur.cl, gen.py): the same 3x3 Gaussian through a
# linear sampler (4 reads per texel), a nearest sampler (9 reads) and buffer loads (9
# loads). Oclgrind's .sim files and pocl_run.cpp have no image arguments: blur_host.cpp
# runs the kernels on PoCL and, as `oclgrind blur_host`, on Oclgrind, each checking its
# output against the Gaussian computed on the host. x buf: the kernel's time over
# blur_buffer's in the same column; check: spvsim's output against blur_buffer's.
# BLUR=0 leaves the table out.
if [ "${BLUR:-1}" != 0 ]; then
  blur_host=""
  if [ -n "$pocl" ]; then
    blur_host=$build/bench-blur_host
    if [ ! -x "$blur_host" ] || [ blur_host.cpp -nt "$blur_host" ]; then
      c++ -std=c++17 -O2 -Wall -Wextra -DBLUR_CL="\"$here/blur.cl\"" -o "$blur_host" \
        blur_host.cpp -lOpenCL
    fi
  fi
  # ratio A B: A / B with two decimals, n/a unless both are times.
  ratio() {
    if [[ "$1" =~ ^[0-9.]+$ && "$2" =~ ^[0-9.]+$ ]]; then printf '%.2f' "$(echo "$1 / $2" | bc -l)"
    else echo n/a; fi
  }
  bw=$(python3 -c "import json; print(json.load(open('blur.json'))['global_size'][0])")
  echo
  echo "image reads against buffer loads (${bw}x${bw} CL_RGBA/CL_FLOAT, 1 thread for spvsim):"
  printf '%-13s %8s %6s %8s %6s %9s %6s %8s %6s  %s\n' kernel bounds 'x buf' 'all chk' \
    'x buf' oclgrind 'x buf' pocl 'x buf' check
  for k in blur_buffer blur_nearest blur; do
    tb=$(best "$reps" "$spvsim" run --quiet --threads 1 --checks bounds "$k.json")
    t1=$(best "$reps" "$spvsim" run --quiet --threads 1 "$k.json")
    tog=n/a; tpocl=n/a
    if [ -n "$blur_host" ]; then
      tog=$(best "$og_reps" oclgrind "$blur_host" "$k" "$bw") || tog=fail
      tpocl=$(best "$reps" "$blur_host" "$k" "$bw") || tpocl=fail
    fi
    if [ "$k" = blur_buffer ]; then
      bb=$tb; b1=$t1; bog=$tog; bpocl=$tpocl; chk="reference"
    else
      chk=$(python3 -c "import struct,sys
a=open('$k.out','rb').read(); b=open('blur_buffer.out','rb').read()
n=len(a)//4; x=struct.unpack(f'{n}f',a); y=struct.unpack(f'{n}f',b)
d=max(abs(p-q) for p,q in zip(x,y)); print(('match' if d<=1e-5 else 'DIFFER')+f' (max diff {d:.1e})')")
    fi
    printf '%-13s %8s %6s %8s %6s %9s %6s %8s %6s  %s\n' "$k" "$tb" "$(ratio "$tb" "$bb")" \
      "$t1" "$(ratio "$t1" "$b1")" "$tog" "$(ratio "$tog" "$bog")" "$tpocl" \
      "$(ratio "$tpocl" "$bpocl")" "$chk"
  done
fi

# Fixed cost per work-item: a kernel that does almost nothing.
wi=$(work_items empty)
te=$(best "$reps" "$spvsim" run --quiet --threads 1 empty.json)
t0=$(best "$reps" "$spvsim" run --quiet --threads 1 empty-tiny.json 2>/dev/null || echo 0)
printf 'fixed cost: %d work-items in %s s on 1 thread (start-up %s s) = %.1f ns per work-item\n' \
  "$wi" "$te" "$t0" "$(echo "($te - $t0) * 1000000000 / $wi" | bc -l)"

# Peak memory against the total buffer size (largest buffers: stencil), and what
# the checks' shadow memory adds per byte of buffer (every buffer byte is touched).
for k in stencil vecadd; do
  kb=$( { /usr/bin/time -f %M "$spvsim" run --quiet "$k.json" >/dev/null; } 2>&1 | tail -1)
  kbb=$( { /usr/bin/time -f %M "$spvsim" run --quiet --checks bounds "$k.json" >/dev/null; } \
         2>&1 | tail -1)
  bytes=$(python3 -c "import json; s={'float':4,'uint':4,'float4':16}
print(sum(b['count']*s[b['type']] for b in json.load(open('$k.json'))['buffers'].values()))")
  kb0=$( { /usr/bin/time -f %M "$spvsim" run --quiet empty-tiny.json >/dev/null; } 2>&1 | tail -1)
  printf 'peak memory %s: %.1f MiB, %.1f MiB with --checks bounds (buffers %.1f MiB; tiny run' \
    "$k" "$(echo "$kb / 1024" | bc -l)" "$(echo "$kbb / 1024" | bc -l)" \
    "$(echo "$bytes / 1048576" | bc -l)"
  printf ' %.1f MiB): checks add %.2f bytes per buffer byte\n' "$(echo "$kb0 / 1024" | bc -l)" \
    "$(echo "($kb - $kbb) * 1024 / $bytes" | bc -l)"
done

# Thread scaling and the engine's own speed-up (bench/engine.sh): the five
# kernels at 8 times the work, launched 8 times, at 1, 2, ... up to the
# machine's cores; SCALING=0 leaves it out.
if [ "${SCALING:-1}" != 0 ]; then
  echo
  echo "thread scaling (8x work, 8 launches; best of $reps):"
  BUILD=$build REPS=$reps OG_REPS=$og_reps "$here/engine.sh"
fi
