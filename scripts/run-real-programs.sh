#!/usr/bin/env bash
# Runs real OpenCL programs the project did not write against spvsim's ICD and
# against PoCL, and prints their results side by side: the tests of CLBlast
# (Debian's clblast-tests) for xgemv, xgemm, xsyrk and xtrsm at their default
# (small) sizes, and PyOpenCL's own test_algorithm.py and test_array.py (with
# Debian's python3-pyopencl and python3-pytest, from PyOpenCL's repository at
# the tag of the installed version). Needs a build of spvsim in build/ (or
# $BUILD) and, for the second column, pocl-opencl-icd (scripts/setup.sh
# --bench; --real-programs installs clblast-tests and python3-pytest). Not a CI
# phase: the runs take minutes to hours. Results are recorded in runtime/README.md.
#   scripts/run-real-programs.sh [routine...]     e.g. xgemv xsymv test_array
# A routine is a CLBlast routine (clblast_test_<routine>) or a PyOpenCL test file
# (test_algorithm, test_array, ...); `clblast` stands for every CLBlast routine installed
# (level 1, 2, 3 and the extras; with a small TIMEOUT each, e.g. TIMEOUT=60, a run stopped
# early still reports the cases of the precisions it finished).
# Environment: BUILD, TIMEOUT (seconds per run, default 1800; PyOpenCL's files
# 7200), LOGS (folder of the full outputs, default a temporary folder that is
# printed), PYOPENCL_SRC (a checkout of PyOpenCL's repository at the installed
# version's tag; default: cloned from GitHub into LOGS), PYTEST_ARGS (more
# arguments for pytest, e.g. "-k scan").
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD:-$root/build}"
timeout="${TIMEOUT:-1800}"
routines=("$@")
((${#routines[@]})) || routines=(xgemv xgemm xsyrk xtrsm test_algorithm test_array)

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

# summary LOG: "P passed, F failed, S skipped" over the cases the test ran (CLBlast's
# marks: ':' and '.' passed, 'X' and '/' failed, '-' and 'o' skipped; so that a run
# stopped early counts what it did), the precisions it started (S, D, C, Z, H), and
# the cases not run for a kernel that did not build ('\\'), if any.
summary() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '
    /Starting tests for the/ { match($0, /\047i?[A-Z]/); precisions = precisions substr($0, RSTART + RLENGTH - 1, 1) }
    /^   [:.X\/\\o-]+$/ {
      p += gsub(/[:.]/, ""); f += gsub(/[X\/]/, ""); s += gsub(/[o-]/, ""); built += gsub(/\\/, "") }
    END { printf "%d passed, %d failed, %d skipped (%s)", p, f, s, precisions
          if (built) printf ", %d not built", built }'
}

# run NAME VENDORS ROUTINE: one test program on one platform.
run() {
  local name="$1" vendors="$2" routine="$3" log="$logs/$3.$1.log" start=$SECONDS status=0
  OCL_ICD_VENDORS="$vendors" SPVSIM_QUIET=1 timeout "$timeout" "clblast_test_$routine" \
    >"$log" 2>&1 || status=$?
  local took=$((SECONDS - start))
  if ((status == 124)); then
    printf '%-8s %-7s stopped after %d s: %s\n' "$routine" "$name" "$timeout" "$(summary "$log")"
  else
    printf '%-8s %-7s %s; exit status %d, %d s\n' "$routine" "$name" "$(summary "$log")" \
      "$status" "$took"
  fi
}

# pyopencl_tests: the folder of PyOpenCL's tests at the installed version's tag.
pyopencl_tests() {
  if [[ -n "${PYOPENCL_SRC:-}" ]]; then
    echo "$PYOPENCL_SRC/test"
    return
  fi
  local version
  version="$(dpkg-query -W -f='${Version}' python3-pyopencl 2>/dev/null)" || {
    echo "$0: python3-pyopencl is not installed" >&2
    return 1
  }
  version="${version%%-*}"
  if [[ ! -d "$logs/pyopencl" ]]; then
    git clone --quiet --depth 1 --branch "v$version" https://github.com/inducer/pyopencl \
      "$logs/pyopencl" >&2 || {
      echo "$0: cannot fetch PyOpenCL v$version (set PYOPENCL_SRC to a checkout)" >&2
      return 1
    }
  fi
  echo "$logs/pyopencl/test"
}

# run_pytest NAME VENDORS FILE: one PyOpenCL test file on one platform.
run_pytest() {
  local name="$1" vendors="$2" file="$3" log="$logs/$3.$1.log" start=$SECONDS status=0
  # shellcheck disable=SC2086 # PYTEST_ARGS are words
  (cd "$tests" && OCL_ICD_VENDORS="$vendors" SPVSIM_QUIET=1 timeout "${TIMEOUT:-7200}" \
    /usr/bin/python3 -m pytest -q -p no:cacheprovider -rfE ${PYTEST_ARGS:-} "$file.py") \
    >"$log" 2>&1 || status=$?
  local took=$((SECONDS - start))
  if ((status == 124)); then
    printf '%-14s %-7s stopped after %d s\n' "$file" "$name" "${TIMEOUT:-7200}"
  else
    printf '%-14s %-7s %s; exit status %d, %d s\n' "$file" "$name" \
      "$(grep -E '(passed|failed|error|skipped).* in [0-9.]+s' "$log" | tail -1 | tr -d '=' |
        sed 's/^ *//; s/ in [0-9.]*s.*//')" "$status" "$took"
  fi
}

expanded=()
for routine in "${routines[@]}"; do
  if [[ "$routine" == clblast ]]; then
    for program in /usr/bin/clblast_test_*; do
      [[ -x "$program" ]] && expanded+=("${program#/usr/bin/clblast_test_}")
    done
  else
    expanded+=("$routine")
  fi
done
routines=("${expanded[@]}")

tests=""
for routine in "${routines[@]}"; do
  if [[ "$routine" == test_* ]]; then
    if ! /usr/bin/python3 -c 'import pyopencl, pytest' 2>/dev/null; then
      echo "$0: $routine needs python3-pyopencl and python3-pytest (apt-get install)" >&2
      exit 2
    fi
    [[ -n "$tests" ]] || tests="$(pyopencl_tests)" || exit 2
    if [[ ! -f "$tests/$routine.py" ]]; then
      echo "$0: no $routine.py in $tests" >&2
      exit 2
    fi
    run_pytest spvsim "$build/runtime/vendors" "$routine"
    [[ -z "$pocl_vendors" ]] || run_pytest pocl "$pocl_vendors" "$routine"
    continue
  fi
  if ! command -v "clblast_test_$routine" >/dev/null; then
    echo "$0: clblast_test_$routine not found (apt-get install clblast-tests)" >&2
    exit 2
  fi
  run spvsim "$build/runtime/vendors" "$routine"
  [[ -z "$pocl_vendors" ]] || run pocl "$pocl_vendors" "$routine"
done
echo "full outputs: $logs"
