#!/usr/bin/env bash
# Builds spvsim with ThreadSanitizer (build-tsan/, RelWithDebInfo) and runs the tests
# that execute kernels on several worker threads: the interpreter's launch tests,
# the kernel tests and the command-line tests. Any data race or other report of
# ThreadSanitizer fails the script. Usage: scripts/tsan.sh [CTEST REGEX]
# (default: every test of those executables). Environment: JOBS (default nproc).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="$root/build-tsan"
jobs="${JOBS:-$(nproc)}"
regex="${1:-^(Kernels/|Examples/|Launch|cli\.|example\.|spvasm\.)}"

cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVSIM_TSAN=ON \
  -DSPVSIM_WERROR=ON >/dev/null
cmake --build "$build" -j "$jobs" --target spvsim interpreter_tests kernels_test
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R "$regex"
