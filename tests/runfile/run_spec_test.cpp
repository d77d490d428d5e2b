// The run-file parser: every form of docs/run-files.md and one test per error
// path, each asserting the JSON key path its message starts with.
#include "spvsim/runfile/run_spec.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <cmath>
#include <cstring>
#include <fstream>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

using test::kData;
using test::parse;
using test::parseError;

/// A run file around one buffer and one launch; `extra` adds top-level keys.
std::string withBuffer(std::string_view buffer, std::string_view args = R"([{"buffer": "a"}])",
                       std::string_view extra = "") {
  return std::string(R"({"module": "kernel.spvasm", "kernel": "main", "global_size": [16],)") +
         R"("buffers": {"a": )" + std::string(buffer) + "}, \"args\": " + std::string(args) +
         std::string(extra) + "}";
}

/// A run file with one float buffer `a` of 16 elements and the given args.
std::string withArgs(std::string_view args) {
  return withBuffer(R"({"type": "float", "count": 16})", args);
}

/// A run file with the given top-level launch keys (module and buffer `a` added).
std::string withLaunch(std::string_view keys) {
  return std::string(R"({"module": "kernel.spvasm", "buffers": {"a": {"type": "float", )") +
         R"("count": 16}}, )" + std::string(keys) + "}";
}

#define EXPECT_ERROR(text, message) EXPECT_EQ(parseError(text), message)

TEST(RunFile, TheExampleOfTheContract) {
  RunSpec spec = parse(R"json({
    "module": "kernel.spvasm",
    "kernel": "vecadd",
    "global_size": [1024],
    "local_size": [64],
    "global_offset": [0],
    "spec_constants": {"3": 16},
    "buffers": {
      "a":   {"type": "float", "count": 1024, "init": {"range": [0, 1]}},
      "b":   {"type": "uint", "count": 4, "init": {"file": "uint4.bin"}},
      "c":   {"type": "float", "count": 1024, "dump": "c.bin"}
    },
    "args": [
      {"buffer": "a"},
      {"buffer": "b"},
      {"buffer": "c"},
      {"scalar": "uint", "value": 1024},
      {"local": 256}
    ]
  })json");
  EXPECT_EQ(spec.module, kData / "kernel.spvasm");
  ASSERT_EQ(spec.buffers.size(), 3u);
  EXPECT_EQ(spec.buffers[0].name, "a");
  EXPECT_EQ(spec.buffers[0].init.kind, BufferInit::Kind::Range);
  EXPECT_EQ(spec.buffers[1].init.kind, BufferInit::Kind::File);
  EXPECT_EQ(spec.buffers[1].init.file, kData / "uint4.bin");
  EXPECT_EQ(spec.buffers[2].dumpFile, kData / "c.bin");
  EXPECT_EQ(spec.buffers[2].size(), 4096u);
  ASSERT_EQ(spec.specConstants.size(), 1u);
  EXPECT_EQ(spec.specConstants[0].specId, 3u);
  EXPECT_EQ(spec.specConstants[0].number.asUnsigned, 16u);
  ASSERT_EQ(spec.launches.size(), 1u);
  const LaunchSpec &launch = spec.launches[0];
  EXPECT_EQ(launch.path, "");
  EXPECT_EQ(launch.kernel, "vecadd");
  EXPECT_EQ(launch.dims, 1u);
  EXPECT_EQ(launch.global, (std::array<uint64_t, 3>{1024, 1, 1}));
  EXPECT_EQ(launch.local, (std::array<uint64_t, 3>{64, 1, 1}));
  ASSERT_EQ(launch.args.size(), 5u);
  EXPECT_EQ(launch.args[2].kind, ArgSpec::Kind::Buffer);
  EXPECT_EQ(launch.args[2].buffer, "c");
  EXPECT_EQ(launch.args[3].kind, ArgSpec::Kind::Scalar);
  EXPECT_EQ(launch.args[3].bytes.size(), 4u);
  EXPECT_EQ(launch.args[4].kind, ArgSpec::Kind::Local);
  EXPECT_EQ(launch.args[4].localSize, 256u);
  EXPECT_EQ(launch.args[4].path, "args[4]");
}

