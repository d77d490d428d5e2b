#!/usr/bin/env python3
"""The results narrow_aggregates, narrow_arith, narrow_bitfields, narrow_phis, narrow_rotate,
wide_arith, wide_memory, wide_division and wide_vectors must give, computed on the host from their run files' inputs
as the C code says, compared with an `spvsim run` output:
    narrow_model.py narrow_arith.json narrow_arith.expected
prints OK, or the first differences and exits 1."""
import json
import re
import sys


def sign_extend(value, bits):
    return value - (1 << bits) if value & (1 << (bits - 1)) else value


def wrapped(value, bits, signed):
    """`value` as an integer of `bits` bits (C's conversion to _BitInt(bits))."""
    value &= (1 << bits) - 1
    return sign_extend(value, bits) if signed else value


def narrow_aggregates(buffers):
    out = []
    for i, x in enumerate(buffers["in"]["init"]["values"]):
        a, m, k, u = [-21, 5], -21, 3, [1, 2, 16777215]
        w, n = [7, 9], [[-1, 2], [-3, 4]]
        a[i & 1] = wrapped(a[i & 1] + wrapped(x, 37, True), 37, True)
        m = wrapped(m * wrapped(x, 37, True), 37, True)
        u[i % 3] = wrapped(u[i % 3] + wrapped(x, 24, False), 24, False)
        w[i & 1] = wrapped(wrapped(w[i & 1] * (x & (1 << 64) - 1), 96, False) << 40, 96, False)
        n[i & 1][1] = wrapped(n[i & 1][1] - wrapped(wrapped(x, 72, True) << 20, 72, True), 72, True)
        out += [a[0], a[1], m, k] + u
        out += [wrapped((v >> 40) ^ (v >> 90), 64, True) for v in w]
        out += [wrapped(n[0][1] >> 8, 64, True), wrapped(n[1][1] >> 8, 64, True)]
        out += [wrapped(n[i & 1][0] + n[1][0], 72, True)]
    return {"out": out}


def narrow_arith(buffers):
    out = []
    for v in buffers["in"]["init"]["values"]:
        n = v & 0x3FF
        s = sum(range(n)) & 0xFFFFFFFF
        m, t = (v >> 5) & 0x1FF, 0
        for k in range(m):
            t = (t + k * 3) & 0xFFFF  # ushort arithmetic
        q = (v >> 12) & 0x3FF
        sq = sum(k * k for k in range(q)) & 0xFFFFFFFF
        choice = {0: 1, 7: 9, 12: 5, 30: 6, 31: 4}.get((v >> 3) & 0x1F, 0)
        field = sign_extend((v >> 12) & 0xFFF, 12)
        kind = 1 if field < -1000 else (2 if field > 1000 else 3)
        out += [s, t, sq, choice, kind, ((field >> 3) & 0xFFFFFFFF) ^ (v >> 24)]
    return {"out": out}


def narrow_bitfields(buffers):
    def int32(v):
        v &= 0xFFFFFFFF
        return v - (1 << 32) if v >> 31 else v

    s24, s40, out, lout = [], [], [], []
    for w in buffers["s24"]["init"]["values"]:
        a, b, c = w & 0x3FF, sign_extend((w >> 10) & 0x3FFF, 14), w >> 24
        out += [int32(a + b * 2 + c), 1 if b < -1000 else 0]
        a, b = (a + 1000) & 0x3FF, (-b) & 0x3FFF  # wraparound on 10 and 14 bits
        s24.append((w & 0xFF000000) | (b << 10) | a)  # c untouched
    for w in buffers["s40"]["init"]["values"]:
        a, b = w & 0xFFFFF, sign_extend((w >> 20) & 0xFFFFF, 20)
        lout.append(a * 3 + b)
        b, a = (b >> 2) & 0xFFFFF, (a * 7) & 0xFFFFF
        s40.append((w & ~((1 << 40) - 1)) | (b << 20) | a)  # bytes 5 to 7 untouched
    return {"s24": s24, "s40": s40, "out": out, "lout": lout}


