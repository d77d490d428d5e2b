#!/usr/bin/env python3
"""Runs every example of docs/run-files.md as written.

The complete run files run as they are; a fragment (a key or two of a run file) runs
inside the smallest run file that gives it what it names (its kernel, its other
buffers), and the shell example runs its commands. The kernels and input files the
examples name are written next to them. Prints one line per example and "all N
examples ran clean"; exits 1 when one does not run or reports a finding.

usage: run_file_doc_examples.py SPVSIM DOCS_RUN_FILES_MD VECADD_CL WORK_DIR
"""
import json
import os
import re
import shlex
import shutil
import struct
import subprocess
import sys

spvsim, doc, vecadd_cl, work = [os.path.abspath(a) for a in sys.argv[1:5]]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(os.path.join(work, "include"))


def write(name, text, mode="w"):
    with open(os.path.join(work, name), mode) as f:
        f.write(text)


shutil.copy(vecadd_cl, os.path.join(work, "vecadd.cl"))
write("b.bin", struct.pack("<1024f", *range(1024)), "wb")
write("hist.expected.bin", struct.pack("<4I", 0, 1, 2, 3), "wb")
write("conv.cl", """#ifndef RADIUS
#define RADIUS 1
#endif
__kernel void conv(__global const float *in, __global float *out) {
  int n = get_global_size(0) * get_global_size(1);
  int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  float s = 0.0f;
  for (int r = -RADIUS; r <= RADIUS; ++r) s += in[clamp(i + r, 0, n - 1)];
  out[i] = s;
}
""")
write("kernels.cl", """
__kernel void scale4(__global const float4 *in, __global int *out) {
  size_t i = get_global_id(0);
  out[i] = (int)(in[i].x * 10.0f);
}
__kernel void image_hist(__global float *img, __global uint *hist) {
  size_t i = get_global_id(0);
  for (size_t j = i; j < 262144; j += get_global_size(0)) img[j] = (float)j;
  hist[i] = (uint)(i % 98);
}
__kernel void saxpy_hist(float a, __global const float *x, __global float *y,
                         __global uint *hist) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
  if (i < 4) hist[i] = (uint)i;
}
__kernel void blur_rows(__global const float *in, __global float *tmp) {
  size_t i = get_global_id(0);
  tmp[i] = in[i] * 0.5f;
}
__kernel void blur_columns(__global const float *tmp, __global float *out) {
  size_t i = get_global_id(0);
  out[i] = tmp[i] * 2.0f;
}
""")

VECADD_REST = """"module": "vecadd.cl", "kernel": "vecadd", "global_size": ["N"],
  "buffers": {"a": {"type": "float", "count": "N", "init": {"fill": 1}},
              "b": {"type": "float", "count": "N", "init": {"fill": 2}},
              "c": {"type": "float", "count": "N"}},
  "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"scalar": "uint", "value": "N"}]"""

# The run file a fragment runs in, by the first key it gives.
CONTEXTS = {
    '"vars"': lambda f: "{%s,\n  \"local_size\": [\"TILE\"], %s}" % (f, VECADD_REST),
    '"buffers"': lambda f: """{"module": "kernels.cl", "kernel": "scale4", "global_size": [256],
  %s,
  "args": [{"buffer": "in"}, {"buffer": "out"}]}""" % f,
    '"img"': lambda f: """{"module": "kernels.cl", "kernel": "image_hist", "global_size": [65536],
  "buffers": {%s},
  "args": [{"buffer": "img"}, {"buffer": "hist"}]}""" % f,
    '"y"': lambda f: """{"vars": {"N": 64}, "module": "kernels.cl", "kernel": "saxpy_hist",
  "global_size": ["N"],
  "buffers": {"x": {"type": "float", "count": "N", "init": {"range": [0, 1]}},
  %s},
  "args": [{"scalar": "float", "value": 2}, {"buffer": "x"}, {"buffer": "y"}, {"buffer": "hist"}]}""" % f,
    '"launches"': lambda f: """{"module": "kernels.cl", "kernel": "blur_rows", "global_size": [64],
  "buffers": {"in": {"type": "float", "count": 64, "init": {"range": [0, 1]}},
              "tmp": {"type": "float", "count": 64}, "out": {"type": "float", "count": 64, "dump": true}},
  "args": [{"buffer": "in"}, {"buffer": "tmp"}],
  %s}""" % f,
}
# A run file that ends in "..." runs with the rest of a conv run.
CONV_REST = """"kernel": "conv", "global_size": [64],
  "buffers": {"in": {"type": "float", "count": 64, "init": {"range": [0, 1]}},
              "out": {"type": "float", "count": 64, "dump": true}},
  "args": [{"buffer": "in"}, {"buffer": "out"}]}"""

text = open(doc).read()
blocks = re.findall(r"^```(json|jsonc|sh)\n(.*?)^```", text, re.S | re.M)
env = dict(os.environ)
failed = 0
count = 0


def run(args, label):
    global failed
    result = subprocess.run([spvsim] + args, cwd=work, env=env, capture_output=True, text=True)
    bad = result.returncode != 0 or "error[" in result.stderr or "warning[" in result.stderr
    print(("FAILED " if bad else "ran ") + label)
    if bad:
        failed += 1
        print(result.stderr[-2000:])


for language, body in blocks:
    count += 1
    label = "example %d (%s): %s" % (count, language, body.strip().splitlines()[0][:60])
    if language == "sh":
        for line in body.splitlines():
            command = line.split("#")[0].strip()
            if command:
                words = shlex.split(command)
                assert words[0] == "spvsim", command
                run(words[1:] + (["--force"] if words[1] == "init" else []), command)
        continue
    stripped = re.sub(r"//[^\n]*", "", body).strip()
    if stripped.startswith("{"):
        run_file = stripped.replace(", ...}", ",\n  " + CONV_REST)
    else:
        key = stripped.split(":")[0].strip()
        run_file = CONTEXTS[key](body.rstrip().rstrip(","))
        # Comments stay: a fragment runs as JSONC, as the page shows it.
    name = "example%d.json" % count
    write(name, run_file)
    run(["run", "--quiet", name], label)
    if '"N"' in run_file and '"vars"' in run_file and "--set" in text and count == 2:
        run(["run", "--quiet", "--set", "N=4096", name], label + " with --set N=4096")

print("all %d examples ran clean" % count if not failed else "%d failed" % failed)
sys.exit(1 if failed else 0)
