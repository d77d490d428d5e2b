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


def read_only_buffer_write(ctx, queue):
    """A kernel's write to a CL_MEM_READ_ONLY buffer is performed, as on every other
    implementation, and reported (the suite's spirv_new decorate_fp_rounding_mode_*
    write their results to a buffer created read-only)."""
    program = cl.Program(ctx, """
    kernel void k(global int* out) { out[get_global_id(0)] = 7 * get_global_id(0); }
    """).build()
    out = cl.Buffer(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR,
                    hostbuf=np.full(8, -1, np.int32))
    program.k(queue, (8,), None, out)
    result = np.empty(8, np.int32)
    cl.enqueue_copy(queue, result, out)
    assert result.tolist() == [7 * i for i in range(8)], result


def subgroup_extended_types(ctx, queue):
    """What the device advertises for sub-groups runs (the suite's subgroups tests):
    cl_khr_subgroup_extended_types (8- and 16-bit integers, half, vectors),
    cl_khr_subgroup_clustered_reduce with the cluster size that clang -O2 makes a
    kernel argument, and cl_khr_subgroup_ballot's get_sub_group_*_mask."""
    source = """
    #pragma OPENCL EXTENSION cl_khr_fp16 : enable
    kernel void k(global const uchar* in, global uint* ids, global uchar* uadd,
                  global short* smax, global half* hadd, global uint* bcast,
                  global uint4* ge, global int* clustered, uint cluster) {
      int i = get_global_id(0);
      uchar v = in[i];
      ids[2 * i] = get_sub_group_id();
      ids[2 * i + 1] = get_sub_group_local_id();
      uadd[i] = sub_group_reduce_add(v);
      smax[i] = sub_group_scan_inclusive_max((short)(100 - v));
      hadd[i] = sub_group_reduce_add((half)v);
      vstore3(sub_group_broadcast((uint3)(v, v + 1, v + 2), 1), i, bcast);
      ge[i] = get_sub_group_ge_mask();
      int r = 0;
      switch (cluster) {
      case 2: r = sub_group_clustered_reduce_add((int)v, 2); break;
      case 4: r = sub_group_clustered_reduce_add((int)v, 4); break;
      }
      clustered[i] = r;
    }"""
    program = cl.Program(ctx, source).build(options=["-cl-std=CL3.0"])
    n = 64
    mf = cl.mem_flags
    values = (np.arange(n, dtype=np.uint8) * 37) % 251
    inb = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=values)
    outs = {"ids": (np.uint32, 2 * n), "uadd": (np.uint8, n), "smax": (np.int16, n),
            "hadd": (np.float16, n), "bcast": (np.uint32, 3 * n), "ge": (np.uint32, 4 * n),
            "clustered": (np.int32, n)}
    bufs = {k: cl.Buffer(ctx, mf.READ_WRITE, np.dtype(t).itemsize * c)
            for k, (t, c) in outs.items()}
    order = ["ids", "uadd", "smax", "hadd", "bcast", "ge", "clustered"]
    program.k(queue, (n,), (n,), inb, *[bufs[k] for k in order], np.uint32(4))
    got = {}
    for k, (t, c) in outs.items():
        got[k] = np.empty(c, t)
        cl.enqueue_copy(queue, got[k], bufs[k])
    ids = got["ids"].reshape(n, 2)
    groups = {}
    for i in range(n):
        groups.setdefault(int(ids[i, 0]), []).append(i)
    for members in groups.values():
        members.sort(key=lambda i: ids[i, 1])
        vs = [int(values[i]) for i in members]
        for lane, i in enumerate(members):
            assert int(ids[i, 1]) == lane, (i, ids[i])
            assert got["uadd"][i] == sum(vs) % 256, (i, got["uadd"][i])
            assert got["smax"][i] == max(100 - v for v in vs[:lane + 1]), (i, got["smax"][i])
            assert got["hadd"][i] == np.float16(sum(vs)) or len(vs) > 1 and \
                abs(float(got["hadd"][i]) - sum(vs)) <= sum(vs) / 256, (i, got["hadd"][i])
            if len(vs) > 1:
                assert got["bcast"][3 * i:3 * i + 3].tolist() == [vs[1], vs[1] + 1, vs[1] + 2]
            mask = sum(1 << b for b in range(lane, len(vs)))
            assert got["ge"][4 * i:4 * i + 4].tolist() == [
                mask & 0xFFFFFFFF, mask >> 32, 0, 0], (i, got["ge"][4 * i:4 * i + 4])
            first = lane - lane % 4
            assert got["clustered"][i] == sum(vs[first:first + 4]), (i, got["clustered"][i])