TEST(RunFile, BuffersKeepFileOrder) {
  RunSpec spec = parse(R"({"module": "kernel.spvasm", "kernel": "k", "global_size": [1],
      "buffers": {"z": {"type": "int", "count": 1}, "b": {"type": "int", "count": 1},
                  "m": {"type": "int", "count": 1}}})");
  ASSERT_EQ(spec.buffers.size(), 3u);
  EXPECT_EQ(spec.buffers[0].name + spec.buffers[1].name + spec.buffers[2].name, "zbm");
}

TEST(RunFile, SizesOffsetsAndChosenLocalSize) {
  RunSpec spec = parse(withLaunch(R"("kernel": "k", "global_size": [64, 32, 2],
      "local_size": [8, 4, 2], "global_offset": [1, 2, 3])"));
  const LaunchSpec &launch = spec.launches[0];
  EXPECT_EQ(launch.dims, 3u);
  EXPECT_EQ(launch.global, (std::array<uint64_t, 3>{64, 32, 2}));
  EXPECT_EQ(launch.local, (std::array<uint64_t, 3>{8, 4, 2}));
  EXPECT_EQ(launch.offset, (std::array<uint64_t, 3>{1, 2, 3}));
  EXPECT_FALSE(parse(withLaunch(R"("kernel": "k", "global_size": [64], "local_size": null)"))
                   .launches[0]
                   .local);
  EXPECT_FALSE(parse(withLaunch(R"("kernel": "k", "global_size": [64, 2])")).launches[0].local);
  EXPECT_EQ(parse(withLaunch(R"("kernel": "k", "global_size": [64, 2], "global_offset": null)"))
                .launches[0]
                .offset,
            (std::array<uint64_t, 3>{0, 0, 0}));
}

TEST(RunFile, ParseRunFileResolvesPathsAgainstItsFolder) {
  RunSpec spec = parseRunFile(kData / "minimal.json");
  EXPECT_EQ(spec.module, kData / "kernel.spvasm");
  EXPECT_EQ(spec.buffers[0].init.file, kData / "uint4.bin");
  EXPECT_EQ(spec.launches[0].kernel, "main");
}

TEST(RunFileErrors, MissingRunFile) {
  try {
    parseRunFile(kData / "nope.json");
    FAIL();
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()), (kData / "nope.json").string() + ": cannot open");
  }
}

TEST(RunFileErrors, JsonSyntaxNamesLineAndColumn) {
  std::string error = parseError("{\n  \"module\": \"kernel.spvasm\",\n  \"kernel\" \"k\"\n}");
  EXPECT_EQ(error.rfind("test.json: line 3, column ", 0), 0u) << error;
  EXPECT_NE(error.find("syntax error"), std::string::npos) << error;
}

// Found by fuzz_runfile: a number beyond double's range escaped as nlohmann's
// out_of_range exception (an internal error, exit 3).
TEST(RunFileErrors, NumbersBeyondDoubleAreASyntaxError) {
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [1e999])"),
               "test.json: number overflow parsing '1e999'");
  EXPECT_ERROR("88888888e88888888888888888888.8", "test.json: number overflow parsing "
                                                  "'88888888e88888888888888888888'");
}

TEST(RunFileErrors, DuplicateKeys) {
  EXPECT_ERROR(withBuffer(R"({"type": "float", "type": "int", "count": 1})"),
               "buffers.a.type: duplicate key");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a"}, {"local": 4, "local": 8}])"),
               "args[1].local: duplicate key");
  EXPECT_ERROR(R"({"module": "kernel.spvasm", "module": "kernel.spvasm"})",
               "module: duplicate key");
}

// Issue 14: 100 000 nested brackets crashed spvsim (the tree was copied recursively).
TEST(RunFileErrors, DeepNestingIsRefusedWhileReading) {
  const std::string deepList = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": )" + deepList),
               "global_size[0][0][0][0]…: values nested more than 64 levels deep (a run file "
               "needs a few)");
  std::string deepObject;
  for (int i = 0; i < 100000; ++i) deepObject += R"({"a": )";
  deepObject += "1" + std::string(100000, '}');
  EXPECT_ERROR(withBuffer(deepObject), "buffers.a.a.a.a…: values nested more than 64 levels "
                                       "deep (a run file needs a few)");
  EXPECT_ERROR(std::string(65, '[') + std::string(65, ']'),
               "[0][0][0][0][0]…: values nested more than 64 levels deep (a run file needs a few)");
  // 64 levels are read (and then refused for what they mean, not how deep they are).
  EXPECT_ERROR(std::string(64, '[') + std::string(64, ']'),
               "run file: expected a JSON object, got a list");
}

