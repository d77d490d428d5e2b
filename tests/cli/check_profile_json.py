#!/usr/bin/env python3
"""Checks the JSON profile of data/profile.cl (`spvsim run --profile=json`) against the
counts known by construction: 64 work-items in groups of 32, a loop of 8 trips loading
`in`, one __local store and load around one barrier, one store to `out`, an atomic in
half of every warp. Usage: check_profile_json.py FILE O0|O2 [report]; with `report` FILE
is spvsim's JSON report, which carries the profiles, else the profile document itself.
Prints "profile ok" or what differs, and exits 1 on a difference."""
import json
import sys

path, level = sys.argv[1], sys.argv[2]
with open(path) as f:
    document = json.load(f)
problems = []


def expect(what, got, want):
    if got != want:
        problems.append(f"{what}: {got!r}, expected {want!r}")


if len(sys.argv) > 3:
    expect("report findings", document.get("findings"), [])
expect("version", isinstance(document.get("version"), str), True)
profiles = document.get("profiles", [])
expect("kernels profiled", [p.get("kernel") for p in profiles], ["profile"])
if profiles:
    p = profiles[0]
    expect("launches", p["launches"], 1)
    expect("atomics", p["atomics"], 32)
    expect("barriers", p["barriers"], 2)
    expect("global traffic", p["memory"]["spaces"]["global"], {"loaded": 2048, "stored": 256})
    expect("local traffic", p["memory"]["spaces"]["local"], {"loaded": 256, "stored": 256})
    expect("buffer in", p["memory"]["buffers"]["in"], {"loaded": 2048, "stored": 0})
    expect("buffer out", p["memory"]["buffers"]["out"], {"loaded": 0, "stored": 256})
    expect("family sum", sum(p["families"].values()), p["work_item_instructions"])
    expect("line sum", sum(l["work_item_instructions"] for l in p["lines"] + p["without_line"]),
           p["work_item_instructions"])
    expect("lines all have a file", all("file" in l for l in p["lines"]), True)
    expect("without_line all words", all("word" in l and "file" not in l
                                         for l in p["without_line"]), True)
    expect("atomics family", p["families"].get("atomics"), 32)
    if level == "O0":
        lines = {l["line"]: l for l in p["lines"] if "file" in l}
        expect("line 10 runs", lines[10]["runs"], 512)
        expect("line 10 lanes", lines[10]["lane_utilisation"], 1.0)
        expect("line 15 runs", lines[15]["runs"], 32)
        expect("line 15 lanes", lines[15]["lane_utilisation"], 0.5)
        expect("line files", {l["file"].rsplit("/", 1)[-1] for l in p["lines"] if "file" in l}, {"profile.cl"})
        branches = {b["line"]: b for b in p["branches"] if "file" in b}
        expect("branch 14", (branches[14]["warp_instructions"], branches[14]["divergent"]),
               (2, 2))
        expect("branch 9 divergent", branches[9]["divergent"], 0)
if problems:
    print("\n".join(problems))
    sys.exit(1)
print("profile ok")
