#!/usr/bin/env python3
"""Checks the C.bin that matmul.json dumps against A·B computed in double.

Run from this folder after `spvsim run matmul.json`. Float sums in a different
order differ in the last bits, so each element may deviate by 1e-5 times the
sum of the magnitudes of its products. Exits 1 if any element is off.
"""
import array
import sys

M, N, K = 64, 32, 48


def read(path, count):
    values = array.array("f")
    with open(path, "rb") as f:
        values.frombytes(f.read())
    if sys.byteorder != "little":
        values.byteswap()
    if len(values) != count:
        sys.exit(f"{path}: {len(values)} floats, expected {count}")
    return values


a, b, c = read("A.bin", M * K), read("B.bin", K * N), read("C.bin", M * N)
worst = 0.0
for row in range(M):
    for col in range(N):
        products = [a[row * K + k] * b[k * N + col] for k in range(K)]
        scale = sum(abs(p) for p in products) or 1.0
        error = abs(c[row * N + col] - sum(products)) / scale
        worst = max(worst, error)
print(f"matmul {M}x{K} * {K}x{N}: largest relative error {worst:.2e}")
sys.exit(0 if worst <= 1e-5 else 1)
