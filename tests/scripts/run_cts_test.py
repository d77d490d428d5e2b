"""scripts/run-cts.sh and scripts/cts-offline-compiler.sh against stand-ins of the
conformance suite's binaries: the summary counts each suite's tests from its results
file or, when a suite is stopped, from its log; the exit status is 1 exactly when a
failure is not listed, a listed test passes, or a suite exceeds its time limit
unlisted; basic, conversions and math_brute_force run in pieces whose logs and results
are joined; the offline compiler makes a module spvsim validates.

usage: run_cts_test.py SOURCE_DIR BUILD_DIR
"""
import os
import stat
import subprocess
import sys
import tempfile

SOURCE, BUILD = sys.argv[1], sys.argv[2]
RUN_CTS = os.path.join(SOURCE, "scripts", "run-cts.sh")
COMPILER = os.path.join(SOURCE, "scripts", "cts-offline-compiler.sh")

# A suite that reports two tests through the harness's results file and its log.
FINISHING = """#!/bin/sh
echo "alpha passed"
echo "error[race.global.write-write]: write of 4 bytes"
echo "(seed = 7) error[access.read_only_write]: write to read-only buffer 'res'"
echo "no_error[made.up]: not a finding"
echo "(seed = 7) beta FAILED"
cat > "$CL_CONFORMANCE_RESULTS_FILENAME" <<JSON
{"cmd": "test_fast", "results": {"alpha": "pass", "beta": "fail", "gamma": "skip"}}
JSON
exit 1
"""
# A suite that says which options and checks it got (select and half take -w).
ECHOING = """#!/bin/sh
echo "options: $*"
echo "checks: $SPVSIM_CHECKS"
echo "wimpy: $CL_WIMPY_MODE"
echo "one passed"
cat > "$CL_CONFORMANCE_RESULTS_FILENAME" <<JSON
{"cmd": "test_echo", "results": {"one": "pass"}}
JSON
"""
# A suite that passes one test and then never ends.
HANGING = """#!/bin/sh
echo "first passed"
exec sleep 60
"""
# A stopped suite whose failure follows the kernel source it printed in quotes.
QUOTING = """#!/bin/sh
echo "first passed"
echo 'test_second: Error compiling "'
echo 'kernel void k() {}'
echo '"second FAILED'
exec sleep 60
"""

# conversions, ended without a results file: its own lines for each conversion.
CONVERTING = """#!/bin/sh
echo "0) Testing convert_ucharn( ucharn ):"
echo "Testing... .done."
printf "\\tWimp pass\\n"
echo "1) Testing convert_ucharn_rte( ucharn ):"
printf "\\t *** convert_ucharn_rte( ucharn ) FAILED ** \\n"
exit 1
"""

# conversions and math_brute_force as pieces: they say what they got; conversions fails
# in the piece from 300 and never ends in the one from 600 (when asked to).
PIECE_CONVERSIONS = """#!/bin/sh
echo "args: $* threads: $SPVSIM_THREADS"
start=$2
echo "$start) Testing convert_ucharn_$start( ucharn ):"
result=pass
if [ "$start" = 300 ]; then printf "\\t *** convert_ucharn_300( ucharn ) FAILED ** \\n"; result=fail
else printf "\\tWimp pass\\n"; fi
if [ "$start" = 600 ] && [ -n "$HANG" ]; then exec sleep 60; fi
echo "{\\"cmd\\": \\"c\\", \\"results\\": {\\"conversions\\": \\"$result\\"}}" \\
  > "$CL_CONFORMANCE_RESULTS_FILENAME"
"""
PIECE_MATH = """#!/bin/sh
if [ "$1" = -p ]; then printf "\\nMath function names:\\n\\tacos\\n\\tasin\\n\\tatan\\n\\tcos\\n"; exit 0; fi
echo "args: $* threads: $SPVSIM_THREADS"
shift
results=""
for f in "$@"; do echo "$f passed"; results="$results\\"$f\\": \\"pass\\","; done
echo "{\\"cmd\\": \\"m\\", \\"results\\": {${results%,}}}" > "$CL_CONFORMANCE_RESULTS_FILENAME"
"""