def pointer_to_narrow_integer(ctx, queue):
    """A pointer converted to a 32-bit integer in a 64-bit program builds and runs (the
    suite's vectors vec_align_struct: (uint)&local_struct.vec, whose low bits show its
    alignment): the low 32 bits of the pointer's value, as for any narrowing."""
    program = cl.Program(ctx, """
    typedef struct { char2 vec; } testStruct;
    kernel void k(global const int* src, global uint* dest, global uint* offsets) {
      local testStruct test;
      int tid = get_global_id(0);
      dest[tid] = (uint)((local uchar *)&(test.vec));
      offsets[tid] = (uint)(src + tid) - (uint)src;
    }""").build(options=["-cl-std=CL3.0"])
    src = cl.Buffer(ctx, cl.mem_flags.READ_ONLY, 64 * 4)
    dest = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64 * 4)
    offsets = cl.Buffer(ctx, cl.mem_flags.READ_WRITE, 64 * 4)
    program.k(queue, (64,), (16,), src, dest, offsets)
    got, distances = np.empty(64, np.uint32), np.empty(64, np.uint32)
    cl.enqueue_copy(queue, got, dest)
    cl.enqueue_copy(queue, distances, offsets)
    assert all(int(v) % 2 == 0 for v in got), got
    assert distances.tolist() == [4 * i for i in range(64)], distances


def program_sampler_beside_sampler_parameter(ctx, queue):
    """A program with a program-scope sampler and a kernel taking a sampler_t builds
    (llvm-spirv 15 declares OpTypeSampler twice: a validation.types warning) and each
    kernel samples as its sampler says (an image filter sample's program)."""
    program = cl.Program(ctx, """
    __constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                                CLK_FILTER_NEAREST;
    kernel void fixed(read_only image2d_t img, global float4 *out) {
      out[get_global_id(0)] = read_imagef(img, edge, (int2)(get_global_id(0) - 1, 0));
    }
    kernel void given(read_only image2d_t img, sampler_t s, global float4 *out) {
      out[get_global_id(0)] = read_imagef(img, s, (int2)(get_global_id(0) - 1, 0));
    }""").build()
    mf = cl.mem_flags
    texels = np.arange(16, dtype=np.float32).reshape(1, 4, 4)
    img = cl.Image(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR,
                   cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.FLOAT),
                   shape=(4, 1), hostbuf=texels)
    out = cl.Buffer(ctx, mf.READ_WRITE, 4 * 16)
    got = np.empty((4, 4), np.float32)
    program.fixed(queue, (4,), None, img, out)
    cl.enqueue_copy(queue, got, out)
    assert got[:, 0].tolist() == [0, 0, 4, 8], got  # x = -1 clamps to texel 0
    border = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP, cl.filter_mode.NEAREST)
    program.given(queue, (4,), None, img, border, out)
    cl.enqueue_copy(queue, got, out)
    assert got[0].tolist() == [0, 0, 0, 0] and got[1:, 0].tolist() == [0, 4, 8], got


def main():
    ctx = spvsim_context()
    queue = cl.CommandQueue(ctx)
    tests = [float_atomics, duplicated_phi_parents, program_scope_pointer,
             global_variable_limit, read_only_buffer_write, subgroup_extended_types,
             pointer_to_narrow_integer, program_sampler_beside_sampler_parameter]
    for test in tests:
        test(ctx, queue)
        print(test.__name__, "ok")
    unsupported_kernel(ctx, sys.argv[1])
    print("unsupported_kernel ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
