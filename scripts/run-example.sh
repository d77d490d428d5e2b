#!/usr/bin/env bash
# Installs what is missing, builds spvsim and its OpenCL ICD (Release, in build/:
# what `spvsim run` and `spvsim exec` need) and runs the vecadd example, which
# prints its output buffer c[i] = 1 + 0.75 i.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

./scripts/setup.sh
# Same configuration as scripts/run-tests.sh, so both share build/.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DSPVSIM_WERROR=ON
# spvsim, and the OpenCL ICD library `spvsim exec` points programs at.
cmake --build build -j "$(nproc)" --target spvsim spvsim_runtime

echo "+ build/cli/spvsim run examples/vecadd/vecadd.json"
build/cli/spvsim run examples/vecadd/vecadd.json