TEST(RunFileErrors, TopLevelMustBeAnObject) {
  EXPECT_ERROR("[1, 2]", "run file: expected a JSON object, got a list");
}

TEST(RunFileErrors, UnknownKeysAtEveryLevel) {
  EXPECT_ERROR(withArgs("[]").insert(1, R"("colour": 1, )"), "colour: unknown key");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 1, "inti": {}})"),
               "buffers.a.inti: unknown key");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 1, "init": {"fil": 1}})"),
               "buffers.a.init.fil: unknown key");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "offest": 4}])"), "args[0].offest: unknown key");
  EXPECT_ERROR(withArgs(R"([{"local": 4, "value": 1}])"), "args[0].value: unknown key");
  EXPECT_ERROR(withArgs(R"([{"scalar": "int", "value": 1, "size": 4}])"),
               "args[0].size: unknown key");
  EXPECT_ERROR(withArgs(R"([{"struct": "00", "bytes": 1}])"), "args[0].bytes: unknown key");
  EXPECT_ERROR(withArgs(R"([{"null": true, "buffer2": 1}])"), "args[0].buffer2: unknown key");
  EXPECT_ERROR(withLaunch(R"("launches": [{"kernel": "k", "global_size": [1], "kernal": 1}])"),
               "launches[0].kernal: unknown key");
}

TEST(RunFileErrors, Module) {
  EXPECT_ERROR(R"({"kernel": "k"})", "module: required");
  EXPECT_ERROR(R"({"module": 3})", "module: expected a string, got the number 3");
  EXPECT_ERROR(R"({"module": "nope.spv"})", "module: cannot open 'nope.spv'");
  EXPECT_ERROR(R"({"module": "."})", "module: cannot open '.'");
}

TEST(RunFile, OpenCLSourceModuleWithBuildOptions) {
  RunSpec spec = parse(R"({"module": "kernel.cl", "build_options": "-DN=4 -I inc",
                          "kernel": "main_kernel", "global_size": [4]})");
  EXPECT_EQ(spec.module, kData / "kernel.cl");
  EXPECT_TRUE(isOpenCLSource(spec.module));
  EXPECT_EQ(spec.buildOptions, "-DN=4 -I inc");
  EXPECT_EQ(parse(withArgs("[]")).buildOptions, "");
  EXPECT_FALSE(isOpenCLSource("kernel.spvasm"));
  EXPECT_TRUE(isOpenCLSource("a/kernel.clcpp"));
}

TEST(RunFileErrors, ModuleOfTheWrongKind) {
  EXPECT_ERROR(R"({"module": "minimal.json"})",
               "module: 'minimal.json' is a run file, not a module: the module is a SPIR-V "
               "binary (.spv), SPIR-V assembly (.spvasm) or OpenCL C source (.cl, .clcpp)");
  EXPECT_ERROR(withArgs("[]").insert(1, R"("build_options": "-DN=1", )"),
               "build_options: only an OpenCL C module (.cl, .clcpp) is compiled; "
               "'kernel.spvasm' is SPIR-V");
  EXPECT_ERROR(R"({"module": "kernel.cl", "build_options": ["-DN=1"]})",
               "build_options: expected a string, got a list");
}

TEST(RunFile, KernelMayBeLeftToBinding) {
  // Without "kernel" the launch runs the module's only kernel, which binding finds.
  EXPECT_EQ(parse(withLaunch(R"("global_size": [1])")).launches[0].kernel, "");
  const RunSpec spec = parse(withLaunch(R"("global_size": [1],
                                          "launches": [{}, {"kernel": "k"}])"));
  EXPECT_EQ(spec.launches[0].kernel, "");
  EXPECT_FALSE(spec.launches[0].kernelInherited);
  EXPECT_EQ(spec.launches[1].kernel, "k");
}

TEST(RunFileErrors, KernelAndSizes) {
  EXPECT_ERROR(withLaunch(R"("kernel": 1, "global_size": [1])"),
               "kernel: expected a string, got the number 1");
  EXPECT_ERROR(withLaunch(R"("kernel": "k")"), "global_size: required");
  for (const char *bad : {"[]", "[1, 2, 3, 4]", "\"x\"", "16", "null"})
    EXPECT_EQ(parseError(withLaunch(std::string(R"("kernel": "k", "global_size": )") + bad))
                  .rfind("global_size: expected 1 to 3 numbers, got ", 0),
              0u)
        << bad;
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [0])"),
               "global_size[0]: expected a whole number 1 or more, got 0");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [4, -1])"),
               "global_size[1]: expected a whole number 1 or more, got the number -1");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [1.5])"),
               "global_size[0]: expected a whole number 1 or more, got 1.5");
}

