// Oclgrind's .sim files read into a RunSpec against hand-made kernel signatures: the
// header lines, every argument form (values, fill, range, hex, noinit, null, local,
// scalars, structs), defaults from the parameter's type, errors naming line and token;
// and oclgrind-kernel's dump format.
#include "spvsim/runfile/sim_file.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <sstream>

#include "spvsim/common/error.h"
#include "spvsim/runfile/oclgrind_dump.h"

namespace spvsim::runfile {
namespace {

KernelParam param(const std::string &name, ParamKind kind, const std::string &typeName,
                  uint32_t size = 8) {
  KernelParam p;
  p.name = name;
  p.kind = kind;
  p.typeName = typeName;
  p.size = size;
  return p;
}

/// k(global float *in, global int *out, local float *tmp, uint n, float2 f, struct s)
KernelSignature kernel() {
  return {"k",
          {param("in", ParamKind::GlobalBuffer, "float*"),
           param("out", ParamKind::GlobalBuffer, "int*"),
           param("tmp", ParamKind::LocalBuffer, "float*"), param("n", ParamKind::Value, "uint", 4),
           param("f", ParamKind::Value, "float2", 8),
           param("s", ParamKind::ByValStruct, "struct", 8)},
          {}};
}

RunSpec run(const std::string &text, const KernelSignature &k = kernel()) {
  return simRunSpec(parseSimText(text, "/base", "t.sim"), k);
}

std::string simError(const std::string &text, const KernelSignature &k = kernel()) {
  try {
    run(text, k);
  } catch (const Error &e) {
    return e.what();
  }
  return "no error";
}

const char *const kHeader = "k.cl k\n8 2 1  # NDRange\n4 1 1\n";

TEST(SimFile, HeaderAndEveryArgumentForm) {
  const RunSpec spec = run(std::string(kHeader) + "<size=32 range=0:0.5:3.5>\n"
                                                  "<size=32 fill=-2 dump ro>\n"
                                                  "<size=64>\n"
                                                  "<size=4> 7\n"
                                                  "<size=8> 1.5 -2\n"
                                                  "<size=8 uint hex> 0x10 ff\n");
  EXPECT_EQ(spec.module, std::filesystem::path("/base/k.cl"));
  ASSERT_EQ(spec.launches.size(), 1u);
  const LaunchSpec &launch = spec.launches[0];
  EXPECT_EQ(launch.kernel, "k");
  EXPECT_EQ(launch.dims, 3u);
  EXPECT_EQ(launch.global, (std::array<uint64_t, 3>{8, 2, 1}));
  EXPECT_EQ(launch.local, (std::array<uint64_t, 3>{4, 1, 1}));
  ASSERT_EQ(spec.buffers.size(), 2u);
  const BufferSpec &in = spec.buffers[0], &out = spec.buffers[1];
  EXPECT_EQ(in.name, "in");
  EXPECT_EQ(in.type.name(), "float");
  EXPECT_EQ(in.count, 8u);
  ASSERT_EQ(in.init.valueBits.size(), 8u);
  EXPECT_EQ(in.init.valueBits[7], std::bit_cast<uint32_t>(3.5f));
  EXPECT_FALSE(in.dumpText);
  EXPECT_EQ(out.type.name(), "int");
  EXPECT_EQ(out.access, BufferAccess::ReadOnly);
  EXPECT_EQ(out.init.valueBits[0], 0xfffffffeu);
  EXPECT_TRUE(out.dumpText);
  EXPECT_EQ(out.dumpView.style, DumpView::Style::Oclgrind);
  ASSERT_EQ(launch.args.size(), 6u);
  EXPECT_EQ(launch.args[1].buffer, "out");
  EXPECT_EQ(launch.args[2].kind, ArgSpec::Kind::Local);
  EXPECT_EQ(launch.args[2].localSize, 64u);
  EXPECT_EQ(launch.args[3].kind, ArgSpec::Kind::Scalar);
  EXPECT_EQ(launch.args[3].bytes, (std::vector<std::byte>{std::byte{7}, {}, {}, {}}));
  float f[2];
  std::memcpy(f, launch.args[4].bytes.data(), 8);
  EXPECT_EQ(f[0], 1.5f);
  EXPECT_EQ(f[1], -2.0f);
  EXPECT_EQ(launch.args[5].kind, ArgSpec::Kind::Struct);
  uint32_t s[2];
  std::memcpy(s, launch.args[5].bytes.data(), 8);
  EXPECT_EQ(s[0], 0x10u);
  EXPECT_EQ(s[1], 0xffu);
}

TEST(SimFile, UnnamedParametersAreArgN) {
  // A module that names no parameter: buffers are named as findings name them.
  const KernelSignature k{
      "k",
      {param("", ParamKind::GlobalBuffer, "float*"), param("", ParamKind::GlobalBuffer, "int*")},
      {}};
  const RunSpec spec = run(std::string(kHeader) + "<size=32 fill=1>\n<size=32 noinit dump>\n", k);
  ASSERT_EQ(spec.buffers.size(), 2u);
  EXPECT_EQ(spec.buffers[0].name, "arg 0");
  EXPECT_EQ(spec.buffers[1].name, "arg 1");
  EXPECT_EQ(spec.launches[0].args[1].buffer, "arg 1");
}

TEST(SimFile, ValuesSpanLinesAndNoinitNullAndCharTypes) {
  const KernelSignature k{"k",
                          {param("a", ParamKind::GlobalBuffer, "char*"),
                           param("b", ParamKind::GlobalBuffer, "uchar*"),
                           param("c", ParamKind::ConstantBuffer, "void*")},
                          {}};
  const RunSpec spec = run("k.cl k 1 1 1 1 1 1\n<size=3>\n-128\n127 # comment\n 5\n"
                           "<size=2 noinit dump> <null>",
                           k);
  EXPECT_EQ(spec.buffers[0].init.valueBits, (std::vector<uint64_t>{0x80, 0x7f, 5}));
  EXPECT_EQ(spec.buffers[1].init.kind, BufferInit::Kind::None);
  EXPECT_EQ(spec.buffers[1].type.name(), "uchar");
  EXPECT_EQ(spec.launches[0].args[2].kind, ArgSpec::Kind::Null);
}

TEST(SimFile, RangeCountsInTheTypesArithmetic) {
  const KernelSignature k{"k", {param("a", ParamKind::GlobalBuffer, "short*")}, {}};
  EXPECT_EQ(run("k.cl k 1 1 1 1 1 1 <size=8 range=10:-5:-5>", k).buffers[0].init.valueBits,
            (std::vector<uint64_t>{10, 5, 0, 0xfffb}));
  EXPECT_EQ(simError("k.cl k 1 1 1 1 1 1\n<size=8 range=0:1:4>", k),
            "t.sim:2: range '0:1:4' does not give 4 short values (size=8) (reading argument 0 "
            "'a')");
}

TEST(SimFileErrors, NameLineAndToken) {
  EXPECT_EQ(simError("k.cl k\n8 x 1\n1 1 1\n"),
            "t.sim:2: expected a global size (a whole number above 0), got 'x' (reading the "
            "NDRange)");
  EXPECT_EQ(simError("k.cl k 8 1"), "t.sim: unexpected end of file, expected a global size "
                                    "(reading the NDRange)");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=32 fil=1>"),
            "t.sim:4: unknown header token 'fil=1'; expected size=BYTES, a type (char uchar "
            "short ushort int uint long ulong float double), fill=V, range=START:STEP:END, "
            "noinit, null, ro, wo, hex or dump (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "size=32"),
            "t.sim:4: expected an argument header <...>, got 'size=32' (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=32 fill=0\n"),
            "t.sim:4: missing '>' at the end of the argument header '<size=32 fill=0' (reading "
            "argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=8>\n1 2.5x"),
            "t.sim:5: value 1 of 2: '2.5x' is not a float (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=6>"),
            "t.sim:4: size=6 is not a whole number of float values (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<fill=1>"),
            "t.sim:4: size=BYTES is required (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=4 fill=1 range=0:1:0>"),
            "t.sim:4: more than one of fill=, range= and noinit (reading argument 0 'in')");
  EXPECT_EQ(simError(std::string(kHeader) + "<size=4 fill=1>\n<size=4 fill=300 char>"),
            "t.sim:5: invalid fill value '300' for char (reading argument 1 'out')");
  EXPECT_EQ(
      simError(std::string(kHeader) + "<size=4 fill=1> <size=4 fill=1> <size=4> <size=4 dump> 1"),
      "t.sim:4: 'dump' is only for __global and __constant pointer arguments (reading "
      "argument 3 'n')");
  const KernelSignature one{"k", {param("a", ParamKind::GlobalBuffer, "int*")}, {}};
  EXPECT_EQ(simError("k.cl k 1 1 1 1 1 1\n<size=4 fill=1>\n<size=4>", one),
            "t.sim:3: unexpected '<size=4>': kernel 'k' has 1 parameters, all given (reading "
            "the end of the file)");
  const KernelSignature structPtr{"k", {param("a", ParamKind::GlobalBuffer, "struct S*")}, {}};
  EXPECT_EQ(simError("k.cl k 1 1 1 1 1 1\n<size=4 fill=1>", structPtr),
            "t.sim:2: no .sim type for the parameter's type 'struct S*': give one (char uchar "
            "short ushort int uint long ulong float double) (reading argument 0 'a')");
}

