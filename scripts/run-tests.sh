#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice, and fuzzes:
#   build/       Release (GCC), warnings are errors
#   build-asan/  clang-15 at -O1 -g1 with AddressSanitizer and UndefinedBehaviorSanitizer;
#                it also builds the libFuzzer targets of fuzz/ (SPVSIM_FUZZ_TARGETS), each
#                then run for FUZZ_SECONDS (default 10), two at a time (scripts/fuzz.sh all)
# Both are unity builds (SPVSIM_UNITY_BUILD): the source files of a library or test
# program compiled a few at a time, which divides the time spent on the headers they all
# include (in the Release build only the interpreter's files that run once per kernel or
# launch: its per-instruction paths inline less in larger units).
# Prints how long each phase took; exits non-zero if anything failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="$(nproc)"
failed=()

# phase NAME COMMAND...: runs COMMAND, prints its elapsed and processor time, records a
# failure and a line for the summary at the end.
summary=()
phase() {
  local name="$1"
  shift
  echo "=== $name"
  local start=$SECONDS status=0 before after
  cpu_seconds
  before=$cpu_now
  "$@" || status=$?
  cpu_seconds
  after=$cpu_now
  local line
  line="$name: $((SECONDS - start)) s ($((after - before)) s of processor time)"
  ((status == 0)) || line+=", FAILED (status $status)"
  echo "=== $line"
  summary+=("$line")
  ((status == 0)) || failed+=("$name")
  return "$status"
}

# cpu_seconds: sets cpu_now to the user + system time of this script's finished
# children, in whole seconds (`times` must run in this shell, not in a subshell).
times_file="$(mktemp)"
trap 'rm -f "$times_file"' EXIT
cpu_seconds() {
  times >"$times_file" # second line: children's user and system time, "0m1.234s 0m0.567s"
  cpu_now="$(awk 'NR == 2 {
    s = 0
    for (i = 1; i <= NF; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] }
    printf "%d", s }' "$times_file")"
}

configure_and_build() {
  local dir="$1"
  shift
  cmake -S . -B "$dir" -G Ninja "$@" && cmake --build "$dir" -j "$jobs"
}

# run_ctest DIR [CTEST ARGS...]: runs the tests of DIR. A test that fails is run once
# more on its own; one that then passes is named at the end as flaky (a defect to fix,
# visible in every log) and does not fail the phase; one that fails again does.
flaky=()
run_ctest() {
  local dir="$1" failed_log="$1/Testing/Temporary/LastTestsFailed.log"
  shift
  rm -f "$failed_log"
  ctest --test-dir "$dir" --output-on-failure -j "$jobs" "$@" && return 0
  [[ -s "$failed_log" ]] || return 1
  local first
  first="$(sed 's/^[0-9]*://' "$failed_log")"
  echo "=== running the failed tests of $dir again, one at a time"
  ctest --test-dir "$dir" --output-on-failure --rerun-failed "$@" || return 1
  local name
  while IFS= read -r name; do flaky+=("$dir: $name"); done <<<"$first"
  rm -f "$failed_log"
  return 0
}

# The sanitized run leaves out the bench kernels' build tests (label "bench"):
# large inputs through the same code the feature kernels exercise; the pages loaded
# in a browser (label "browser"): Chromium's work, on pages the same spvsim code wrote for
# the other report tests; and the scripts' test (label "script"): bash and Python around
# stand-ins of the conformance suite, 45 s of waiting under the sanitizers. Its build
# runs each kernel test at fewer builds and each
# parameterised kernel gtest in fewer variants (SPVSIM_KERNEL_TEST_BUILDS,
# tests/interpreter/kernel_harness.h): the code paths of -O0 and -O2 at every warp width;
# the plain run takes them all.
# intercept_tls_get_addr=0: after the OpenCL C front end has run in a host program
# (libLLVM's thread-locals live in dynamic TLS), GCC 12's LeakSanitizer records a bogus
# dynamic TLS range for the main thread and its tracer crashes scanning it at exit
# ("Tracer caught signal 11"); without the interception it does not track those blocks.
run_ctest_sanitized() {
  ASAN_OPTIONS=detect_leaks=1:intercept_tls_get_addr=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run_ctest "$1" -LE 'bench|browser|script'
}

total_start=$SECONDS
phase "setup" ./scripts/setup.sh || exit 1

# A failing test phase does not stop the other build; a failing build stops its tests.
# Each GoogleTest program runs as 4 tests of a quarter of its cases (SPVSIM_TEST_SHARDS,
# CMakeLists.txt): a process per case would cost more than the cases themselves.
common=(-DSPVSIM_WERROR=ON -DSPVSIM_TEST_SHARDS=4 -DSPVSIM_UNITY_BUILD=ON)
# The Release build links with GNU gold (binutils, there with the compilers: half the
# time of the default linker, SPVSIM_LINKER); the sanitized build does not, as gold warns
# of each of the sanitizer runtime's local symbols it cannot export, 141 per program.
if phase "build (Release, -Werror)" configure_and_build build \
  -DCMAKE_BUILD_TYPE=Release -DSPVSIM_LINKER=gold "${common[@]}"; then
  phase "tests (Release)" run_ctest build || true
fi
# The sanitized build is clang's, so that one build serves its tests and the fuzz targets
# (their libraries instrumented for coverage, SPVSIM_FUZZ_TARGETS); the warnings of both
# compilers are errors. -O1 with line tables only: what the sanitizers need for exact
# reports, and a build three times faster than -O2 -g.
if phase "build (ASan+UBSan, clang-15, fuzz targets)" configure_and_build build-asan \
  -DCMAKE_CXX_COMPILER=clang++-15 -DCMAKE_C_COMPILER=clang-15 \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
  -DSPVSIM_SANITIZE=ON -DSPVSIM_FUZZ_TARGETS=ON "${common[@]}"; then
  phase "tests (ASan+UBSan)" run_ctest_sanitized build-asan || true
  phase "fuzz (5 targets, ${FUZZ_SECONDS:-10} s each)" \
    env FUZZ_BUILD=build-asan ./scripts/fuzz.sh all "${FUZZ_SECONDS:-10}" || true
fi

# Repeats, at the end where a truncated log still shows them, the tests each test phase
# failed (ctest's own list scrolls away behind the later phases).
list_failed_tests() {
  local dir log
  for dir in build build-asan; do
    log="$dir/Testing/Temporary/LastTestsFailed.log"
    [[ -s "$log" ]] || continue
    echo "failed tests in $dir:" >&2
    sed 's/^[0-9]*:/  /' "$log" >&2
  done
}

printf '=== %s\n' "${summary[@]}"
if ((${#flaky[@]} > 0)); then
  echo "=== flaky: failed, then passed when run again:" >&2
  printf '  %s\n' "${flaky[@]}" >&2
fi
echo "=== total: $((SECONDS - total_start)) s"
if ((${#failed[@]} > 0)); then
  list_failed_tests
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "all tests passed"