TEST(RunFileErrors, LocalSize) {
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [8, 8, 8], "local_size": [8])"),
               "local_size: must have the same count as global_size (3)");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [8], "local_size": [0])"),
               "local_size[0]: expected a whole number 1 or more, got 0");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [64, 64], "local_size": [64, 32])"),
               "local_size: more than 1024 work-items per work-group");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [64], "local_size": "auto")"),
               "local_size: expected 1 to 3 numbers, got a string");
}

TEST(RunFileErrors, GlobalOffset) {
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [8, 8], "global_offset": [0])"),
               "global_offset: must have the same count as global_size (2)");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [8], "global_offset": [-1])"),
               "global_offset[0]: expected a whole number 0 or more, got the number -1");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [8],
                              "global_offset": [18446744073709551610])"),
               "global_offset[0]: global_offset + global_size exceed 64 bits");
}

TEST(RunFile, DumpViews) {
  RunSpec spec = parse(withBuffer(R"({"type": "float", "count": 10,
      "dump": {"shape": [4], "range": [1, 2], "summary": true}})"));
  const BufferSpec &b = spec.buffers[0];
  EXPECT_TRUE(b.dumpText);
  EXPECT_FALSE(b.dumpFile);
  EXPECT_EQ(b.dumpView.width, 4u);
  EXPECT_EQ(b.dumpView.height, 3u); // the last row holds 2
  EXPECT_EQ(b.dumpView.first, 1u);
  EXPECT_EQ(b.dumpView.count, 2u);
  EXPECT_TRUE(b.dumpView.summary);
  // "file" alone writes the bytes and prints nothing.
  const RunSpec fileOnly =
      parse(withBuffer(R"({"type": "float", "count": 10, "dump": {"file": "out.bin"}})"));
  const BufferSpec &f = fileOnly.buffers[0];
  EXPECT_FALSE(f.dumpText);
  EXPECT_EQ(f.dumpSpelling, "out.bin");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 10, "dump": {"shape": [3, 4]}})"),
               "buffers.a.dump.shape: 3 × 4 is more than the buffer's 10 elements");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 10, "dump": {"range": [10]}})"),
               "buffers.a.dump.range[0]: 10 is not below the 10 elements");
  EXPECT_ERROR(
      withBuffer(R"({"type": "float", "count": 10, "dump": {"shape": [5], "range": [1, 2]}})"),
      "buffers.a.dump.range[1]: only 1 rows from 1");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 10, "dump": {"summary": "yes"}})"),
               "buffers.a.dump.summary: expected true or false, got a string");
}

TEST(RunFileErrors, Buffers) {
  EXPECT_ERROR(R"({"module": "kernel.spvasm", "kernel": "k", "global_size": [1], "buffers": []})",
               "buffers: expected an object, got a list");
  EXPECT_ERROR(withBuffer("3"), "buffers.a: expected an object, got the number 3");
  EXPECT_ERROR(withBuffer(R"({"count": 4})"), "buffers.a.type: required");
  EXPECT_ERROR(withBuffer(R"({"type": "flaot", "count": 4})"),
               "buffers.a.type: unknown type 'flaot'");
  EXPECT_ERROR(withBuffer(R"({"type": "float"})"), "buffers.a.count: required");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": 0})"),
               "buffers.a.count: expected a whole number 1 to 70368744177664, got 0");
  // A string in a numeric position is an expression over the run file's "vars".
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": "four"})"),
               "buffers.a.count: \"four\": no variable named 'four' (the run file has no "
               "\"vars\")");
  EXPECT_ERROR(withBuffer(R"({"type": "float", "count": "-4"})"),
               "buffers.a.count: expected a whole number 1 to 70368744177664, got the number -4");
  EXPECT_ERROR(withBuffer(R"({"type": "float4", "count": 17592186044417})"),
               "buffers.a.count: expected a whole number 1 to 17592186044416, got 17592186044417");
  EXPECT_ERROR(withBuffer(R"({"type": "uchar", "count": 4, "init": {"fill": 256}})"),
               "buffers.a.init.fill: 256 does not fit uchar");
  EXPECT_ERROR(withBuffer(R"({"type": "uint", "count": 4, "init": {"file": "a.bin"}})"),
               "buffers.a.init.file: cannot open 'a.bin'");
}