# basic as pieces: its --help lists its tests (two of its slowest among them, one name
# with capitals).
PIECE_BASIC = """#!/bin/sh
if [ "$1" = --help ]; then
  printf "Test names:\\n\\thostptr\\n\\tasync_strided_copy_local_to_global\\n\\tfpmath_float\\n"
  printf "\\tintmath_int\\n\\timagedim_non_pow2\\n\\tconstant\\n\\tcopy3D\\n"; exit 0; fi
echo "args: $* threads: $SPVSIM_THREADS"
results=""
for t in "$@"; do echo "$t passed"; results="$results\\"$t\\": \\"pass\\","; done
echo "{\\"cmd\\": \\"b\\", \\"results\\": {${results%,}}}" > "$CL_CONFORMANCE_RESULTS_FILENAME"
"""

# An image suite (test_image_streams): its --help lists its image types and two tests of
# extensions; each run says what it got and passes the tests it names (all without any).
PIECE_IMAGES = """#!/bin/sh
if [ "$1" = --help ]; then
  printf "Test names:\\n\\t1D\\n\\t2D\\n\\t3D\\n\\t1Darray\\n\\t2Darray\\n"
  printf "\\timage2d_from_buffer_positive\\n\\timage_from_buffer_read_positive\\n"; exit 0; fi
echo "args: $* threads: $SPVSIM_THREADS"
results=""
for t in "$@"; do
  case "$t" in
    [0-9]*|image*) echo "$t passed"; results="$results\\"$t\\": \\"pass\\"," ;;
  esac
done
echo "{\\"cmd\\": \\"i\\", \\"results\\": {${results%,}}}" > "$CL_CONFORMANCE_RESULTS_FILENAME"
"""


def write_binary(root, folder, name, text):
    folder = os.path.join(root, "test_conformance", folder)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IEXEC)


def fake_cts(root):
    for name, text in (("fast", FINISHING), ("slow", HANGING), ("quoted", QUOTING), ("select", ECHOING),
                       ("half", ECHOING), ("basic", ECHOING),
                       ("integer_ops", ECHOING), ("c11_atomics", ECHOING),
                       ("conversions", CONVERTING)):
        write_binary(root, name, "test_" + name, text)


