#!/usr/bin/env bash
# Installs what is missing, then builds and runs every test twice, and fuzzes:
#   build/       Release, warnings are errors
#   build-asan/  -O1 -g1 with AddressSanitizer and UndefinedBehaviorSanitizer
#   build-fuzz/  the libFuzzer targets of fuzz/ (clang-15, ASan+UBSan), each run for
#                FUZZ_SECONDS (default 30), two at a time (scripts/fuzz.sh all)
# Prints how long each phase took; exits non-zero if anything failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="$(nproc)"
failed=()

# phase NAME COMMAND...: runs COMMAND, prints its elapsed time, records a failure.
phase() {
  local name="$1"
  shift
  echo "=== $name"
  local start=$SECONDS status=0
  "$@" || status=$?
  echo "=== $name: $((SECONDS - start)) s$( ((status == 0)) || echo ", FAILED (status $status)")"
  ((status == 0)) || failed+=("$name")
  return "$status"
}

configure_and_build() {
  local dir="$1"
  shift
  cmake -S . -B "$dir" -G Ninja "$@" && cmake --build "$dir" -j "$jobs"
}

run_ctest() {
  ctest --test-dir "$1" --output-on-failure -j "$jobs"
}

# The sanitized run leaves out the bench kernels' build tests (label "bench"):
# large inputs through the same code the feature kernels exercise.
# intercept_tls_get_addr=0: after the OpenCL C front end has run in a host program
# (libLLVM's thread-locals live in dynamic TLS), GCC 12's LeakSanitizer records a bogus
# dynamic TLS range for the main thread and its tracer crashes scanning it at exit
# ("Tracer caught signal 11"); without the interception it does not track those blocks.
run_ctest_sanitized() {
  ASAN_OPTIONS=detect_leaks=1:intercept_tls_get_addr=0 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$1" --output-on-failure -j "$jobs" -LE bench
}

total_start=$SECONDS
phase "setup" ./scripts/setup.sh || exit 1

# A failing test phase does not stop the other build; a failing build stops its tests.
if phase "build (Release, -Werror)" configure_and_build build \
  -DCMAKE_BUILD_TYPE=Release -DSPVSIM_WERROR=ON; then
  phase "tests (Release)" run_ctest build || true
fi
# -O1 with line tables only: what the sanitizers need for exact reports, and a build
# three times faster than -O2 -g (the command line's CLI11 code above all).
if phase "build (ASan+UBSan)" configure_and_build build-asan \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
  -DSPVSIM_SANITIZE=ON -DSPVSIM_WERROR=ON; then
  phase "tests (ASan+UBSan)" run_ctest_sanitized build-asan || true
fi

# Only the fuzz targets and the libraries they use (not the spvsim executable).
build_fuzz_targets() {
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++-15 \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVSIM_FUZZ=ON -DSPVSIM_BUILD_TESTS=OFF \
    -DSPVSIM_WERROR=ON &&
    cmake --build build-fuzz -j "$jobs" --target fuzz_module fuzz_spvasm fuzz_runfile \
      fuzz_printf fuzz_executor
}

if phase "build (fuzz targets: clang-15, ASan+UBSan, libFuzzer)" build_fuzz_targets; then
  phase "fuzz (5 targets, ${FUZZ_SECONDS:-30} s each)" ./scripts/fuzz.sh all "${FUZZ_SECONDS:-30}" || true
fi

echo "=== total: $((SECONDS - total_start)) s"
if ((${#failed[@]} > 0)); then
  printf 'FAILED: %s\n' "${failed[@]}" >&2
  exit 1
fi
echo "all tests passed"