TEST(RunFile, BufferDumpAndAccess) {
  RunSpec spec = parse(withBuffer(R"({"type": "int", "count": 2, "dump": true,
                                      "access": "read_only"})"));
  EXPECT_TRUE(spec.buffers[0].dumpText);
  EXPECT_FALSE(spec.buffers[0].dumpFile);
  EXPECT_EQ(spec.buffers[0].access, BufferAccess::ReadOnly);
  spec =
      parse(withBuffer(R"({"type": "int", "count": 2, "access": "write_only", "dump": "o.bin"})"));
  EXPECT_EQ(spec.buffers[0].access, BufferAccess::WriteOnly);
  EXPECT_EQ(spec.buffers[0].dumpFile, kData / "o.bin");
  EXPECT_EQ(parse(withBuffer(R"({"type": "int", "count": 2})")).buffers[0].access,
            BufferAccess::ReadWrite);
  EXPECT_EQ(parse(withBuffer(R"({"type": "int", "count": 2})")).buffers[0].init.kind,
            BufferInit::Kind::None);
}

TEST(RunFileErrors, BufferDumpAndAccess) {
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "dump": "no/such/folder/a.bin"})"),
               "buffers.a.dump: the folder of 'no/such/folder/a.bin' does not exist");
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "dump": 1})"),
               "buffers.a.dump: expected a string, got the number 1");
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "dump": ""})"),
               "buffers.a.dump: expected a file path or true");
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "access": "readonly"})"),
               "buffers.a.access: unknown access 'readonly' (read_write, read_only or write_only)");
}

// Malformed input never changes a file the user gave spvsim: a dump may not overwrite
// the module, an init file, the run file, or another buffer's dump.
TEST(RunFileErrors, DumpsNeverOverwriteInputs) {
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "dump": "kernel.spvasm"})"),
               "buffers.a.dump: 'kernel.spvasm' is the module: spvsim does not overwrite its "
               "inputs");
  EXPECT_ERROR(withBuffer(R"({"type": "int", "count": 2, "dump": "../data/./kernel.spvasm"})"),
               "buffers.a.dump: '../data/./kernel.spvasm' is the module: spvsim does not "
               "overwrite its inputs");
  EXPECT_ERROR(
      withBuffer(R"({"type": "uint", "count": 4, "init": {"file": "uint4.bin"},
                     "dump": "uint4.bin"})"),
      "buffers.a.dump: 'uint4.bin' is the init file of buffers.a: spvsim does not overwrite its "
      "inputs");
  EXPECT_ERROR(R"({"module": "kernel.spvasm", "kernel": "k", "global_size": [1],
                   "buffers": {"a": {"type": "int", "count": 1, "dump": "x.bin"},
                               "b": {"type": "int", "count": 1, "dump": "x.bin"}}})",
               "buffers.b.dump: 'x.bin' is also the dump of buffers.a");
}

TEST(RunFileErrors, DumpNeverOverwritesTheRunFile) {
  const auto folder = std::filesystem::temp_directory_path() / "spvsim-run-spec-test";
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file(kData / "kernel.spvasm", folder / "kernel.spvasm",
                             std::filesystem::copy_options::overwrite_existing);
  const std::string text = R"({"module": "kernel.spvasm", "kernel": "k", "global_size": [1],
      "buffers": {"a": {"type": "int", "count": 1, "dump": "run.json"}}})";
  { std::ofstream(folder / "run.json") << text; }
  try {
    parseRunFile(folder / "run.json");
    ADD_FAILURE() << "no error";
  } catch (const Error &e) {
    EXPECT_EQ(std::string(e.what()),
              "buffers.a.dump: 'run.json' is the run file: spvsim does not overwrite its inputs");
  }
  std::filesystem::remove_all(folder);
}

