#!/usr/bin/env bash
# Runs Oclgrind's kernel test suite (OCLGRIND_SRC/tests/kernels: each case a .sim file
# and, mostly, a .ref file of its expected output) through `spvsim run FILE.sim`, at the
# default optimisation and with -cl-opt-disable as Oclgrind's own runner does, and
# compares the dumped values (the EXACT and MATCH lines of the .ref) with spvsim's
# standard output. The ERROR lines of a .ref are Oclgrind's own messages for a bug the
# kernel has: they are not compared, but whether spvsim reported a finding for the case
# is shown beside it. Not part of the test suite: Oclgrind's sources are not in the
# project (docs/oclgrind-sim-files.md gives the last result).
set -euo pipefail

usage() {
  cat >&2 <<EOF
usage: $0 [--build DIR] [-v] OCLGRIND_SRC_DIR
  --build DIR  spvsim's build folder (default: build)
  -v           show the first difference and spvsim's message of each case that fails
EOF
  exit 2
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$root/build"
verbose=0
src=""
while (($#)); do
  case "$1" in
    --build) build="$(cd "${2:?--build needs a folder}" && pwd)"; shift 2 ;;
    -v) verbose=1; shift ;;
    -h | --help) usage ;;
    -*) echo "$0: unknown option '$1'" >&2; usage ;;
    *) [[ -z "$src" ]] || usage; src="$1"; shift ;;
  esac
done
[[ -n "$src" ]] || usage
[[ -f "$src/tests/kernels/TESTS" ]] || { echo "$0: $src/tests/kernels/TESTS not found" >&2; exit 2; }
spvsim="$build/cli/spvsim"
[[ -x "$spvsim" ]] || { echo "$0: $spvsim not built (cmake --build $build --target spvsim)" >&2; exit 2; }

exec python3 - "$spvsim" "$src/tests/kernels" "$verbose" <<'EOF'
import os, subprocess, sys

spvsim, kernels, verbose = sys.argv[1], sys.argv[2], sys.argv[3] == "1"

def compare(ref_lines, out_lines):
    """The first difference between the EXACT/MATCH lines of a .ref and the non-blank
    lines of standard output, or None when they agree (Oclgrind's own rules)."""
    out = [l for l in out_lines if l]
    oi = 0
    for line in ref_lines:
        if not line or line.split()[0] == "ERROR":
            continue
        kind, text = line.split()[0], line[6:]
        if oi >= len(out):
            return "output ended before: " + line
        if (kind == "EXACT" and out[oi] != text) or (kind == "MATCH" and text not in out[oi]):
            return "expected %s, got %r" % (line, out[oi])
        oi += 1
    if oi < len(out):
        return "unexpected output: %r" % out[oi]
    return None

def run_case(name):
    sim = os.path.join(kernels, name + ".sim")
    folder = os.path.dirname(sim)
    ref_file = sim[:-4] + ".ref"
    ref = open(ref_file).read().splitlines() if os.path.exists(ref_file) else None
    args = []
    first = open(sim).readline().rstrip("\n")
    if first.startswith("# ARGS:"):
        args = first[8:].split(" ")
    if "-i" in args or "--interactive" in args:
        return "skipped", "drives Oclgrind's interactive debugger (spvsim debug has its own commands)", False
    options = []
    if "--build-options" in args:
        options = args[args.index("--build-options") + 1].split()
    results = []
    for extra in ([], ["-cl-opt-disable"]):
        build = " ".join(options + extra)
        cmd = [spvsim, "run", "--threads", "1"] + (["--build-options", build] if build else [])
        cmd.append(os.path.basename(sim))
        try:
            p = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return "failed", "timed out", False
        if p.returncode not in (0, 1):
            message = (p.stderr.strip().splitlines() or ["exit status %d" % p.returncode])
            return "not run", message[-1] if "error" not in message[0] else message[0], False
        finding = p.returncode == 1
        if ref is None:
            results.append((None, finding))
            continue
        results.append((compare(ref, p.stdout.splitlines()), finding))
    wants_error = ref is not None and any(l.startswith("ERROR") for l in ref)
    finding = any(f for _, f in results)
    for difference, _ in results:
        if difference:
            return "failed", difference, finding
    if ref is None:
        return "ran", "no .ref to compare", finding
    return "passed", "error expected" if wants_error else "", finding

tests = [t for t in open(os.path.join(kernels, "TESTS")).read().split() if t]
counts = {}
for name in tests:
    status, detail, finding = run_case(name)
    counts[status] = counts.get(status, 0) + 1
    note = ""
    ref_file = os.path.join(kernels, name + ".ref")
    if os.path.exists(ref_file) and any(l.startswith("ERROR") for l in open(ref_file)):
        note = " [Oclgrind reports an error; spvsim: %s]" % ("a finding" if finding else "no finding")
    line = "%-8s %s%s" % (status, name, note)
    if verbose and detail and status != "passed":
        line += "\n         " + detail
    print(line, flush=True)
print("\n%d cases: " % len(tests) + ", ".join("%d %s" % (n, s) for s, n in sorted(counts.items())))
EOF
