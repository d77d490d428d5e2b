#!/usr/bin/env bash
# Builds spvsim with ThreadSanitizer (build-tsan/, RelWithDebInfo) and runs the
# tests that execute kernels on several worker threads: the interpreter's
# launch and kernel tests, the command-line tests (spvsim runs with a thread
# per core), and — when the runtime is built — the runtime's tests, which call
# cl* entry points from several threads at once (OpenCL API §A.2). Any data
# race or other ThreadSanitizer report fails the script. Not part of
# scripts/run-tests.sh (CI time, docs/robustness.md); run it after changing
# interpreter/exec/, interpreter/memory/, common/ or runtime/.
#   scripts/tsan.sh [CTEST REGEX]   (JOBS: build and test jobs, default nproc)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="$root/build-tsan"
jobs="${JOBS:-$(nproc)}"
filter="${1:-^(Kernels/|Examples/|Launch|cli\.|example\.|spvasm\.|runtime|exec\.)}"

./scripts/setup.sh
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVSIM_SANITIZE_THREAD=ON \
  -DSPVSIM_WERROR=ON >/dev/null
# Only what those tests need: spvsim, the interpreter and kernel tests, the runtime's.
targets=$(cmake --build "$build" --target help |
  sed -n 's/^\(runtime_[a-z_]*\|spvsim\|spvsim_runtime\|interpreter_tests\|kernels_test\): .*/\1/p')
cmake --build "$build" -j "$jobs" --target $targets
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir "$build" --output-on-failure -j "$jobs" -R "$filter"
