#!/usr/bin/env python3
"""The summary of a conformance run (scripts/run-cts.sh): per suite the tests that
passed, failed and were skipped, its wall time and whether it finished, from the
suite's results file (CL_CONFORMANCE_RESULTS_FILENAME) or, when the suite was
stopped before writing it, from its log; then the failures the known-failure list
does not name, and the listed ones that passed. Exit status 1 when either exists
or a suite did not finish in its time limit without being listed so.

Known-failure list: one `SUITE/TEST  cause` per line (`#` starts a comment);
`SUITE/(time limit)` for a suite known not to finish in its limit.
"""
import argparse
import json
import os
import re
import sys

TIME_LIMIT = "(time limit)"


def read_known(path):
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.match(r"^(\S+/\(time limit\)|\S+)\s*(.*)$", line)
            known[m.group(1)] = m.group(2)
    return known


def results_from_log(path):
    """test -> pass/fail/skip from the harness's lines ("X passed", "X FAILED") and
    from conversions' own."""
    results = {}
    if not os.path.exists(path):
        return results
    conversion = None
    with open(path, errors="replace") as f:
        for line in f:
            # conversions names each of its conversions on a line of its own and
            # says "Wimp pass" or "passed" under it, or "*** convert_... FAILED **".
            m = re.match(r'\d+\) Testing (convert_\S+)\( (\S+) \):', line)
            if m:
                conversion = "%s(%s)" % (m.group(1), m.group(2))
                continue
            if conversion and re.match(r'\s*(Wimp pass|passed)\s*$', line):
                results[conversion] = "pass"
                continue
            m = re.search(r'\*\*\* (convert_\S+)\( (\S+) \) FAILED', line)
            if m:
                results["%s(%s)" % (m.group(1), m.group(2))] = "fail"
                continue
            # Some tests print their seed first: "(seed = 1246704256) op_fsub passed"; a
            # failure after the kernel source the harness quoted: '"vec_align_struct FAILED'.
            m = re.search(r'(?:^"?|\) )([^\s"]\S*) (passed|FAILED|test not supported)$',
                          line.rstrip())
            if m:
                results[m.group(1)] = {"passed": "pass", "FAILED": "fail"}.get(m.group(2), "skip")
    return results


def findings_in_log(path):
    """The findings spvsim printed during the suite ("error[oob.global.write]: ..."),
    as the count of each kind. spvsim writes them to standard error, the suite its lines
    to standard output: a finding may start after the suite's text on one line of the
    joined log ("(seed = 7) error[...]")."""
    kinds = {}
    if os.path.exists(path):
        with open(path, errors="replace") as f:
            for line in f:
                m = re.search(r"(?:^|[\s)])(?:error|warning)\[([a-z0-9_.-]+)\]: ", line)
                if m:
                    kinds[m.group(1)] = kinds.get(m.group(1), 0) + 1
    return kinds


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--known", required=True)
    parser.add_argument("--time-limit", type=int, required=True)
    parser.add_argument("suites", nargs="+")
    args = parser.parse_args()
    known = read_known(args.known)

    rows, unexpected, fixed = [], [], []
    for suite in args.suites:
        status, seconds = 0, 0
        status_file = os.path.join(args.out, suite + ".status")
        if os.path.exists(status_file):
            with open(status_file) as f:
                status, seconds = (int(v) for v in f.read().split())
        results_file = os.path.join(args.out, suite + ".json")
        log = os.path.join(args.out, suite + ".log")
        results = {}
        if os.path.exists(results_file):
            try:
                with open(results_file) as f:
                    results = json.load(f).get("results", {})
            except ValueError:
                results = {}
        from_log = results_from_log(log)
        if not results:
            results = from_log
        # conversions reports its 900 conversions as one test ("conversions") in the
        # results file and the harness's log line; its own lines name each of them.
        if suite == "conversions":
            results = {k: v for k, v in from_log.items() if k.startswith("convert_")} or results
        timed_out = status in (124, 137)
        counts = {k: sum(1 for v in results.values() if v == k) for k in ("pass", "fail", "skip")}
        finished = "time limit" if timed_out else ("yes" if results else "no results")
        rows.append((suite, counts, seconds, finished, status, findings_in_log(log)))
        for test, result in sorted(results.items()):
            name = suite + "/" + test
            if result == "fail" and name not in known:
                unexpected.append(name)
            if result == "pass" and name in known:
                fixed.append(name)
        limit_name = suite + "/" + TIME_LIMIT
        if timed_out and limit_name not in known:
            unexpected.append(limit_name)
        if not timed_out and results and limit_name in known:
            fixed.append(limit_name)
        if not timed_out and not results:
            unexpected.append(suite + "/(no results: exit status %d)" % status)

    print()
    print("| suite | passed | failed | skipped | wall time | finished | findings printed |")
    print("|---|---:|---:|---:|---:|---|---|")
    total = {"pass": 0, "fail": 0, "skip": 0}
    wall = 0
    for suite, counts, seconds, finished, _, findings in rows:
        for k in total:
            total[k] += counts[k]
        wall += seconds
        printed = ", ".join("%s %d" % kv for kv in sorted(findings.items())) or "none"
        print("| %s | %d | %d | %d | %d s | %s | %s |" % (
            suite, counts["pass"], counts["fail"], counts["skip"], seconds, finished, printed))
    print("| all | %d | %d | %d | %d s (summed) | | |" % (
        total["pass"], total["fail"], total["skip"], wall))
    print()
    for name in unexpected:
        print("unexpected failure: " + name)
    for name in fixed:
        print("listed in %s but passed: %s" % (os.path.basename(args.known), name))
    if not unexpected and not fixed:
        print("every failure is a known one (%d listed)" % len(known))
    return 1 if unexpected or fixed else 0


if __name__ == "__main__":
    sys.exit(main())