TEST(RunFileErrors, LimitsOfTheDevice) {
  // Issue 14: {"local": 2147483648} reached the executor and its allocator.
  EXPECT_ERROR(withArgs(R"([{"local": 2147483648}])"),
               "args[0].local: 2147483648 bytes is more than the device's __local memory "
               "(CL_DEVICE_LOCAL_MEM_SIZE, 65536 bytes)");
  EXPECT_NO_THROW(parse(withArgs(R"([{"local": 65536}])")));
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [4294967296, 4294967296])"),
               "global_size: more than 2^64 work-items in all");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [4294967296, 4294967296, 1],
                             "launches": [{"global_size": [1]}, {}])"),
               "global_size: more than 2^64 work-items in all (in launches[1])");
  EXPECT_NO_THROW(
      parse(withLaunch(R"("kernel": "k", "global_size": [2097152, 2097152, 2097152])")));
}

TEST(RunFile, ArgumentForms) {
  RunSpec spec = parse(withArgs(R"([
      {"buffer": "a"},
      {"buffer": "a", "offset": 16, "size": 32},
      {"buffer": "a", "offset": 8},
      {"local": 64},
      {"scalar": "float2", "value": [1, "inf"]},
      {"struct": "0a0B 0c0d"},
      {"null": true}])"));
  const std::vector<ArgSpec> &args = spec.launches[0].args;
  ASSERT_EQ(args.size(), 7u);
  EXPECT_FALSE(args[0].subBuffer);
  EXPECT_TRUE(args[1].subBuffer);
  EXPECT_EQ(args[1].offset, 16u);
  EXPECT_EQ(args[1].size, 32u);
  EXPECT_EQ(args[2].offset, 8u);
  EXPECT_EQ(args[2].size, 56u); // to the end of the 64-byte buffer
  EXPECT_EQ(args[3].localSize, 64u);
  EXPECT_EQ(args[4].scalarType, (ElementType{ScalarType::Float, 2}));
  float values[2];
  std::memcpy(values, args[4].bytes.data(), sizeof values);
  EXPECT_EQ(values[0], 1.0f);
  EXPECT_TRUE(std::isinf(values[1]));
  EXPECT_EQ(args[5].kind, ArgSpec::Kind::Struct);
  EXPECT_EQ(args[5].bytes, (std::vector<std::byte>{std::byte{0x0a}, std::byte{0x0b},
                                                   std::byte{0x0c}, std::byte{0x0d}}));
  EXPECT_EQ(args[6].kind, ArgSpec::Kind::Null);
}

TEST(RunFileErrors, Arguments) {
  EXPECT_ERROR(withArgs(R"({"buffer": "a"})"), "args: expected a list, got an object");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a"}, 3])"),
               "args[1]: expected an object, got the number 3");
  EXPECT_ERROR(withArgs(R"([{}])"),
               "args[0]: expected one of {\"buffer\": name}, {\"local\": bytes}, {\"scalar\": "
               "type, \"value\": v}, {\"struct\": hex}, {\"image\": name}, {\"sampler\": "
               "{...}}, {\"null\": true}");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "local": 4}])"),
               "args[0]: 'buffer' and 'local' cannot be combined");
  EXPECT_ERROR(withArgs(R"([{"buffer": "x"}])"), "args[0].buffer: no buffer named 'x'");
  EXPECT_ERROR(withArgs(R"([{"buffer": 1}])"),
               "args[0].buffer: expected a string, got the number 1");
  EXPECT_ERROR(withArgs(R"([{"local": 0}])"),
               "args[0].local: expected a whole number 1 or more, got 0");
  EXPECT_ERROR(withArgs(R"([{"scalar": "flaot", "value": 1}])"),
               "args[0].scalar: unknown type 'flaot'");
  EXPECT_ERROR(withArgs(R"([{"scalar": "int"}])"), "args[0].value: required");
  EXPECT_ERROR(withArgs(R"([{"scalar": "int", "value": 1.5}])"),
               "args[0].value: 1.5 does not fit int (not a whole number)");
  EXPECT_ERROR(withArgs(R"([{"scalar": "uint4", "value": [1, 2, 3]}])"),
               "args[0].value: expected a list of 4 numbers for uint4, got a list");
  EXPECT_ERROR(withArgs(R"([{"struct": "abc"}])"),
               "args[0].struct: odd number of hexadecimal digits");
  EXPECT_ERROR(withArgs(R"([{"struct": "0g"}])"), "args[0].struct: 'g' is not a hexadecimal digit");
  EXPECT_ERROR(withArgs(R"([{"struct": ""}])"),
               "args[0].struct: expected the struct's bytes in hexadecimal, got \"\"");
  EXPECT_ERROR(withArgs(R"([{"null": false}])"), "args[0].null: expected true, got false");
}

