"""PyOpenCL on spvsim, unmodified: kernels from OpenCL C source and from
SPIR-V, pyopencl.array arithmetic and reductions (barriers, __local memory),
fills, maps, events with profiling, and a second run that takes the program
from PyOpenCL's binary cache (clCreateProgramWithBinary).

usage: pyopencl_test.py KERNEL.spv   (the SPIR-V of tests/runtime/kernels/arith.cl)
"""
import os
import sys
import tempfile
import warnings

import numpy as np
import pyopencl as cl
import pyopencl.array as cla


def spvsim_context():
    platforms = [p for p in cl.get_platforms() if p.name == "spvsim"]
    assert platforms, "spvsim's platform is not listed"
    return cl.Context(platforms[0].get_devices())


def from_source(ctx, queue):
    source = """
    __kernel void add(__global const float *a, __global const float *b, __global float *c) {
      int i = get_global_id(0);
      c[i] = a[i] + b[i];
    }"""
    a = np.random.default_rng(1).random(5000, dtype=np.float32)
    b = np.arange(5000, dtype=np.float32)
    mf = cl.mem_flags
    ab = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=a)
    bb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=b)
    cb = cl.Buffer(ctx, mf.WRITE_ONLY, a.nbytes)
    program = cl.Program(ctx, source).build()
    event = program.add(queue, a.shape, None, ab, bb, cb)
    event.wait()
    assert event.profile.end >= event.profile.start > 0
    c = np.empty_like(a)
    cl.enqueue_copy(queue, c, cb)
    assert np.array_equal(c, a + b), "source kernel gave wrong results"


def from_spirv(ctx, queue, path):
    with open(path, "rb") as f:
        il = f.read()
    program = cl.Program(ctx, il).build()
    x = np.linspace(0, 1, 1024, dtype=np.float32)
    y = np.ones(1024, dtype=np.float32)
    xd = cla.to_device(queue, x)
    yd = cla.to_device(queue, y)
    program.axpy(queue, x.shape, None, yd.data, xd.data, np.float32(3))
    assert np.allclose(yd.get(), 3 * x + 1), "SPIR-V kernel gave wrong results"
    assert "axpy" in program.kernel_names


def arrays(queue):
    a = cla.arange(queue, 100000, dtype=np.float32)
    b = cla.zeros(queue, 100000, dtype=np.float32)
    b.fill(2)
    c = (a * b + 1).get()
    assert np.array_equal(c, np.arange(100000, dtype=np.float32) * 2 + 1)
    total = cla.sum(cla.arange(queue, 4096, dtype=np.int32)).get()
    assert total == 4095 * 4096 // 2, total
    assert cla.max(a).get() == 99999
    mapped, _ = cl.enqueue_map_buffer(queue, b.data, cl.map_flags.READ, 0, (100000,), np.float32)
    assert mapped[12345] == 2
    del mapped


def main():
    spirv = sys.argv[1]
    with tempfile.TemporaryDirectory() as cache:
        # A cache of this run's own: the second pass builds from PyOpenCL's stored binaries.
        os.environ["XDG_CACHE_HOME"] = cache
        for run in ("compiled", "cached"):
            ctx = spvsim_context()
            queue = cl.CommandQueue(ctx, properties=cl.command_queue_properties.PROFILING_ENABLE)
            with warnings.catch_warnings():
                warnings.simplefilter("error", cl.CompilerWarning)  # the build log stays empty
                from_source(ctx, queue)
                from_spirv(ctx, queue, spirv)
                arrays(queue)
            print("pyopencl on spvsim:", run, "ok")


if __name__ == "__main__":
    main()