def narrow_phis(buffers, n):
    s, out = [], []
    for i, w in enumerate(buffers["s"]["init"]["values"]):
        a, b = w & 0x3FF, sign_extend((w >> 10) & 0x3FFF, 14)
        for _ in range(n):  # wraparound on 10 and 14 bits at each step
            a, b = (a + 300) & 0x3FF, sign_extend((b - 3000) & 0x3FFF, 14)
        if i & 1:
            b = 5
        s.append((w & 0xFF000000) | ((b & 0x3FFF) << 10) | a)
        out.append(b)
    return {"s": s, "out": out}


def narrow_rotate(buffers):
    mask24 = (1 << 24) - 1
    words = buffers["in"]["init"]["values"]
    out = []
    for i in range(16):
        x, y, n = words[i] & mask24, words[(i + 1) % 16] & mask24, words[(i + 7) % 16] % 24
        out += [((x << 5) | (x >> 19)) & mask24, ((x >> 7) | (x << 17)) & mask24,
                ((x << n) | (y >> (24 - n))) & mask24 if n else x,
                ((y >> n) | (x << (24 - n))) & mask24 if n else y]
    return {"out": out}


def wide_arith(buffers):
    mask64 = (1 << 64) - 1
    out = []
    for v in buffers["in"]["init"]["values"]:
        s7 = sum(k**7 for k in range(v & 0x7FF)) & mask64
        m = (v >> 11) & 0x7FF
        sq, cu = sum(k * k for k in range(m)), sum(k**3 for k in range(m))
        a, b = (v >> 22) & 0x3FF, -((v >> 32) & 0x3FF)
        t = sum(k**5 for k in range(b, a)) & mask64
        base = v >> 42
        u = sum((base + k) ** 3 for k in range(v & 0x3FF)) & mask64
        w = sign_extend((v >> 13) & 0xFFFFFFFF, 32)  # (int)(v >> 13)
        popcount = bin(w & ((1 << 128) - 1)).count("1")  # of a 128-bit long long
        clz = 128 - (v | 1).bit_length()  # of a 128-bit long long holding a ulong
        ctz = ((v | (1 << 63)) & -(v | (1 << 63))).bit_length() - 1
        out += [s7, (sq ^ (cu << 1)) & mask64, t, u, popcount | clz << 16 | ctz << 32]
        # long long: 128 bits, wraparound modulo 2^128, two's complement.
        values = buffers["in"]["init"]["values"]
        i = len(out) // 10
        x, y = values[(i + 1) % 16], values[(i + 5) % 16]
        mask128 = (1 << 128) - 1
        p = v * x
        q = sign_extend(x, 64) * sign_extend(y, 64) - v
        left, right = (p << (x & 127)) & mask128, p >> (v & 127)
        shifted = q >> (y & 127)
        flags = ((p < (q & mask128)) | (q < 0) << 1 | (q > sign_extend(p, 128)) << 2 | ((q & mask128) >= p) << 3 |
                 (q <= -x) << 4 | 1 << 5 | ((p >> 64) != (p >> 65)) << 6)
        total, square = (p + q) & mask128, (p * p) & mask128
        out += [p >> 64, (right ^ left ^ (left >> 64)) & mask64, (shifted ^ (shifted >> 64)) & mask64,
                flags, ((total >> 64) ^ (square >> 64) ^ (((p - q) & mask128) >> 70)) & mask64]
    return {"out": out}


def wide_memory(buffers):
    mask64, mask128 = (1 << 64) - 1, (1 << 128) - 1
    table = [0x9E3779B97F4A7C15, 0x0123456789ABCDEF, 3, mask64, 0xD1B54A32D192ED03, 1, 1 << 63, mask64 >> 1]
    words = buffers["in"]["init"]["values"]
    x = [words[2 * i] | words[2 * i + 1] << 64 for i in range(16)]
    c = [table[2 * (i % 4)] | table[2 * (i % 4) + 1] << 64 for i in range(16)]
    scratch = [(x[i] * c[i] + c[i]) & mask128 for i in range(16)]
    out, out96, mask96 = [], [], (1 << 96) - 1
    for i in range(16):  # the neighbour within the work-group of 8: i ^ 1
        value = scratch[i ^ 1] ^ (x[i] >> 7)
        out += [value & mask64, value >> 64]
        z = (x[i] & mask96) * 5 + (scratch[i ^ 1] & mask96)
        out96 += [(z >> shift) & 0xFFFFFFFF for shift in (0, 32, 64)] + [0]  # never written
    return {"out": out, "out96": out96}