TEST(RunFileErrors, SubBuffers) {
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "offset": 64}])"),
               "args[0].offset: 64 is not inside buffer 'a' (64 bytes)");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "offset": 6, "size": 4}])"),
               "args[0].offset: 6 is not a multiple of the element size of 'a' (4 bytes, float)");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "offset": 16, "size": 64}])"),
               "args[0].size: offset 16 + size 64 exceed buffer 'a' (64 bytes)");
  EXPECT_ERROR(withArgs(R"([{"buffer": "a", "size": 0}])"),
               "args[0].size: expected a whole number 1 or more, got 0");
}

TEST(RunFile, SpecConstants) {
  RunSpec spec = parse(withArgs("[]").insert(
      1, R"("spec_constants": {"3": 16, "4": true, "5": -1.5, "6": "0x10"}, )"));
  ASSERT_EQ(spec.specConstants.size(), 4u);
  EXPECT_EQ(spec.specConstants[0].path, "spec_constants.3");
  EXPECT_TRUE(spec.specConstants[1].isBoolean);
  EXPECT_TRUE(spec.specConstants[1].boolean);
  EXPECT_EQ(spec.specConstants[2].number.asReal, -1.5);
  EXPECT_EQ(spec.specConstants[3].number.asUnsigned, 16u);
}

TEST(RunFileErrors, SpecConstants) {
  auto with = [](const char *constants) {
    return withArgs("[]").insert(1, std::string(R"("spec_constants": )") + constants + ", ");
  };
  EXPECT_ERROR(with("[1]"), "spec_constants: expected an object, got a list");
  EXPECT_ERROR(with(R"({"x": 1})"),
               "spec_constants.x: a SpecId must be a decimal number below 2^32");
  EXPECT_ERROR(with(R"({"4294967296": 1})"),
               "spec_constants.4294967296: a SpecId must be a decimal number below 2^32");
  EXPECT_ERROR(with(R"({"1": [1]})"), "spec_constants.1: expected a number, got a list");
}

TEST(RunFile, LaunchesTakeTopLevelDefaults) {
  RunSpec spec = parse(withLaunch(R"(
      "kernel": "k", "global_size": [64], "local_size": [16], "global_offset": [4],
      "args": [{"buffer": "a"}],
      "launches": [
        {},
        {"kernel": "k2", "args": [{"local": 8}]},
        {"global_size": [8, 8], "local_size": null, "global_offset": [1, 1]}
      ])"));
  ASSERT_EQ(spec.launches.size(), 3u); // the top-level args are not a launch of their own
  const LaunchSpec &first = spec.launches[0];
  EXPECT_EQ(first.path, "launches[0]");
  EXPECT_EQ(first.kernel, "k");
  EXPECT_EQ(first.global[0], 64u);
  EXPECT_EQ(first.local, (std::array<uint64_t, 3>{16, 1, 1}));
  EXPECT_EQ(first.offset[0], 4u);
  EXPECT_EQ(first.args[0].buffer, "a");
  EXPECT_TRUE(first.argsInherited && first.kernelInherited && first.localInherited);
  const LaunchSpec &second = spec.launches[1];
  EXPECT_EQ(second.kernel, "k2");
  EXPECT_FALSE(second.kernelInherited);
  EXPECT_EQ(second.args[0].kind, ArgSpec::Kind::Local);
  EXPECT_EQ(second.args[0].path, "launches[1].args[0]");
  EXPECT_EQ(second.global[0], 64u);
  const LaunchSpec &third = spec.launches[2];
  EXPECT_EQ(third.dims, 2u);
  EXPECT_FALSE(third.local);
  EXPECT_EQ(third.offset, (std::array<uint64_t, 3>{1, 1, 0}));
  EXPECT_EQ(third.args[0].path, "args[0]");
}

TEST(RunFile, LaunchesWithoutTopLevelDefaults) {
  RunSpec spec = parse(withLaunch(R"("launches": [
      {"kernel": "a", "global_size": [4], "args": []},
      {"kernel": "b", "global_size": [2, 2], "local_size": [2, 2]}])"));
  ASSERT_EQ(spec.launches.size(), 2u);
  EXPECT_TRUE(spec.launches[1].args.empty());
  EXPECT_FALSE(spec.launches[0].local);
}

TEST(RunFileErrors, Launches) {
  EXPECT_ERROR(withLaunch(R"("launches": [])"), "launches: expected at least one launch");
  EXPECT_ERROR(withLaunch(R"("launches": {})"),
               "launches: expected a list of launches, got an object");
  EXPECT_ERROR(withLaunch(R"("launches": [3])"),
               "launches[0]: expected an object, got the number 3");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "launches": [{"kernel": "k", "global_size": [1]},
                                                        {"kernel": "k"}])"),
               "launches[1].global_size: required (the top level gives no default)");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "launches": [{"global_size": [1],
                             "args": [{"buffer": "x"}]}, {"global_size": [1]}])"),
               "launches[0].args[0].buffer: no buffer named 'x'");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [64], "local_size": [8], "launches": [
                             {}, {"global_size": [8, 8]}])"),
               "local_size: must have the same count as global_size (2) (in launches[1])");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [64], "launches": [
                             {"local_size": [8, 8]}])"),
               "launches[0].local_size: must have the same count as global_size (1)");
  EXPECT_ERROR(withLaunch(R"("kernel": "k", "global_size": [64], "launches": [
                             {"global_size": [1, 2, 0]}])"),
               "launches[0].global_size[2]: expected a whole number 1 or more, got 0");
}

} // namespace
} // namespace spvsim::runfile

