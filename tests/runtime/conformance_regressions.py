"""Regressions of what the OpenCL conformance suite found, through PyOpenCL as a
host program sees them: each function builds and runs the smallest program that
showed one bug.

usage: conformance_regressions.py UNSUPPORTED.spv
  (UNSUPPORTED.spv: tests/runtime/kernels/unsupported.spvasm assembled)
"""
import sys

import numpy as np
import pyopencl as cl


def spvsim_context():
    platforms = [p for p in cl.get_platforms() if p.name == "spvsim"]
    assert platforms, "spvsim's platform is not listed"
    return cl.Context(platforms[0].get_devices())


def float_atomics(ctx, queue):
    """atomic_float / atomic_double loads, stores and exchanges (OpenCL C 3.0) build and
    move their values bit for bit (the suite's c11_atomics atomic_store / atomic_load)."""
    source = """
    kernel void k(global atomic_float* p, global float* out, global atomic_double* d,
                  global double* dout) {
      atomic_store(p, 1.0f);
      out[0] = atomic_load(p);
      out[1] = atomic_exchange(p, -0.0f);
      out[2] = atomic_load(p);
      atomic_init(d, 0.1);
      dout[0] = atomic_exchange(d, -7.25);
      dout[1] = atomic_load(d);
    }"""
    program = cl.Program(ctx, source).build(options=["-cl-std=CL3.0"])
    mf = cl.mem_flags
    p = cl.Buffer(ctx, mf.READ_WRITE, 4)
    out = cl.Buffer(ctx, mf.READ_WRITE, 12)
    d = cl.Buffer(ctx, mf.READ_WRITE, 8)
    dout = cl.Buffer(ctx, mf.READ_WRITE, 16)
    program.k(queue, (1,), None, p, out, d, dout)
    o = np.empty(3, np.float32)
    do = np.empty(2, np.float64)
    cl.enqueue_copy(queue, o, out)
    cl.enqueue_copy(queue, do, dout)
    assert o.view(np.uint32).tolist() == [0x3F800000, 0x3F800000, 0x80000000], o
    assert do.tolist() == [0.1, -7.25], do


def duplicated_phi_parents(ctx, queue):
    """An if/else-if chain that clang -O2 makes a switch with two cases on one target
    (OpPhi naming the switch's block twice) builds and runs (the suite's integer_ops
    unary_ops_increment)."""
    source = """
    kernel void k(global const int* in, global int* out) {
      int i = get_global_id(0), x = in[i], r;
      if (x == 0) r = 5;
      else if (x == 2) r = 5;
      else if (x == 7) r = 9;
      else r = x * 3;
      out[i] = r;
    }"""
    program = cl.Program(ctx, source).build()
    x = np.arange(-2, 10, dtype=np.int32)
    mf = cl.mem_flags
    inb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    outb = cl.Buffer(ctx, mf.WRITE_ONLY, x.nbytes)
    program.k(queue, x.shape, None, inb, outb)
    out = np.empty_like(x)
    cl.enqueue_copy(queue, out, outb)
    expected = [5 if v in (0, 2) else 9 if v == 7 else 3 * v for v in x]
    assert out.tolist() == expected, out


def program_scope_pointer(ctx, queue):
    """A program-scope pointer initialised with another variable's address runs, keeps
    its value across launches, and CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE counts both
    variables (the suite's basic progvar_prog_scope_init)."""
    source = """
    global int a_var[4] = {1, 2, 3, 4};
    volatile global int* p_var = &a_var[1];
    kernel void k(global int* out) {
      out[0] = *p_var;
      out[1] = p_var[1];
      p_var = &a_var[2];
    }"""
    program = cl.Program(ctx, source).build(options=["-cl-std=CL3.0"])
    device = ctx.devices[0]
    total = program.get_build_info(device, cl.program_build_info.GLOBAL_VARIABLE_TOTAL_SIZE)
    assert total == 16 + 8, total
    out = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 8)
    result = np.empty(2, np.int32)
    for expected in ([2, 3], [3, 4]):
        cl.enqueue_fill_buffer(queue, out, np.int32(-1), 0, 8)
        program.k(queue, (1,), None, out)
        cl.enqueue_copy(queue, result, out)
        assert result.tolist() == expected, result


def unsupported_kernel(ctx, path):
    """A kernel spvsim cannot run fails clBuildProgram with a log saying why; it is never
    enqueued with success and left to do nothing (the suite's stale outputs)."""
    with open(path, "rb") as f:
        il = f.read()
    try:
        cl.Program(ctx, il).build()
    except cl.RuntimeError as e:
        assert e.code == cl.status_code.BUILD_PROGRAM_FAILURE, e.code
        assert "kernel 'flag' cannot run on spvsim" in str(e), str(e)
        assert "bool values" in str(e), str(e)
    else:
        raise AssertionError("a kernel spvsim cannot run was built")


def global_variable_limit(ctx, queue):
    """CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE is 64 MiB, not the largest allocation: a program
    with an array of that size builds and runs (the suite's progvar_prog_scope_misc), one
    byte more fails to build with a log that says so."""
    device = ctx.devices[0]
    limit = device.get_info(cl.device_info.MAX_GLOBAL_VARIABLE_SIZE)
    assert limit == 64 << 20, limit
    assert device.get_info(cl.device_info.GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE) == limit
    source = """
    global uchar var[%d];
    kernel void k(global uint* out) {
      size_t last = sizeof(var) - 1;
      var[last] = 5;
      out[0] = var[0] + var[last];
    }"""
    program = cl.Program(ctx, source % limit).build(options=["-cl-std=CL3.0"])
    total = program.get_build_info(device, cl.program_build_info.GLOBAL_VARIABLE_TOTAL_SIZE)
    assert total == limit, total
    out = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 4)
    program.k(queue, (1,), None, out)
    result = np.empty(1, np.uint32)
    cl.enqueue_copy(queue, result, out)
    assert result[0] == 5, result
    try:
        cl.Program(ctx, source % (limit + 1)).build(options=["-cl-std=CL3.0"])
    except cl.RuntimeError as e:
        assert e.code == cl.status_code.BUILD_PROGRAM_FAILURE, e.code
        assert "program-scope variable 'var' takes %d bytes, more than " \
            "CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE (%d)" % (limit + 1, limit) in str(e), str(e)
    else:
        raise AssertionError("a variable beyond CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE was built")


def main():
    ctx = spvsim_context()
    queue = cl.CommandQueue(ctx)
    tests = [float_atomics, duplicated_phi_parents, program_scope_pointer,
             global_variable_limit]
    for test in tests:
        test(ctx, queue)
        print(test.__name__, "ok")
    unsupported_kernel(ctx, sys.argv[1])
    print("unsupported_kernel ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
