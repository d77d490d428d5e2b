#!/usr/bin/env python3
"""A `.cl` run and clBuildProgram describe the device to the compiler alike.

`spvsim run KERNEL.cl` and a host program's clBuildProgram (under `spvsim exec`) each
compile into their own build cache. The key of a cache entry ends with what the compile
was told of the device: address bits, the driver options naming its extensions and
features (-cl-ext), and the prelude of feature macros. Those fields must be equal.

usage: same_compile_device.py SPVSIM HOST_PROGRAM KERNEL.cl WORK_FOLDER
"""
import os
import shutil
import struct
import subprocess
import sys

MAGIC = b"spvsim-build-cache 1\n"


def fields(data):
    """The length-prefixed fields (8-byte little-endian lengths) of `data`."""
    out, at = [], 0
    while at + 8 <= len(data):
        (n,) = struct.unpack_from("<Q", data, at)
        out.append(data[at + 8:at + 8 + n])
        at += 8 + n
    return out


def device_part(cache_home):
    """The device fields of the one build-cache entry under `cache_home`."""
    folder = os.path.join(cache_home, "spvsim")
    entries = [e for e in os.listdir(folder) if e.endswith(".spv")]
    if len(entries) != 1:
        sys.exit(f"{folder}: expected one build-cache entry, found {entries}")
    with open(os.path.join(folder, entries[0]), "rb") as f:
        data = f.read()
    if not data.startswith(MAGIC):
        sys.exit(f"{entries[0]}: not a build-cache entry")
    (key_length,) = struct.unpack_from("<Q", data, len(MAGIC))
    key = fields(data[len(MAGIC) + 8:len(MAGIC) + 8 + key_length])
    # ..., address bits, option count, the options, the prelude.
    prelude = key[-1]
    for count in range(1, 8):
        if key[-2 - count] == str(count).encode():
            return {"address bits": key[-3 - count], "options": key[-1 - count:-1],
                    "prelude": prelude}
    sys.exit(f"{entries[0]}: no device options in the key")


def main():
    spvsim, program, kernel, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    run_home, exec_home = os.path.join(work, "run"), os.path.join(work, "exec")
    env = dict(os.environ, SPVSIM_CACHE="")
    subprocess.run([spvsim, "run", "--quiet", "--global", "4", kernel],
                   env=dict(env, XDG_CACHE_HOME=run_home), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    subprocess.run([spvsim, "exec", "--", program], env=dict(env, XDG_CACHE_HOME=exec_home),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    run, built = device_part(run_home), device_part(exec_home)
    if run != built:
        sys.exit(f"spvsim run compiled for {run},\nclBuildProgram for {built}")
    options = b" ".join(run["options"]).decode()
    if "+__opencl_c_images" not in options or "+cl_khr_fp64" not in options:
        sys.exit(f"the options name no device: {options}")
    print("same device: " + options)


main()