def wide_division(buffers):
    mask64, mask96, mask128 = (1 << 64) - 1, (1 << 96) - 1, (1 << 128) - 1

    def truncating(a, b):  # C's division: towards zero
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q

    words = buffers["in"]["init"]["values"]
    out = []
    for i in range(16):
        a = words[2 * i] | words[2 * i + 1] << 64
        j = (i + 3) % 16
        b = (words[2 * j] | words[2 * j + 1] << 64) >> (words[i] & 127) or 7
        sa, sb = sign_extend(a, 128), sign_extend(b, 128)
        sq = truncating(sa, sb)
        sr = sa - sq * sb
        x, y = a & mask96, b & mask96
        z, w = sign_extend(a & mask96, 96), sign_extend((b | 1) & mask96, 96)
        ux = x // y if y else 0
        sz = (z - truncating(z, w) * w) & mask96
        q, r, sq, sr = a // b, a % b, sq & mask128, sr & mask128
        out += [q & mask64, q >> 64, r & mask64, r >> 64, sq & mask64, sq >> 64, sr & mask64, sr >> 64,
                ux & mask64, ux >> 64, sz & mask64, sz >> 64]
    return {"out": out}


def wide_vectors(buffers):
    mask64, mask72, mask96 = (1 << 64) - 1, (1 << 72) - 1, (1 << 96) - 1
    words = buffers["in"]["init"]["values"]
    out = []
    for i in range(8):
        x = words[i:i + 4]
        a = [((x[0] << 40) + x[2]) & mask96, (x[1] * 3 + x[3]) & mask96]
        b = [a[1], (x[0] * x[1]) & mask96, ~x[2] & mask96]
        b[2] = (b[2] - b[0]) & mask96
        b[0], b[1] = b[1] >> 7, b[0] >> 7
        c = [sign_extend(v & mask72, 72) for v in (-x[0], x[1], x[2] << 9, 7)]
        c = [sign_extend((c[k] * c[3 - k]) & mask72, 72) for k in range(4)]
        out += [((a[0] >> 32) ^ a[1]) & mask64, ((b[0] >> 32) + (b[1] >> 64)) & mask64,
                ((b[2] >> 20) ^ b[2]) & mask64,
                ((c[0] >> 8) + (c[1] >> 3) + c[2] + (1 if c[3] < 0 else 0)) & mask64]
    return {"out": out}


def dumps(text):
    found, current = {}, None
    for line in text.splitlines():
        header = re.match(r"^(\w+): \w+\[\d+\]", line)
        if header:
            current = found.setdefault(header.group(1), [])
            continue
        row = re.match(r"^\s*\d+: (.*)$", line)
        if row and current is not None:
            current += [int(v) for v in row.group(1).split(",")]
    return found


def main():
    run = json.load(open(sys.argv[1]))
    if run["kernel"] == "narrow_phis":
        expected = narrow_phis(run["buffers"], run["args"][2]["value"])
    else:
        model = {"narrow_aggregates": narrow_aggregates, "narrow_arith": narrow_arith, "narrow_bitfields": narrow_bitfields,
                 "narrow_rotate": narrow_rotate, "wide_arith": wide_arith, "wide_memory": wide_memory,
                 "wide_division": wide_division, "wide_vectors": wide_vectors}[run["kernel"]]
        expected = model(run["buffers"])
    got = dumps(open(sys.argv[2]).read())
    ok = True
    for name, values in expected.items():
        if got.get(name) != values:
            ok = False
            wrong = [i for i, v in enumerate(values) if i >= len(got.get(name, [])) or got[name][i] != v]
            print(f"{name}: differs at {wrong[:8]}")
    print("OK" if ok else "MISMATCH")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
