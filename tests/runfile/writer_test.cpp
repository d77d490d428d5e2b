// Writing run files: whatever writeRunText writes, parseRunText reads back as
// the same RunSpec (write → parse → same values, bytes and paths), for every
// form of docs/run-files.md.
#include "spvsim/runfile/writer.h"

#include <gtest/gtest.h>

#include "runfile_test_support.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "spvsim/common/error.h"

namespace spvsim::runfile {
namespace {

using test::kData;

/// A fresh folder for the written files.
class WriterTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() /
        ("spvsim-writer-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "out");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  /// Writes `spec` into the folder and parses it again.
  RunSpec roundTrip(const RunSpec &spec) {
    writeRunFile(spec, dir_ / "run.json");
    return parseRunFile(dir_ / "run.json");
  }

  std::filesystem::path dir_;
};

bool samePath(const std::filesystem::path &a, const std::filesystem::path &b) {
  return std::filesystem::weakly_canonical(a) == std::filesystem::weakly_canonical(b);
}

void expectSameNumber(const Number &a, const Number &b) {
  EXPECT_EQ(a.kind, b.kind);
  if (a.kind == Number::Kind::Real) {
    uint64_t x, y;
    std::memcpy(&x, &a.asReal, 8);
    std::memcpy(&y, &b.asReal, 8);
    if (!(std::isnan(a.asReal) && std::isnan(b.asReal))) {
      EXPECT_EQ(x, y) << a.spelling;
    }
  } else {
    EXPECT_EQ(a.asSigned, b.asSigned);
    EXPECT_EQ(a.asUnsigned, b.asUnsigned);
  }
}

void expectSameArgs(const std::vector<ArgSpec> &a, const std::vector<ArgSpec> &b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE("argument " + std::to_string(i));
    EXPECT_EQ(a[i].kind, b[i].kind);
    EXPECT_EQ(a[i].buffer, b[i].buffer);
    EXPECT_EQ(a[i].subBuffer, b[i].subBuffer);
    EXPECT_EQ(a[i].offset, b[i].offset);
    EXPECT_EQ(a[i].size, b[i].size);
    EXPECT_EQ(a[i].localSize, b[i].localSize);
    EXPECT_EQ(a[i].bytes, b[i].bytes);
    EXPECT_EQ(a[i].samplerBits, b[i].samplerBits);
  }
}

/// The two specs describe the same run.
void expectSameRun(const RunSpec &a, const RunSpec &b) {
  EXPECT_TRUE(samePath(a.module, b.module)) << a.module << " vs " << b.module;
  ASSERT_EQ(a.buffers.size(), b.buffers.size());
  for (size_t i = 0; i < a.buffers.size(); ++i) {
    const BufferSpec &x = a.buffers[i], &y = b.buffers[i];
    SCOPED_TRACE("buffer " + x.name);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.count, y.count);
    EXPECT_EQ(x.access, y.access);
    EXPECT_EQ(x.dumpText, y.dumpText);
    EXPECT_EQ(x.dumpFile.has_value(), y.dumpFile.has_value());
    if (x.dumpFile && y.dumpFile) {
      EXPECT_TRUE(samePath(*x.dumpFile, *y.dumpFile));
    }
    EXPECT_EQ(x.init.kind, y.init.kind);
    // What matters is the contents the init gives.
    if (x.init.kind != BufferInit::Kind::File) {
      EXPECT_EQ(initialContents(x.type, x.count, x.init, "a"),
                initialContents(y.type, y.count, y.init, "b"));
    } else {
      EXPECT_TRUE(samePath(x.init.file, y.init.file));
    }
  }
  ASSERT_EQ(a.specConstants.size(), b.specConstants.size());
  for (size_t i = 0; i < a.specConstants.size(); ++i) {
    EXPECT_EQ(a.specConstants[i].specId, b.specConstants[i].specId);
    EXPECT_EQ(a.specConstants[i].isBoolean, b.specConstants[i].isBoolean);
    EXPECT_EQ(a.specConstants[i].boolean, b.specConstants[i].boolean);
    if (!a.specConstants[i].isBoolean)
      expectSameNumber(a.specConstants[i].number, b.specConstants[i].number);
  }
  ASSERT_EQ(a.launches.size(), b.launches.size());
  for (size_t i = 0; i < a.launches.size(); ++i) {
    const LaunchSpec &x = a.launches[i], &y = b.launches[i];
    SCOPED_TRACE("launch " + std::to_string(i));
    EXPECT_EQ(x.kernel, y.kernel);
    EXPECT_EQ(x.dims, y.dims);
    EXPECT_EQ(x.global, y.global);
    EXPECT_EQ(x.offset, y.offset);
    EXPECT_EQ(x.local, y.local);
    expectSameArgs(x.args, y.args);
  }
}