def run(cts, out, known_lines, suites, options=(), extra_env=None):
    known = os.path.join(out, "known.txt")
    os.makedirs(out, exist_ok=True)
    with open(known, "w") as f:
        f.write("".join(line + "\n" for line in known_lines))
    env = dict(os.environ)
    env.pop("SPVSIM_CHECKS", None)
    env.update(extra_env or {})
    p = subprocess.run([RUN_CTS, "--build", BUILD, "--out", out, "--known", known,
                        "--time-limit", "3", "--jobs", "2"] + list(options) + [cts] + suites,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    return p.returncode, p.stdout


def expect(condition, what, output):
    if not condition:
        print(output)
        raise AssertionError(what)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        cts = os.path.join(tmp, "cts")
        fake_cts(cts)
        status, output = run(cts, os.path.join(tmp, "a"), [], ["fast"])
        expect(status == 1, "an unlisted failure fails the run", output)
        expect("| fast | 1 | 1 | 1 |" in output, "counts from the results file", output)
        expect("| access.read_only_write 1, race.global.write-write 1 |" in output,
               "the findings printed, also after the suite's text on a line", output)
        expect("unexpected failure: fast/beta" in output, "names the failure", output)

        status, output = run(cts, os.path.join(tmp, "b"), ["fast/beta  a cause"], ["fast"])
        expect(status == 0, "a listed failure passes the run", output)

        status, output = run(cts, os.path.join(tmp, "c"),
                             ["fast/beta  a cause", "fast/alpha  fixed since"], ["fast"])
        expect(status == 1, "a listed test that passes fails the run", output)
        expect("but passed: fast/alpha" in output, "names the listed test", output)

        status, output = run(cts, os.path.join(tmp, "conv"), [], ["conversions"])
        expect("| conversions | 1 | 1 | 0 |" in output, "counts conversions' own lines", output)
        expect("unexpected failure: conversions/convert_ucharn_rte(ucharn)" in output,
               "names the failed conversion", output)

        status, output = run(cts, os.path.join(tmp, "d"), ["fast/beta  a cause"],
                             ["fast", "slow"])
        expect(status == 1, "a suite beyond its time limit fails the run", output)
        expect("| slow | 1 | 0 | 0 |" in output, "counts from the log of a stopped suite",
               output)
        expect("time limit" in output and "unexpected failure: slow/(time limit)" in output,
               "says which suite was stopped", output)

        status, output = run(cts, os.path.join(tmp, "e"),
                             ["fast/beta  a cause", "slow/(time limit)  too slow"],
                             ["fast", "slow"])
        expect(status == 0, "a listed time limit passes the run", output)

        status, output = run(cts, os.path.join(tmp, "q"),
                             ["quoted/second  a cause", "quoted/(time limit)  too slow"],
                             ["quoted"])
        expect(status == 0 and "| quoted | 1 | 1 | 0 |" in output,
               "a failure after a quoted kernel source is the test's", output)

        out = os.path.join(tmp, "w")
        status, output = run(cts, out, [], ["select", "half", "basic", "c11_atomics"])
        expect(status == 0, "suites that pass", output)
        for suite, options in (("select", "-w"), ("half", "-w"), ("basic", ""),
                               ("c11_atomics", "-internalIterations 100")):
            with open(os.path.join(out, suite + ".log")) as f:
                log = f.read()
            expect("options: %s\n" % options in log, suite + " runs with '%s'" % options, log)
        status, output = run(cts, out, [], ["integer_ops"])
        with open(os.path.join(out, "integer_ops.log")) as f:
            log = f.read()
        expect("options: \n" in log and "wimpy: 1\n" in log,
               "integer_ops runs in its wimpy mode, set by CL_WIMPY_MODE", log)
        with open(os.path.join(out, "basic.log")) as f:
            log = f.read()
        expect("wimpy: \n" in log, "only integer_ops gets CL_WIMPY_MODE", log)
        out = os.path.join(tmp, "full")
        status, output = run(cts, out, [], ["select", "integer_ops", "c11_atomics"], ["--full"])
        with open(os.path.join(out, "select.log")) as f:
            log = f.read()
        expect("options: \n" in log, "--full runs select without -w", log)
        with open(os.path.join(out, "integer_ops.log")) as f:
            expect("wimpy: \n" in f.read(), "--full runs integer_ops' long tests", log)
        with open(os.path.join(out, "c11_atomics.log")) as f:
            expect("options: \n" in f.read(), "--full runs c11_atomics' 10000 iterations", log)
        expect("checks: \n" in log, "the runtime's own checks by default", log)
        out = os.path.join(tmp, "checks")
        status, output = run(cts, out, [], ["half"], ["--checks", "bounds"])
        with open(os.path.join(out, "half.log")) as f:
            log = f.read()
        expect("checks: bounds\n" in log, "--checks sets SPVSIM_CHECKS", log)

        pieces = os.path.join(tmp, "pieces")
        write_binary(pieces, "conversions", "test_conversions", PIECE_CONVERSIONS)
        write_binary(pieces, "math_brute_force", "test_bruteforce", PIECE_MATH)
        out = os.path.join(tmp, "p")
        status, output = run(pieces, out, [], ["conversions", "math_brute_force"],
                             ["--pieces", "3"])
        with open(os.path.join(out, "conversions.log")) as f:
            log = f.read()
        for line in ("== piece 1 of 3: 0 300\n", "args: -w 0 300 threads: 1\n",
                     "== piece 2 of 3: 300 300\n", "== piece 3 of 3: 600\n",
                     "args: -w 600 threads: 1\n"):
            expect(line in log, "a piece's arguments: " + line, log)
        expect("| conversions | 2 | 1 | 0 |" in output,
               "the pieces' conversions counted from their joined logs", output)
        with open(os.path.join(out, "conversions.json")) as f:
            expect('"conversions": "fail"' in f.read(),
                   "the results files joined, a failure in one piece kept", output)
        expect("| math_brute_force | 4 | 0 | 0 |" in output,
               "four functions in three pieces (-p lists them)", output)
        with open(os.path.join(out, "math_brute_force.log")) as f:
            log = f.read()
        expect("args: -w acos cos threads: 1\n" in log and "args: -w atan threads: 1\n" in log,
               "the functions dealt out in turn", log)
        write_binary(pieces, "basic", "test_basic", PIECE_BASIC)
        status, output = run(pieces, out, [], ["basic"], ["--pieces", "4"])
        expect("| basic | 7 | 0 | 0 |" in output,
               "seven tests in four pieces (--help lists them, capitals too)", output)
        with open(os.path.join(out, "basic.log")) as f:
            log = f.read()
        for line in ("== piece 1 of 4: imagedim_non_pow2\n",
                     "== piece 2 of 4: async_strided_copy_local_to_global\n",
                     "args: hostptr intmath_int copy3D threads: 1\n",
                     "args: fpmath_float constant threads: 1\n"):
            expect(line in log, "basic's slowest tests alone, first; the rest dealt out: " + line,
                   log)
        status, output = run(pieces, out, ["conversions/convert_ucharn_300(ucharn)  a cause"],
                             ["conversions"], ["--pieces", "3"], {"HANG": "1"})
        expect(status == 1 and "unexpected failure: conversions/(time limit)" in output,
               "a piece stopped by the suite's time limit stops the suite", output)
        status, output = run(pieces, out, [], ["conversions"], ["--pieces", "1"])
        with open(os.path.join(out, "conversions.log")) as f:
            log = f.read()
        expect("args: -w threads:" in log and "piece" not in log, "--pieces 1: whole", log)
        if (os.cpu_count() or 1) >= 2:
            # Beside another suite, two at once: conversions still runs alone first, in
            # pieces over every core (three per core), the other suite after it.
            status, output = run(pieces, out, [], ["conversions", "math_brute_force"])
            with open(os.path.join(out, "conversions.log")) as f:
                log = f.read()
            pieces_run = 3 * os.cpu_count()
            expect("== piece 1 of %d: 0 " % pieces_run in log,
                   "a suite in pieces alone, on every core, by default", log)
            expect(output.index("conversions ") < output.index("math_brute_force "),
                   "the suites in pieces one after the other, in the slow-first order", output)

        # The image suites: the conformance list's words, a piece per image type (3D and
        # 2D arrays first), the extensions' tests together; --image-options in place of
        # the list's words, a piece for each type it names.
        write_binary(pieces, "images/kernel_read_write", "test_image_streams", PIECE_IMAGES)
        status, output = run(pieces, out, [], ["image_streams_linear_pitch"], ["--pieces", "3"])
        expect(status == 0 and "| image_streams_linear_pitch | 7 | 0 | 0 |" in output,
               "an image suite's seven tests in pieces", output)
        with open(os.path.join(out, "image_streams_linear_pitch.log")) as f:
            log = f.read()
        # test_image_streams' types in five pieces each: the float formats' reads with
        # normalized coordinates, without, their writes and read_write tests, the int
        # formats, the uint ones.
        for line in ("== piece 1 of 26: 3D float read NORMALIZED\n",
                     "args: use_pitches CL_FILTER_LINEAR 3D float read NORMALIZED threads: 1\n",
                     "== piece 2 of 26: 2Darray float read NORMALIZED\n",
                     "== piece 3 of 26: 3D float read UNNORMALIZED\n",
                     "== piece 6 of 26: 2Darray float write read_write\n",
                     "== piece 7 of 26: 3D int\n",
                     "args: use_pitches CL_FILTER_LINEAR 2Darray uint threads: 1\n",
                     "== piece 11 of 26: 1D float read NORMALIZED\n", "== piece 15 of 26: 1D uint\n",
                     "== piece 21 of 26: 1Darray float read NORMALIZED\n", "== piece 26 of 26: "
                     "image2d_from_buffer_positive image_from_buffer_read_positive \n",
                     "args: use_pitches CL_FILTER_LINEAR image2d_from_buffer_positive "
                     "image_from_buffer_read_positive threads: 1\n"):
            expect(line in log, "an image suite's piece: " + line, log)
        # Words that choose the tests or the coordinates: two pieces, float and integer.
        status, output = run(pieces, out, [], ["image_streams"],
                             ["--pieces", "3", "--image-options", "small_images read"])
        with open(os.path.join(out, "image_streams.log")) as f:
            log = f.read()
        expect("== piece 1 of 11: 3D float\n" in log
               and "args: small_images read 2Darray int uint threads: 1\n" in log
               and "NORMALIZED" not in log and "| image_streams | 7 | 0 | 0 |" in output,
               "float and integer pieces when the words choose the tests", log)
        # Words that name a data type keep each image type whole.
        status, output = run(pieces, out, [], ["image_streams"],
                             ["--pieces", "3", "--image-options", "float CL_RGBA"])
        with open(os.path.join(out, "image_streams.log")) as f:
            log = f.read()
        expect("== piece 1 of 6: 3D\n" in log and "args: float CL_RGBA 3D threads: 1\n" in log
               and "int uint" not in log and "| image_streams | 7 | 0 | 0 |" in output,
               "an image type whole when the words name a data type", log)
        status, output = run(pieces, out, [], ["image_streams"],
                             ["--pieces", "3", "--image-options", "small_images 2D CL_RGBA 1D"])
        with open(os.path.join(out, "image_streams.log")) as f:
            log = f.read()
        expect("== piece 1 of 2: 1D\n" in log and "args: small_images CL_RGBA 2D threads: 1\n" in log
               and "| image_streams | 2 | 0 | 0 |" in output,
               "--image-options replaces the list's words; the types it names are the pieces", log)
        status, output = run(pieces, out, [], ["image_streams"],
                             ["--pieces", "1", "--image-options", "small_images 2D"])
        with open(os.path.join(out, "image_streams.log")) as f:
            log = f.read()
        expect("args: small_images 2D threads:" in log and "piece" not in log,
               "--pieces 1: the image suite whole, the types named kept", log)
        status, output = run(pieces, out, [], ["images"], ["--time-limit", "1"])
        expect(status == 2 and "test_cl_get_info is not built" in output,
               "'images' names every image suite", output)

        status, output = run(cts, os.path.join(tmp, "f"), [], ["missing"])
        expect(status == 2 and "is not built" in output, "a suite not built", output)

        source = os.path.join(tmp, "k.cl")
        with open(source, "w") as f:
            f.write("kernel void k(global int* p) { p[get_global_id(0)] *= 2; }\n")
        info = os.path.join(tmp, "info.txt")
        with open(info, "w") as f:
            f.write('CL_DEVICE_ADDRESS_BITS=64\nCL_DEVICE_EXTENSIONS="cl_khr_fp64"\n')
        module = os.path.join(tmp, "k.spv")
        subprocess.run([COMPILER, "--mode=spir-v", "--source=" + source,
                        "--output=" + module, "--cl-device-info=" + info, "--",
                        "-cl-std=CL3.0"], check=True)
        subprocess.run([os.path.join(BUILD, "cli", "spvsim"), "validate", module], check=True)
        # With CL_DEVICE_IMAGE_SUPPORT=1 (as the suite writes it for spvsim) image kernels
        # compile with __IMAGE_SUPPORT__ and the image features.
        with open(source, "w") as f:
            f.write("#if !defined(__IMAGE_SUPPORT__) || !defined(__opencl_c_images)\n"
                    "#error no images\n#endif\n"
                    "kernel void k(read_only image2d_t i, sampler_t s, global float4* p) {\n"
                    "  p[0] = read_imagef(i, s, (float2)(0.5f, 0.5f)); }\n")
        with open(info, "w") as f:
            f.write('CL_DEVICE_ADDRESS_BITS=64\nCL_DEVICE_EXTENSIONS="cl_khr_fp64"\n'
                    'CL_DEVICE_IMAGE_SUPPORT=1\n')
        subprocess.run([COMPILER, "--mode=spir-v", "--source=" + source,
                        "--output=" + module, "--cl-device-info=" + info, "--",
                        "-cl-std=CL3.0"], check=True)
        subprocess.run([os.path.join(BUILD, "cli", "spvsim"), "validate", module], check=True)
        p = subprocess.run([COMPILER, "--mode=binary", "--source=" + source,
                            "--output=" + module], stderr=subprocess.PIPE, text=True)
        expect(p.returncode == 2 and "only --mode=spir-v" in p.stderr, "binary mode refused",
               p.stderr)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
