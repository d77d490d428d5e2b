#!/usr/bin/env python3
"""Checks the JSON profile `spvsim exec --profile=json` writes of profile_app.c against
the counts known by construction: 64 work-items in groups of 32, launched twice, each
summing 4 elements of `in` in a loop (input.cl:5), one barrier, an atomic in the even
work-items (input.cl:8, behind the branch of line 7) and one store to `out` (line 9).

check_exec_profile.py FILE [--stdout]

FILE is the runtime's JSON report (the profiles beside its findings and launches) or,
with --stdout, what the program and spvsim wrote on standard output: the program's
lines, then the profile document. Prints "profile ok" or what differs (exit status 1)."""
import json
import sys

path = sys.argv[1]
with open(path) as f:
    text = f.read()
if "--stdout" in sys.argv[2:]:
    start = text.find("\n{")
    text = text[start + 1:] if start >= 0 else text
document = json.loads(text)
problems = []


def expect(what, got, want):
    if got != want:
        problems.append(f"{what}: {got!r}, expected {want!r}")


if "--stdout" in sys.argv[2:]:
    expect("version", isinstance(document.get("version"), str), True)
else:
    expect("report findings", document.get("findings"), [])
    expect("launches listed", len(document.get("launches", [])), 2)
profiles = document.get("profiles", [])
expect("kernels profiled", [p.get("kernel") for p in profiles], ["profile"])
if profiles:
    p = profiles[0]
    expect("launches", p["launches"], 2)
    expect("atomics", p["atomics"], 64)
    expect("barriers", p["barriers"], 4)  # 2 groups, 2 launches
    buffers = p["memory"]["buffers"]
    expect("buffer in", buffers.get("in"), {"loaded": 2048, "stored": 0})
    expect("buffer out", buffers.get("out"), {"loaded": 0, "stored": 512})
    expect("global memory", p["memory"]["spaces"].get("global"),
           {"loaded": 2048, "stored": 512})
    lines = {(l.get("file"), l.get("line")): l for l in p["lines"]}
    loop = lines.get(("input.cl", 5), {})
    expect("loop body runs", loop.get("runs"), 512)  # 64 work-items x 4 trips x 2
    expect("loop body lanes", loop.get("lane_utilisation"), 1.0)
    atomic = lines.get(("input.cl", 8), {})
    expect("atomic line runs", atomic.get("runs"), 64)
    expect("atomic line lanes", atomic.get("lane_utilisation"), 0.5)
    store = lines.get(("input.cl", 9), {})
    expect("store line runs", store.get("runs"), 128)
    branches = {(b.get("file"), b.get("line")): b for b in p["branches"]}
    branch = branches.get(("input.cl", 7), {})
    expect("branch warp executions", branch.get("warp_instructions"), 4)
    expect("branch divergent", branch.get("divergent"), 4)
    expect("work-item instructions by line",
           sum(l["work_item_instructions"] for l in p["lines"] + p.get("without_line", [])),
           p["work_item_instructions"])
    expect("lines without a file", [l for l in p["lines"] if "file" not in l], [])
    expect("work-item instructions by family", sum(p["families"].values()),
           p["work_item_instructions"])
    source = p.get("sources", {}).get("input.cl", "")
    expect("source of input.cl line 8", source.split("\n")[7:8], ["    atomic_inc(hits);"])
if problems:
    print("\n".join(problems))
    sys.exit(1)
print("profile ok")
