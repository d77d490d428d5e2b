#!/usr/bin/env bash
# Runs piglit's OpenCL profile (Debian's piglit package, `cl`) through spvsim's
# ICD and prints a summary; with --pocl also through PoCL, then the tests whose
# results differ. Not part of the test suite: piglit is a client to compare
# with, and a few of its tests check things of their own (runtime/README.md
# lists what they are). Results go to OUT/spvsim (and OUT/pocl) as piglit result
# folders; `piglit summary html` makes pages of them.
set -euo pipefail

usage() {
  cat >&2 <<EOF
usage: $0 [--build DIR] [--out DIR] [--pocl] [--jobs N] [-t REGEX]... [-x REGEX]...
  --build DIR  spvsim's build folder (default: build); its runtime/vendors names the ICD
  --out DIR    where results go (default: DIR/piglit of the build folder)
  --pocl       also run the profile on PoCL and list the tests whose results differ
  --jobs N     tests at once (default: 2)
  -t, -x       only tests matching / not matching REGEX (piglit's own options)
EOF
  exit 2
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
out=""
pocl=0
jobs=2
filters=()
while (($#)); do
  case "$1" in
    --build) build="$(cd "${2:?--build needs a folder}" && pwd)"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --pocl) pocl=1; shift ;;
    --jobs) jobs="${2:?--jobs needs a number}"; shift 2 ;;
    -t | -x) filters+=("$1" "${2:?$1 needs a regular expression}"); shift 2 ;;
    -h | --help) usage ;;
    *) echo "$0: unknown argument '$1'" >&2; usage ;;
  esac
done
out="${out:-$build/piglit}"

if ! command -v piglit >/dev/null; then
  echo "$0: piglit is not installed (scripts/setup.sh --bench installs it)" >&2
  exit 1
fi
vendors="$build/runtime/vendors"
if [[ ! -f "$vendors/spvsim.icd" ]]; then
  echo "$0: no $vendors/spvsim.icd: build spvsim first (cmake --build $build)" >&2
  exit 1
fi
pocl_icd=/etc/OpenCL/vendors/pocl.icd
if ((pocl)) && [[ ! -f "$pocl_icd" ]]; then
  echo "$0: no $pocl_icd (scripts/setup.sh --bench installs pocl-opencl-icd)" >&2
  exit 1
fi

mkdir -p "$out"
# run <name> <vendors folder>: the cl profile with that folder's platforms only.
run() {
  echo "+ piglit run cl ($1)"
  OCL_ICD_VENDORS="$2" SPVSIM_THREADS="${SPVSIM_THREADS:-1}" \
    piglit run cl -j "$jobs" -l quiet -o "${filters[@]}" -n "$1" "$out/$1" >"$out/$1.log" 2>&1 ||
    { tail -20 "$out/$1.log" >&2; exit 1; }
}

# summary <result folder>...: per result folder, its counts of whole tests (a test with
# subtests counts once, by its overall result); then, for one folder, the tests that
# neither passed nor were skipped, and for two, the tests whose results differ.
summary() {
  python3 - "$@" <<'PY'
import bz2, collections, json, os, sys

runs = []
for folder in sys.argv[1:]:
    with bz2.open(os.path.join(folder, "results.json.bz2")) as f:
        runs.append((os.path.basename(folder), json.load(f)["tests"]))
for name, tests in runs:
    counts = collections.Counter(t["result"] for t in tests.values())
    print(f"{name}: {len(tests)} tests: " + ", ".join(f"{n} {r}" for r, n in counts.most_common()))
if len(runs) == 1:
    name, tests = runs[0]
    print(f"neither passed nor skipped on {name}:")
    for test, t in sorted(tests.items()):
        if t["result"] not in ("pass", "skip"):
            print(f"  {test}: {t['result']}")
else:
    (a, ta), (b, tb) = runs
    print(f"results that differ ({a}, {b}):")
    for test in sorted(set(ta) | set(tb)):
        ra, rb = ta.get(test, {}).get("result", "-"), tb.get(test, {}).get("result", "-")
        if ra != rb:
            print(f"  {test}: {ra}, {rb}")
PY
}

run spvsim "$vendors"
summary "$out/spvsim"

if ((pocl)); then
  pocl_vendors="$out/pocl-vendors"
  mkdir -p "$pocl_vendors"
  cp "$pocl_icd" "$pocl_vendors/"
  run pocl "$pocl_vendors"
  summary "$out/spvsim" "$out/pocl"
fi
