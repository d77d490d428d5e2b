#!/usr/bin/env python3
"""Runs the memory-model, forward-progress and schedule kernel pairs of tests/kernels
(docs/findings.md "Memory model", "Forward progress", "Nondeterminism") under
`spvsim run --explore N` (default 16) at every build the tests compile them at, and
prints a table: each correct kernel must have no finding beyond what its row allows,
and each broken twin must be found as its row expects — a race whose message names the
ordering it lacks, a progress finding or nondeterminism. Message passing between
work-groups is tested twice. In race_message_once_* the reader loads the flag once and
reads the value only if it is set: its correct twin (release store, acquire load,
device scope) must be clean under every schedule. race_message_relaxed and
race_message_scope are the forward-progress variants: their waiter spins until the
other group writes the flag, and a schedule that runs it first ends with
progress.inter-group (OpenCL promises no forward progress between groups), a genuine
finding that their twins may report and nothing else (the twins are correct as to
memory order, not as to progress). Not part of CI (a minute or more): run it after
changing the race check's memory model or the scheduler.

Usage: scripts/explore-pairs.py [--build-dir build] [--explore 16] [--builds O0,O2,O0g,O2g]
Exit status 1 when a row does not hold.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORDERING = r"no release/acquire pair or fence orders these accesses"

# (folder, broken run file (None: a correct kernel alone), correct run file, module of
#  the correct one, what the broken one must report, findings the correct one may have)
PAIRS = [
    ("bugs", "race_last_block", "race_last_block_fixed", "race_last_block_fixed",
     ORDERING + r" \(the kernel's atomics are relaxed, as OpenCL 1\.2 atomics are", None),
    ("bugs", "race_message_once_relaxed", "race_message_once_relaxed_fixed",
     "race_message_once_relaxed_fixed",
     ORDERING + r" \(the other work-group's atomic write is relaxed", None),
    ("bugs", "race_message_once_scope", "race_message_once_scope_fixed",
     "race_message_once_scope_fixed",
     ORDERING + r" \(the other work-group's release is at work-group scope", None),
    # The forward-progress variants: the waiter spins (see above).
    ("bugs", "race_message_relaxed", "race_message_relaxed_fixed", "race_message_relaxed_fixed",
     ORDERING + r" \(the other work-group's atomic write is relaxed", r"progress\.inter-group"),
    ("bugs", "race_message_scope", "race_message_scope_fixed", "race_message_scope_fixed",
     ORDERING + r" \(the other work-group's release is at work-group scope", r"progress\.inter-group"),
    ("bugs", "race_spin_lock", "race_spin_lock_fixed", "race_spin_lock_fixed",
     ORDERING + r" \(the other work-group's atomic write is relaxed", None),
    ("bugs", "race_lane_release", "race_lane_release_fixed", "race_lane_release_fixed",
     ORDERING + r" \(the other access is by a work-item that released nothing", None),
    ("bugs", "race_scale_reset", "race_scale_reset_fixed", "race_scale_reset_fixed", ORDERING, None),
    ("bugs", "race_local_last_item", "race_local_last_item_fixed", "race_local_last_item_fixed",
     ORDERING, None),
    ("bugs", "race_local_relaxed", "race_local_relaxed_fixed", "race_local_relaxed_fixed",
     ORDERING, None),
    ("bugs", "race_local_global_flag", "race_local_global_flag_fixed",
     "race_local_global_flag_fixed", ORDERING, None),
    ("bugs", "race_local_global_fence", "race_local_global_fence_fixed",
     "race_local_global_fence_fixed", ORDERING, None),
    ("bugs", "race_flag_section", "race_flag_section_fixed", "race_flag_section_fixed",
     ORDERING + r" \(this work-(group|item)'s atomic read is relaxed and no acquire fence", None),
    ("bugs", "race_flag_section_local", "race_flag_section_local_fixed",
     "race_flag_section_local_fixed",
     ORDERING, None),
    ("bugs", "race_local_fence_only", "race_local_global_fence_fixed",
     "race_local_global_fence_fixed", ORDERING, None),
    ("bugs", "race_local_acquire_fence_only", "race_local_global_fence_fixed",
     "race_local_global_fence_fixed", ORDERING, None),
    ("bugs", "race_atomic_plain", "race_atomic_plain_fixed", "race_atomic_plain_fixed",
     r"race\.atomic-plain", None),
    ("bugs", "race_scope", "race_scope_fixed", "race_scope_fixed", r"race\.scope", None),
    ("progress", "global_barrier", "global_barrier_fixed", "global_barrier_fixed",
     r"progress\.inter-group", None),
    ("progress", "ticket_lock", "ticket_lock_fixed", "ticket_lock_fixed",
     r"progress\.intra-group", None),
    ("schedules", "last_group", "last_group_fixed", "last_group_fixed",
     r"nondeterminism\.result", None),
    ("schedules", "ticket_image", "ticket_image_fixed", "ticket_image_fixed",
     r"nondeterminism\.result", None),
    # A float sum through atomics: a rounding note (warning), never an error.
    ("schedules", "float_sum", None, None, r"warning\[nondeterminism\.rounding\]", None),
    # Compiler-made accesses: per-component stores into a float8 of a buffer nobody wrote
    # (at -O0 the vector is loaded and stored back whole) are clean; a private array read
    # where it was never written (OpUndef at -O2) is still uninit.read.
    ("schedules", None, "float8_components", "float8_components", None, None),
    # A load clang -O2 hoists out of `if (lid == 0)` into a select: the work-items that
    # discard the value read nothing (clean); the twin whose reader does race is found.
    ("bugs", "race_hoisted_load", "race_hoisted_load_fixed", "race_hoisted_load_fixed",
     r"race\.local\.read-write", None),
    ("bugs", "uninit_private", "uninit_private_fixed", "uninit_private_fixed", r"uninit\.read",
     None),
]


def run(spvsim, run_file, module, explore, work, extra=()):
    """The findings' headlines and the whole output of one explored run."""
    with open(run_file) as f:
        text = f.read()
    text = re.sub(r'"module"\s*:\s*"[^"]*"', '"module": "%s"' % module, text)
    text = re.sub(r'"dump"\s*:\s*"([^"]*)"',
                  lambda m: '"dump": "%s"' % os.path.join(work, os.path.basename(m.group(1))), text)
    path = os.path.join(work, "run.json")
    with open(path, "w") as f:
        f.write(text)
    out = subprocess.run([spvsim, "run", "--quiet", "--explore", str(explore), *extra, path],
                         capture_output=True, text=True, cwd=os.path.dirname(run_file))
    output = out.stdout + out.stderr
    heads = re.findall(r"^(?:error|warning)\[[^\]]+\]: .*$", output, re.M)
    return heads, output


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    p.add_argument("--explore", type=int, default=16)
    p.add_argument("--builds", default="O0,O2,O0g,O2g")
    a = p.parse_args()
    a.build_dir = os.path.abspath(a.build_dir)  # the runs start in the run files' folders
    spvsim = os.path.join(a.build_dir, "cli", "spvsim")
    failed = 0
    print("| pair | build | correct: findings | broken: found as expected |")
    print("|---|---|---|---|")
    with tempfile.TemporaryDirectory() as work:
        for folder, broken, fixed, fixed_module, expect, allowed in PAIRS:
            src = os.path.join(ROOT, "tests", "kernels", folder)
            modules = os.path.join(a.build_dir, "tests", "kernels", folder)
            for build in a.builds.split(","):
                module = os.path.join(modules, "%s.%s.spv" % (broken or fixed_module, build))
                if not os.path.exists(module):
                    print("| %s | %s | (no module) | (no module) |" % (broken or fixed, build))
                    failed += 1
                    continue
                cell = "-"
                if fixed:
                    heads, _ = run(spvsim, os.path.join(src, fixed + ".json"),
                                   os.path.join(modules, "%s.%s.spv" % (fixed_module, build)),
                                   a.explore, work)
                    bad = [h for h in heads if not (allowed and re.search(allowed, h))]
                    cell = "clean" if not heads else "%d allowed (%s)" % (len(heads), allowed)
                    if bad:
                        cell = "FAIL: " + bad[0][:100]
                        failed += 1
                verdict = "-"  # a correct kernel alone (no broken twin)
                if broken:
                    heads, output = run(spvsim, os.path.join(src, broken + ".json"), module,
                                        a.explore, work)
                    found = bool(heads) and re.search(expect, output) is not None
                    kinds = sorted({re.match(r"\w+\[([^\]]+)\]", h).group(1) for h in heads})
                    verdict = ("yes: " if found else "FAIL: ") + (", ".join(kinds) or "nothing")
                    failed += not found
                print("| %s / %s | %s | %s | %s |" % (broken or "-", fixed or "-", build, cell,
                                                     verdict))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
