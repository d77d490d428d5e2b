#!/usr/bin/env bash
# Builds the runtime and its tests with ThreadSanitizer (in build-tsan/) and runs
# the tests that drive it from host programs: runtime.* and exec.*. Every cl*
# entry point may be called from several threads at once (OpenCL API §A.2); this
# is where that is checked. Not part of scripts/run-tests.sh (CI time): run it
# after changing runtime/ or interpreter/memory/.
#   scripts/tsan.sh [ctest -R regex]    (default: '^(runtime|exec)\.')
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
jobs="$(nproc)"
filter="${1:-^(runtime|exec)\.}"

./scripts/setup.sh
cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSPVSIM_SANITIZE_THREAD=ON \
  -DSPVSIM_WERROR=ON
# Only what the runtime tests need.
targets=$(cmake --build build-tsan --target help | sed -n 's/^\(runtime_[a-z_]*\|spvsim\|spvsim_runtime\): .*/\1/p')
cmake --build build-tsan -j "$jobs" --target $targets
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R "$filter"
