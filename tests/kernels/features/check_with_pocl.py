#!/usr/bin/python3
"""Runs feature kernels on PoCL and compares their buffers with <name>.expected.

Usage: check_with_pocl.py [NAME...]   (default: every features/*.json)

The expected files are spvsim's output; this check is what makes them a
reference: an independent OpenCL implementation (PoCL, through Debian's
python3-pyopencl) runs the same OpenCL C source on the same inputs. Integers
must match exactly; floating-point values within a few ulp, or of 1 for
results near 0 (the math functions of two implementations may round
differently within the bounds of the OpenCL SPIR-V environment §6.6).
printf output is not compared (PoCL prints it as it runs).
"""
import json
import math
import os
import pathlib
import re
import sys

import numpy as np
import pyopencl as cl

HERE = pathlib.Path(__file__).resolve().parent
CL20 = {"generic_pointers", "program_globals", "work_group_functions", "c11_atomics"}
SCALARS = {"char": np.int8, "uchar": np.uint8, "short": np.int16, "ushort": np.uint16,
           "int": np.int32, "uint": np.uint32, "long": np.int64, "ulong": np.uint64,
           "half": np.float16, "float": np.float32, "double": np.float64}
FLOAT_ULPS = 4
# The platform to compare with (a part of its name); `oclgrind check_with_pocl.py` with
# REFERENCE_PLATFORM=Oclgrind compares with Oclgrind instead.
PLATFORM = os.environ.get("REFERENCE_PLATFORM", "Portable")


def element_type(name):
    m = re.fullmatch(r"([a-z]+?)(2|3|4|8|16)?", name)
    width = int(m.group(2) or 1)
    return SCALARS[m.group(1)], width, 4 if width == 3 else width


def number(v):
    if isinstance(v, str):
        if v.startswith("0x"):
            return int(v, 16)
        return float(v)
    return v


def initial(buf):
    scalar, width, slots = element_type(buf["type"])
    count = buf["count"]
    data = np.zeros(count * slots, dtype=scalar)
    init = buf.get("init")
    if init is None:
        return data
    comps = data.reshape(count, slots)[:, :width]
    if "fill" in init:
        comps[:] = number(init["fill"])
    elif "range" in init:
        start, step = init["range"]
        comps.flat[:] = [start + k * step for k in range(count * width)]
    elif "values" in init:
        values = [number(v) for v in init["values"]]
        comps.flat[:] = np.array(values, dtype=np.float64 if scalar in (
            np.float16, np.float32, np.float64) else object).astype(scalar)
    else:
        raise SystemExit(f"unsupported init {init}")
    return data


def scalar_arg(arg):
    scalar, width, slots = element_type(arg["scalar"])
    values = arg["value"] if isinstance(arg["value"], list) else [arg["value"]]
    values = [number(v) for v in values] + [0] * (slots - width)
    if scalar in (np.float16, np.float32, np.float64):
        return np.array(values, dtype=scalar)
    return np.array([int(v) & ((1 << (8 * np.dtype(scalar).itemsize)) - 1) for v in values],
                    dtype=np.dtype(scalar).newbyteorder("=").str.replace("i", "u"))


def run_on_pocl(name):
    spec = json.loads((HERE / f"{name}.json").read_text())
    platform = next(p for p in cl.get_platforms() if PLATFORM in p.name)
    ctx = cl.Context(platform.get_devices())
    queue = cl.CommandQueue(ctx)
    std = "CL2.0" if name in CL20 else "CL1.2"
    program = cl.Program(ctx, (HERE / f"{name}.cl").read_text()).build(
        options=[f"-cl-std={std}"])
    host = {b: initial(buf) for b, buf in spec["buffers"].items()}
    dev = {b: cl.Buffer(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, hostbuf=d)
           for b, d in host.items()}
    launches = spec.get("launches") or [{}]
    for launch in launches:
        kernel_name = launch.get("kernel", spec.get("kernel"))
        args = launch.get("args", spec.get("args"))
        global_size = launch.get("global_size", spec.get("global_size"))
        local_size = launch.get("local_size", spec.get("local_size"))
        kernel = getattr(program, kernel_name)
        values = []
        for arg in args:
            if "buffer" in arg:
                values.append(dev[arg["buffer"]])
            elif "local" in arg:
                values.append(cl.LocalMemory(arg["local"]))
            elif "scalar" in arg:
                values.append(scalar_arg(arg))
            elif "struct" in arg:
                values.append(np.frombuffer(bytes.fromhex(arg["struct"]), dtype=np.uint8))
            else:
                values.append(None)
        kernel.set_args(*values)
        cl.enqueue_nd_range_kernel(queue, kernel, global_size, local_size)
    for b in host:
        cl.enqueue_copy(queue, host[b], dev[b])
    queue.finish()
    return spec, host


def expected_buffers(name):
    """Buffer name -> list of component strings, from spvsim's text dump."""
    buffers, current = {}, None
    for line in (HERE / f"{name}.expected").read_text().splitlines():
        header = re.fullmatch(r"(\w+): (\w+)\[(\d+)\]", line)
        if header:
            current = buffers.setdefault(header.group(1), [])
            continue
        body = re.fullmatch(r"\s+\d+: (.*)", line)
        if body and current is not None:
            current.extend(t for t in re.split(r"[(), ]+", body.group(1)) if t)
    return buffers


def ulps(a, b, dtype):
    if math.isnan(a) and math.isnan(b):
        return 0
    if a == b:
        return 0
    if math.isinf(a) or math.isinf(b) or math.isnan(a) or math.isnan(b):
        return math.inf
    bits = {np.float16: np.int16, np.float32: np.int32, np.float64: np.int64}[dtype]
    ia = int(np.array(a, dtype=dtype).view(bits))
    ib = int(np.array(b, dtype=dtype).view(bits))
    ia = ia if ia >= 0 else -(ia & ((1 << (8 * np.dtype(bits).itemsize - 1)) - 1))
    ib = ib if ib >= 0 else -(ib & ((1 << (8 * np.dtype(bits).itemsize - 1)) - 1))
    return abs(ia - ib)


def check(name):
    try:
        spec, host = run_on_pocl(name)
    except cl.Error as e:
        print(f"{name}: PoCL cannot run it: {str(e).splitlines()[0]}")
        return 0
    problems = 0
    for b, texts in expected_buffers(name).items():
        scalar, width, slots = element_type(spec["buffers"][b]["type"])
        got = host[b].reshape(-1, slots)[:, :width].flatten()
        if len(got) != len(texts):
            print(f"{name}: {b}: {len(got)} components from PoCL, {len(texts)} expected")
            problems += 1
            continue
        for k, (g, t) in enumerate(zip(got, texts)):
            if scalar in (np.float16, np.float32, np.float64):
                e = float(t.replace("-nan", "nan"))
                # Within a few ulp, or (results of cancellation near 0) within a few
                # ulp of 1.
                near = abs(float(g) - e) <= FLOAT_ULPS * float(np.finfo(scalar).eps)
                if ulps(float(g), e, scalar) > FLOAT_ULPS and not near:
                    print(f"{name}: {b}[{k}]: PoCL {g!r}, spvsim {t}")
                    problems += 1
            elif int(g) != int(t):
                print(f"{name}: {b}[{k}]: PoCL {int(g)}, spvsim {t}")
                problems += 1
    print(f"{name}: {'ok' if problems == 0 else f'{problems} differences'}")
    return problems


def main(names):
    names = names or sorted(p.stem for p in HERE.glob("*.json"))
    return 1 if sum(check(n) for n in names) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
