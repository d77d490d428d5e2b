#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_printf (see fuzz_printf.cpp for the input
layout: format, NUL, then per argument a descriptor byte and 8 bytes per
component)."""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
INT, FLOAT, POINTER = 0, 1, 2
WIDTHS = {1: 0, 2: 1, 4: 2, 8: 3}
COMPONENTS = {1: 0, 2: 1, 3: 2, 4: 3, 8: 4, 16: 5}


def arg(kind, size, values):
    d = kind | WIDTHS[size] << 2 | COMPONENTS[len(values)] << 4
    out = bytes([d])
    for v in values:
        if kind == FLOAT and size == 8:
            out += struct.pack("<d", v)
        elif kind == FLOAT and size == 4:
            out += struct.pack("<f", v) + bytes(4)
        else:
            out += struct.pack("<Q", v & (2**64 - 1))
    return out


SEEDS = {
    "ints": (b"%d %i %u %o %x %X %c|%5d|%-5d|%05d|%+d|% d\n",
             [arg(INT, 4, [v]) for v in (-7, 42, 3000000000, 8, 255, 255, 65, 1, 2, 3, 4, 5)]),
    "lengths": (b"%hhd %hd %ld %lu %lx\n",
                [arg(INT, 1, [200]), arg(INT, 2, [-3]), arg(INT, 8, [-1]), arg(INT, 8, [2**63]),
                 arg(INT, 8, [0xdeadbeef])]),
    "floats": (b"%f %e %g %a %F %E %G %A %.3f %10.4e %#g\n",
               [arg(FLOAT, 8, [v]) for v in (1.5, -2.25e-300, 1e300, 0.1, float("inf"),
                                             float("nan"), 3.0, -0.0, 3.14159, 1e-7, 100.0)]),
    "vectors": (b"%v4hld %v2f %v3hlf %v8hhu %v16x\n",
                [arg(INT, 4, [1, 2, 3, 4]), arg(FLOAT, 8, [0.5, 1.5]),
                 arg(FLOAT, 4, [1.0, 2.0, 3.0]), arg(INT, 1, list(range(8))),
                 arg(INT, 4, list(range(16)))]),
    "strings": (b"%s|%10s|%.2s|%p|%%\n", [arg(POINTER, 8, [v]) for v in (1, 2, 3, 0x1234)]),
    # Halves are given as their bits.
    "halves": (b"%v2hf %hf\n", [arg(FLOAT, 2, [0x3c00, 0x4000]), arg(FLOAT, 2, [0x7c00])]),
    "bad": (b"%*d %v4d %hd %lf %", [arg(INT, 4, [1])]),
}

for name, (fmt, args) in SEEDS.items():
    with open(os.path.join(HERE, "corpus", "printf", name), "wb") as f:
        f.write(fmt + b"\0" + b"".join(args))
