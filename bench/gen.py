#!/usr/bin/env python3
"""Writes the spvsim run file (NAME.json) and the Oclgrind simulator file
(NAME.sim) of every benchmark kernel, with the same sizes and inputs."""
import json

M = 1 << 20

def buf(t, count, init=None, dump=None):
    b = {"type": t, "count": count}
    if init is not None: b["init"] = init
    if dump: b["dump"] = dump
    return b

# name: (global, local, buffers (ordered), args); args name a buffer, or are
# ("scalar", type, value) or ("local", bytes).
N_MM, N_NB, W_ST, W_MB, N_BS = 256, 2048, 1024, 512, 1 << 14
K = {
 "vecadd": ([M], [256], {"a": buf("float", M, {"range": [0, 1]}),
                         "b": buf("float", M, {"range": [1, 2]}),
                         "c": buf("float", M, None, "vecadd.out")},
            ["a", "b", "c", ("scalar", "uint", M)]),
 "saxpy": ([M], [256], {"x": buf("float", M, {"range": [0, 1]}),
                        "y": buf("float", M, {"fill": 1}, "saxpy.out")},
           [("scalar", "float", 2.0), "x", "y", ("scalar", "uint", M)]),
 "matmul": ([N_MM, N_MM], [16, 16],
            {"A": buf("float", N_MM * N_MM, {"fill": 1}),
             "B": buf("float", N_MM * N_MM, {"fill": 2}),
             "C": buf("float", N_MM * N_MM, None, "matmul.out")},
            ["A", "B", "C", ("scalar", "uint", N_MM)]),
 "matmul_tiled": ([N_MM, N_MM], [16, 16],
            {"A": buf("float", N_MM * N_MM, {"fill": 1}),
             "B": buf("float", N_MM * N_MM, {"fill": 2}),
             "C": buf("float", N_MM * N_MM, None, "matmul_tiled.out")},
            ["A", "B", "C", ("scalar", "uint", N_MM)]),
 "reduce": ([M], [256], {"in": buf("float", M, {"fill": 1}),
                         "partial": buf("float", M // 256, None, "reduce.out")},
            ["in", "partial", ("local", 1024), ("scalar", "uint", M)]),
 "histogram": ([4 * M], [256], {"data": buf("uint", 4 * M, {"range": [0, 1]}),
                            "bins": buf("uint", 256, {"fill": 0}, "histogram.out")},
               ["data", "bins", ("scalar", "uint", 4 * M)]),
 "stencil": ([W_ST, W_ST], [16, 16],
             {"in": buf("float", W_ST * W_ST, {"fill": 1}),
              "out": buf("float", W_ST * W_ST, None, "stencil.out")},
             ["in", "out", ("scalar", "uint", W_ST), ("scalar", "uint", W_ST)]),
 "nbody": ([N_NB], [64], {"pos": buf("float4", N_NB, {"range": [0, 0.25]}),
                          "acc": buf("float4", N_NB, None, "nbody.out")},
           ["pos", "acc", ("scalar", "uint", N_NB), ("scalar", "float", 0.01)]),
 "mandelbrot": ([W_MB, W_MB], [16, 16],
                {"out": buf("uint", W_MB * W_MB, None, "mandelbrot.out")},
                ["out", ("scalar", "uint", W_MB), ("scalar", "uint", W_MB),
                 ("scalar", "uint", 256)]),
 "empty": ([1 << 22], [256], {"out": buf("uint", 1, {"fill": 0})}, ["out"]),
}

SIZES = {"float": 4, "uint": 4, "float4": 16}

def sim_buf(b):
    size = b["count"] * SIZES[b["type"]]
    base = "float" if b["type"].startswith("float") else "uint"
    init = b.get("init")
    s = f"<size={size} {base}"
    if init is None: s += " fill=0"
    elif "fill" in init: s += f" fill={init['fill']}"
    elif "random" in init: s += " fill=0"  # approximation: Oclgrind has no seeded random
    elif "range" in init: s += " range={0}:{1}:{2}".format(init['range'][0], init['range'][1], init['range'][0] + init['range'][1] * (size // 4 - 1))
    if "dump" in b: s += " dump"
    return s + ">"

def write(name, gsz, lsz, bufs, args, launches=None, sim_file=True):
    base = name.split("-")[0]  # NAME-variant shares NAME.cl / NAME.spv
    rf = {"module": f"{base}.spv", "kernel": base, "global_size": gsz,
          "local_size": lsz, "buffers": bufs, "args": []}
    pad = lambda v: " ".join(map(str, list(v) + [1] * (3 - len(v))))
    sim = [f"{base}.cl", base, pad(gsz), pad(lsz), ""]
    for a in args:
        if isinstance(a, str):
            rf["args"].append({"buffer": a})
            sim.append(sim_buf(bufs[a]))
        elif a[0] == "local":
            rf["args"].append({"local": a[1]})
            sim.append(f"<size={a[1]}>")
        else:
            rf["args"].append({"scalar": a[1], "value": a[2]})
            sim.append(f"<size=4 {a[1]}>\n{a[2]}")
    if launches: rf["launches"] = launches
    with open(f"{name}.json", "w") as f: json.dump(rf, f, indent=1); f.write("\n")
    if sim_file:
        with open(f"{name}.sim", "w") as f: f.write("\n".join(sim) + "\n")

for name, (g, l, b, a) in K.items():
    write(name, g, l, b, a)
# The same do-nothing kernel over one work-group: start-up cost alone.
write("empty-tiny", [256], [256], {"out": buf("uint", 1, {"fill": 0})}, ["out"])

# Bitonic sort: one launch per (k, j) step. Oclgrind's .sim runs a single
# launch, so its file runs the first step only and run.sh scales its time.
steps = []
k = 2
while k <= N_BS:
    j = k // 2
    while j >= 1:
        steps.append((j, k)); j //= 2
    k *= 2
launches = [{"args": [{"buffer": "data"}, {"scalar": "uint", "value": j},
                      {"scalar": "uint", "value": k}]} for j, k in steps]
write("bitonic", [N_BS], [256],
      {"data": buf("uint", N_BS, {"random": {"seed": 1, "min": 0, "max": 1000000}},
                   "bitonic.out")},
      ["data", ("scalar", "uint", 1), ("scalar", "uint", 2)], launches)

# Engine runs (engine.sh): 8 times the work of the kernel's run above, launched
# 8 times over the same buffers, so that start-up and buffer set-up are small
# beside the kernel. spvsim's time per launch / 8 compares with Oclgrind's at
# the base size. Work: vecadd, reduce 8x the work-items; matmul_tiled 2x the
# matrix side (8x the products); nbody sqrt(8)x the bodies (8x the pairs);
# mandelbrot 8x the pixels.
N8_NB = 5824  # ~2048 * sqrt(8), a multiple of the group size 64
E = {
 "vecadd": ([8 * M], [256], {"a": buf("float", 8 * M, {"range": [0, 1]}),
                             "b": buf("float", 8 * M, {"range": [1, 2]}),
                             "c": buf("float", 8 * M, None, "vecadd-8x.out")},
            ["a", "b", "c", ("scalar", "uint", 8 * M)]),
 "matmul_tiled": ([2 * N_MM, 2 * N_MM], [16, 16],
                  {"A": buf("float", 4 * N_MM * N_MM, {"fill": 1}),
                   "B": buf("float", 4 * N_MM * N_MM, {"fill": 2}),
                   "C": buf("float", 4 * N_MM * N_MM, None, "matmul_tiled-8x.out")},
                  ["A", "B", "C", ("scalar", "uint", 2 * N_MM)]),
 "reduce": ([8 * M], [256], {"in": buf("float", 8 * M, {"fill": 1}),
                             "partial": buf("float", 8 * M // 256, None, "reduce-8x.out")},
            ["in", "partial", ("local", 1024), ("scalar", "uint", 8 * M)]),
 "nbody": ([N8_NB], [64], {"pos": buf("float4", N8_NB, {"range": [0, 0.25]}),
                           "acc": buf("float4", N8_NB, None, "nbody-8x.out")},
           ["pos", "acc", ("scalar", "uint", N8_NB), ("scalar", "float", 0.01)]),
 "mandelbrot": ([2 * W_MB, 4 * W_MB], [16, 16],
                {"out": buf("uint", 8 * W_MB * W_MB, None, "mandelbrot-8x.out")},
                ["out", ("scalar", "uint", 2 * W_MB), ("scalar", "uint", 4 * W_MB),
                 ("scalar", "uint", 256)]),
}
for name, (g, l, b, a) in E.items():
    write(f"{name}-8x", g, l, b, a, launches=[{}] * 8, sim_file=False)

# Image blur (blur.cl): the same 3x3 Gaussian of a W_BL x W_BL CL_RGBA/CL_FLOAT image
# through a linear sampler (blur), nine nearest-sampler reads (blur_nearest) and nine
# buffer loads (blur_buffer). Oclgrind's .sim files have no image arguments, so these
# have run files only (run.sh compares them with each other).
W_BL = 512
image = lambda access, extra: dict({"type": "image2d_t", "channel_order": "CL_RGBA",
                                    "channel_data_type": "CL_FLOAT", "width": W_BL,
                                    "height": W_BL, "access": access}, **extra)
source = {"init": {"random": {"seed": 1}}}
blur_runs = {
 "blur": {"images": {"src": image("read_only", source),
                     "dst": image("write_only", {"dump": "blur.out"})},
          "args": [{"image": "src"}, {"image": "dst"}]},
 "blur_nearest": {"images": {"src": image("read_only", source)},
                  "buffers": {"dst": buf("float4", W_BL * W_BL, None, "blur_nearest.out")},
                  "args": [{"image": "src"}, {"buffer": "dst"},
                           {"scalar": "uint", "value": W_BL}]},
 "blur_buffer": {"buffers": {"src": buf("float4", W_BL * W_BL,
                                        {"random": {"seed": 1, "min": 0, "max": 1}}),
                             "dst": buf("float4", W_BL * W_BL, None, "blur_buffer.out")},
                 "args": [{"buffer": "src"}, {"buffer": "dst"},
                          {"scalar": "uint", "value": W_BL}, {"scalar": "uint", "value": W_BL}]},
}
for name, keys in blur_runs.items():
    rf = dict({"module": "blur.spv", "kernel": name, "global_size": [W_BL, W_BL],
               "local_size": [16, 16]}, **keys)
    with open(f"{name}.json", "w") as f: json.dump(rf, f, indent=1); f.write("\n")
