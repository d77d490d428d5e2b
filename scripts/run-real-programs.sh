#!/usr/bin/env bash
# Runs real OpenCL programs the project did not write against spvsim's ICD and
# against PoCL, and prints their results side by side: the tests of CLBlast
# (Debian's clblast-tests) for xgemv, xgemm, xsyrk and xtrsm at their default
# (small) sizes. Needs a build of spvsim in build/ (or $BUILD) and, for the
# second column, pocl-opencl-icd (scripts/setup.sh --bench). Not a CI phase:
# the runs take minutes. Results are recorded in runtime/README.md.
#   scripts/run-real-programs.sh [routine...]     e.g. xgemv xsymv
# Environment: BUILD, TIMEOUT (seconds per run, default 1800), LOGS (folder of
# the full outputs, default a temporary folder that is printed).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD:-$root/build}"
timeout="${TIMEOUT:-1800}"
routines=("$@")
((${#routines[@]})) || routines=(xgemv xgemm xsyrk xtrsm)

if [[ ! -f "$build/runtime/vendors/spvsim.icd" ]]; then
  echo "$0: no spvsim build in $build (cmake --build build, or set BUILD)" >&2
  exit 2
fi
logs="${LOGS:-$(mktemp -d "${TMPDIR:-/tmp}/spvsim-real-programs-XXXXXX")}"
mkdir -p "$logs"
# A vendor folder with PoCL alone, as build/runtime/vendors has spvsim alone.
pocl_vendors=""
if [[ -f /etc/OpenCL/vendors/pocl.icd ]]; then
  pocl_vendors="$logs/pocl-vendors"
  mkdir -p "$pocl_vendors"
  cp /etc/OpenCL/vendors/pocl.icd "$pocl_vendors/"
fi

# summary LOG: "P passed, F failed, S skipped" over every precision the test ran.
summary() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '
    /test\(s\) passed/ { p += $1 } /test\(s\) failed/ { f += $1 } /test\(s\) skipped/ { s += $1 }
    END { printf "%d passed, %d failed, %d skipped", p, f, s }'
}

# run NAME VENDORS ROUTINE: one test program on one platform.
run() {
  local name="$1" vendors="$2" routine="$3" log="$logs/$3.$1.log" start=$SECONDS status=0
  OCL_ICD_VENDORS="$vendors" SPVSIM_QUIET=1 timeout "$timeout" "clblast_test_$routine" \
    >"$log" 2>&1 || status=$?
  local took=$((SECONDS - start))
  if ((status == 124)); then
    printf '%-8s %-7s stopped after %d s\n' "$routine" "$name" "$timeout"
  else
    printf '%-8s %-7s %s; exit status %d, %d s\n' "$routine" "$name" "$(summary "$log")" \
      "$status" "$took"
  fi
}

for routine in "${routines[@]}"; do
  if ! command -v "clblast_test_$routine" >/dev/null; then
    echo "$0: clblast_test_$routine not found (apt-get install clblast-tests)" >&2
    exit 2
  fi
  run spvsim "$build/runtime/vendors" "$routine"
  [[ -z "$pocl_vendors" ]] || run pocl "$pocl_vendors" "$routine"
done
echo "full outputs: $logs"