namespace spvsim::runfile {
namespace {

// A sampler argument is the sampler_t value OpenCL C gives it (CLK_* of opencl-c.h:
// CLK_NORMALIZED_COORDS_TRUE 1, CLK_ADDRESS_CLAMP_TO_EDGE 2, CLK_ADDRESS_CLAMP 4,
// CLK_ADDRESS_MIRRORED_REPEAT 8, CLK_FILTER_NEAREST 0x10, CLK_FILTER_LINEAR 0x20), with
// clCreateSamplerWithProperties' defaults (normalized, clamp, nearest).
TEST(RunFile, SamplerArguments) {
  RunSpec spec = parse(withArgs(R"([
      {"sampler": {"normalized_coords": false, "addressing_mode": "clamp_to_edge",
                   "filter_mode": "linear"}},
      {"sampler": {}},
      {"sampler": {"addressing_mode": "mirrored_repeat", "filter_mode": "nearest"}},
      {"sampler": {"normalized_coords": false, "addressing_mode": "none"}}])"));
  const std::vector<ArgSpec> &args = spec.launches[0].args;
  ASSERT_EQ(args.size(), 4u);
  EXPECT_EQ(args[0].kind, ArgSpec::Kind::Sampler);
  EXPECT_EQ(args[0].samplerBits, 0x22u);
  EXPECT_EQ(args[1].samplerBits, 0x15u);
  EXPECT_EQ(args[2].samplerBits, 0x19u);
  EXPECT_EQ(args[3].samplerBits, 0x10u);
}

TEST(RunFileErrors, SamplerArguments) {
  EXPECT_ERROR(withArgs(R"([{"sampler": true}])"), "args[0].sampler: expected an object, got true");
  EXPECT_ERROR(withArgs(R"([{"sampler": {"filter": "linear"}}])"),
               "args[0].sampler.filter: unknown key");
  EXPECT_ERROR(withArgs(R"([{"sampler": {"filter_mode": "bilinear"}}])"),
               "args[0].sampler.filter_mode: unknown value 'bilinear' (expected one of: "
               "nearest, linear)");
  EXPECT_ERROR(withArgs(R"([{"sampler": {"addressing_mode": "wrap"}}])"),
               "args[0].sampler.addressing_mode: unknown value 'wrap' (expected one of: none, "
               "clamp_to_edge, clamp, repeat, mirrored_repeat)");
  EXPECT_ERROR(withArgs(R"([{"sampler": {"normalized_coords": 1}}])"),
               "args[0].sampler.normalized_coords: expected true or false, got the number 1");
  EXPECT_ERROR(
      withArgs(R"([{"sampler": {"normalized_coords": false, "addressing_mode": "repeat"}}])"),
      "args[0].sampler.addressing_mode: 'repeat' needs normalized coordinates "
      "(\"normalized_coords\": true)");
  EXPECT_ERROR(withArgs(R"([{"sampler": {}, "buffer": "a"}])"),
               "args[0]: 'buffer' and 'sampler' cannot be combined");
}

} // namespace
} // namespace spvsim::runfile
