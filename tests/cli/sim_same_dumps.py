#!/usr/bin/env python3
"""Runs a .sim file and the equivalent run file with spvsim and checks that they dump the
same values: the .sim in oclgrind-kernel's format (`  name[i] = v`), the run file in
spvsim's (`name: type[count]`, then `  i: a, b, ...`).
usage: sim_same_dumps.py SPVSIM FILE.sim FILE.json"""
import re
import subprocess
import sys

spvsim, sim, run_file = sys.argv[1:4]

def run(path):
    p = subprocess.run([spvsim, "run", path], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("%s: exit status %d\n%s" % (path, p.returncode, p.stderr))
    return p.stdout

def oclgrind_values(text):
    values = {}
    for name, value in re.findall(r"^  (\w+)\[\d+\] = (.*)$", text, re.M):
        values.setdefault(name, []).append(float(value))
    return values

def spvsim_values(text):
    values, name = {}, None
    for line in text.splitlines():
        header = re.match(r"^(\w+): \w+\[\d+\]$", line)
        if header:
            name = header.group(1)
            values[name] = []
        elif name and re.match(r"^ +\d+: ", line):
            values[name] += [float(v) for v in line.split(": ", 1)[1].split(", ")]
    return values

got, expected = oclgrind_values(run(sim)), spvsim_values(run(run_file))
if not got or got != expected:
    sys.exit("the dumps differ:\n  %s: %s\n  %s: %s" % (sim, got, run_file, expected))
print("same dumps: %s" % ", ".join("%s[%d]" % (k, len(v)) for k, v in sorted(got.items())))