TEST(OclgrindDump, FormatsAsOclgrindKernel) {
  EXPECT_EQ(formatOclgrindValue(ScalarType::Float, std::bit_cast<uint32_t>(0.1f), false), "0.1");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Float, std::bit_cast<uint32_t>(1234567.f), false),
            "1.23457e+06");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Double, std::bit_cast<uint64_t>(-0.5), false), "-0.5");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Char, 0xff, false), "-1");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Char, 0xff, true), "0xffffffff");
  EXPECT_EQ(formatOclgrindValue(ScalarType::UChar, 0x5, true), "0x05");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Short, 0xffff, true), "0xffff");
  EXPECT_EQ(formatOclgrindValue(ScalarType::UInt, 0x10, true), "0x00000010");
  EXPECT_EQ(formatOclgrindValue(ScalarType::Long, 0x8000000000000000, false),
            "-9223372036854775808");
  EXPECT_EQ(formatOclgrindValue(ScalarType::ULong, 0x8000000000000000, true), "0x8000000000000000");
  const uint32_t values[2] = {4, 0xffffffff};
  std::ostringstream out;
  writeOclgrindDump(out, "data", ScalarType::Int, 2, std::as_bytes(std::span(values)), false);
  EXPECT_EQ(out.str(), "\nArgument 'data': 8 bytes\n  data[0] = 4\n  data[1] = -1\n\n");
}

} // namespace
} // namespace spvsim::runfile