TEST_F(WriterTest, EveryFormReadsBackAsTheSameRun) {
  const RunSpec spec = parseRunText(R"({
    "module": "kernel.spvasm",
    "kernel": "main",
    "global_size": [16, 2],
    "local_size": [8, 1],
    "global_offset": [3, 0],
    "spec_constants": {"1": true, "2": -7, "4": 2.5, "5": "0x20000000000001", "6": "-inf"},
    "buffers": {
      "filled": {"type": "float4", "count": 3, "init": {"fill": -0.0}, "access": "read_only"},
      "ramp": {"type": "short", "count": 5, "init": {"range": [-3, 2]}},
      "listed": {"type": "half3", "count": 2,
                 "init": {"values": [1.5, "nan", "-inf", 0.000061035156, -2, 65504]}},
      "big": {"type": "ulong", "count": 2, "init": {"values": ["0xffffffffffffffff", 9007199254740993]},
              "access": "write_only", "dump": true},
      "loaded": {"type": "uint", "count": 4, "init": {"file": "uint4.bin"}, "dump": "out.bin"},
      "noisy": {"type": "char", "count": 7, "init": {"random": {"seed": 42, "min": -100, "max": 100}}},
      "noisyf": {"type": "double", "count": 7, "init": {"random": {"seed": 9, "min": -1e300, "max": 0.125}}},
      "zeros": {"type": "uchar16", "count": 1}
    },
    "args": [
      {"buffer": "filled"},
      {"buffer": "ramp", "offset": 2, "size": 4},
      {"local": 256},
      {"scalar": "float3", "value": [1e-45, "inf", -0.0]},
      {"scalar": "long", "value": "-0x8000000000000000"},
      {"scalar": "half", "value": 0.1},
      {"struct": "00ff10"},
      {"sampler": {"normalized_coords": false, "addressing_mode": "clamp_to_edge",
                   "filter_mode": "linear"}},
      {"sampler": {"addressing_mode": "mirrored_repeat"}},
      {"null": true}
    ]
  })",
                                    kData, "rich.json");
  expectSameRun(spec, roundTrip(spec));
}

TEST_F(WriterTest, LaunchListsAreWrittenInFull) {
  const RunSpec spec = parseRunText(R"({
    "module": "kernel.spvasm",
    "global_size": [4],
    "buffers": {"a": {"type": "int", "count": 4}},
    "args": [{"buffer": "a"}],
    "launches": [
      {"kernel": "main"},
      {"kernel": "main", "global_size": [8, 8, 2], "local_size": null,
       "args": [{"scalar": "uint2", "value": [1, 4294967295]}]}
    ]
  })",
                                    kData, "list.json");
  const RunSpec back = roundTrip(spec);
  expectSameRun(spec, back);
  EXPECT_FALSE(back.launches[1].local.has_value());
}

TEST_F(WriterTest, PathsAreRelativeToTheWrittenFile) {
  RunSpec spec = parseRunText(R"({"module": "kernel.spvasm", "kernel": "main",
    "global_size": [1], "buffers": {"a": {"type": "uint", "count": 4, "init": {"file": "uint4.bin"}}},
    "args": [{"buffer": "a"}]})",
                              kData, "paths.json");
  spec.buffers[0].dumpFile = dir_ / "out" / "a.bin";
  const std::string text = writeRunText(spec, dir_);
  EXPECT_NE(text.find("\"dump\": \"out/a.bin\""), std::string::npos) << text;
  EXPECT_EQ(text.find(dir_.string()), std::string::npos) << text;
  expectSameRun(spec, roundTrip(spec));
}

TEST_F(WriterTest, ANanWithAPayloadKeepsItsBits) {
  RunSpec spec = parseRunText(R"({"module": "kernel.spvasm", "kernel": "main",
    "global_size": [1], "args": [{"scalar": "float", "value": 1}]})",
                              kData, "nan.json");
  const uint32_t payload = 0x7fc01234;
  std::memcpy(spec.launches[0].args[0].bytes.data(), &payload, 4);
  const RunSpec back = roundTrip(spec);
  EXPECT_EQ(back.launches[0].args[0].bytes, spec.launches[0].args[0].bytes);
  EXPECT_EQ(back.launches[0].args[0].scalarType.name(), "uint");
}

TEST_F(WriterTest, AnUnwritableFileIsAnError) {
  const RunSpec spec = parseRunText(R"({"module": "kernel.spvasm", "kernel": "main",
    "global_size": [1], "args": []})",
                                    kData, "x.json");
  EXPECT_THROW(writeRunFile(spec, dir_ / "no-such-folder" / "run.json"), Error);
}

} // namespace
} // namespace spvsim::runfile
