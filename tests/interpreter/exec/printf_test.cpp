// printf through the interpreter (OpenCL C §6.15.14; OpenCL C++ 1.0 §3.23):
// output checked verbatim at -O0 and -O2 and every warp width — buffered per
// work-group, emitted in work-item order and group order (DESIGN.md
// "Determinism") — the 0 / -1 results, and the findings of failing calls.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

using Half = _Float16;

class Printf : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options(uint32_t threads = 2) {
    ExecOptions o;
    o.warpWidth = GetParam().width;
    o.threads = threads;
    o.printfSink = [this](std::string_view text) { output.append(text); };
    return o;
  }
  std::string path() const { return kernelPath("printf", GetParam().level); }
  std::string output;
};

TEST_P(Printf, EveryWorkItemInOrder) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto result = h.buffer(std::vector<int32_t>(64, 7), "result");
  h.run("hello", range1(64, 8), {ArgBinding::ofBuffer(result)}, options());
  std::string expected;
  for (int i = 0; i < 64; ++i) expected += "item " + std::to_string(i) + " of 64: ok\n";
  EXPECT_EQ(output, expected);
  EXPECT_EQ(h.read<int32_t>(result), std::vector<int32_t>(64, 0));
  EXPECT_TRUE(h.findingKinds().empty());
}

// Groups in linear group order (x fastest), items in local linear order within each.
TEST_P(Printf, TwoDimensionalGroupsInGroupOrder) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  NDRange r;
  r.dims = 2;
  r.global = {4, 4, 1};
  r.local = std::array<uint64_t, 3>{2, 2, 1};
  h.run("grid", r, {}, options());
  EXPECT_EQ(output, "(0,0) (1,0) (0,1) (1,1) (2,0) (3,0) (2,1) (3,1) "
                    "(0,2) (1,2) (0,3) (1,3) (2,2) (3,2) (2,3) (3,3) ");
}

// Each work-item's output stays together although all print before the barrier.
TEST_P(Printf, WorkItemOrderAcrossABarrier) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  h.run("around_barrier", range1(8, 4), {ArgBinding::ofLocal(16)}, options());
  EXPECT_EQ(output, "a0 b1 a1 b2 a2 b3 a3 b0 a0 b1 a1 b2 a2 b3 a3 b0 ");
}

TEST_P(Printf, DivergentCallsAndLoops) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto n = h.buffer(std::vector<int32_t>{0, 1, 2, 3, 0, 2}, "n");
  h.run("divergent", range1(6, 3), {ArgBinding::ofBuffer(n)}, options());
  EXPECT_EQ(output, "[0] 1:0 [2] 3:0 3:1 3:2 [4] 5:0 5:1 ");
}

TEST_P(Printf, ScalarConversions) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto ints = h.buffer(std::vector<int32_t>{-42, -1, 255, 8, 'A', 0x18000}, "ints");
  auto longs = h.buffer(std::vector<int64_t>{-9000000000, -1, 0xdeadbeefcafe}, "longs");
  auto floats = h.buffer(std::vector<float>{1.5f, 12345.678f, 0.0001f, 1.0f,
                                            std::numeric_limits<float>::infinity(),
                                            std::numeric_limits<float>::quiet_NaN()},
                         "floats");
  auto doubles = h.buffer(std::vector<double>{3.14159, -2.5e-3, -0.0}, "doubles");
  h.run("scalars", range1(1),
        {ArgBinding::ofBuffer(ints), ArgBinding::ofBuffer(longs), ArgBinding::ofBuffer(floats),
         ArgBinding::ofBuffer(doubles)},
        options());
  EXPECT_EQ(output, "-42|  -42|-42  |-42|-0042|-042|4294967295|ff|FF|0xff|10|010|A|%\n"
                    "-1|255|-32768|65535|-9000000000|18446744073709551615|deadbeefcafe\n"
                    "1.500000|1.50|1.234568e+04|1.234568E+04|0.0001|0.0001|0x1p+0|     3.142|"
                    "-2.5e-03  |\n"
                    "inf|INF|nan|-0.000000e+00\n"
                    "string|str|   abc|abc   |\n");
  EXPECT_TRUE(h.findingKinds().empty());
}

TEST_P(Printf, VectorConversions) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto f = h.buffer(std::vector<float>{1, -2.5f, 0.125f, 1e10f}, "f");
  auto i = h.buffer(std::vector<int32_t>{-7, 16}, "i");
  auto c = h.buffer(std::vector<uint8_t>{0, 1, 2, 127, 128, 200, 254, 255}, "c");
  auto s = h.buffer(std::vector<int16_t>{-1, 0, 300, -32768}, "s");
  auto l = h.buffer(std::vector<int64_t>{std::numeric_limits<int64_t>::max(), -5}, "l");
  auto d = h.buffer(std::vector<double>{0.5, -1e-7}, "d");
  auto hv = h.buffer(std::vector<Half>{Half(1.5f), Half(-0.25f)}, "h");
  h.run("vectors", range1(1),
        {ArgBinding::ofBuffer(f), ArgBinding::ofBuffer(i), ArgBinding::ofBuffer(c),
         ArgBinding::ofBuffer(s), ArgBinding::ofBuffer(l), ArgBinding::ofBuffer(d),
         ArgBinding::ofBuffer(hv)},
        options());
  EXPECT_EQ(output, "1.000000,-2.500000,0.125000,10000000000.000000\n"
                    "1.0e+00,-2.5e+00,1.2e-01,1.0e+10\n"
                    "-7,16|fffffff9,10\n"
                    "0,1,2,127,128,200,254,255|0,1,2,127,-128,-56,-2,-1\n"
                    "-1,0,300,-32768|0xffff,0,0x12c,0x8000\n"
                    "9223372036854775807,-5\n"
                    "0.500000,-0.000000\n"
                    "1.500000,-0.250000\n"
                    "7,8,9\n");
  EXPECT_TRUE(h.findingKinds().empty());
}

// A call whose output does not fit the launch's printf buffer prints nothing and returns -1.
TEST_P(Printf, FullBufferReturnsMinusOne) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto result = h.buffer(std::vector<int32_t>(16, 7), "result");
  ExecOptions o = options(1);
  o.printfBufferSize = 100; // five 17-byte lines fit, the sixth does not
  h.run("hello", range1(16, 8), {ArgBinding::ofBuffer(result)}, o);
  std::string expected;
  for (int k = 0; k < 5; ++k) expected += "item " + std::to_string(k) + " of 16: ok\n";
  EXPECT_EQ(output, expected);
  std::vector<int32_t> want(16, -1);
  for (int k = 0; k < 5; ++k) want[k] = 0;
  EXPECT_EQ(h.read<int32_t>(result), want);
  EXPECT_TRUE(h.findingKinds().empty());
}

// The same output with one thread or several, any warp width (compared with width 1).
TEST_P(Printf, IndependentOfThreads) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto n = h.buffer(std::vector<int32_t>(200, 2), "n");
  h.run("divergent", range1(200, 10), {ArgBinding::ofBuffer(n)}, options(1));
  const std::string single = output;
  output.clear();
  h.run("divergent", range1(200, 10), {ArgBinding::ofBuffer(n)}, options(4));
  EXPECT_EQ(output, single);
  EXPECT_EQ(single.substr(0, 16), "[0] 1:0 1:1 [2] ");
}

class PrintfFaults : public Printf {
protected:
  std::string faultsPath() const {
    return std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/printf_faults.spvasm";
  }
};

TEST_P(PrintfFaults, TooFewArgumentsIsAFormatFinding) {
  KernelHarness h(faultsPath());
  ASSERT_TRUE(h.ok());
  auto result = h.buffer(std::vector<int32_t>{7}, "result");
  h.run("too_few", range1(1), {ArgBinding::ofBuffer(result)}, options());
  EXPECT_EQ(output, "");
  EXPECT_EQ(h.read<int32_t>(result)[0], -1);
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"printf.format"});
  const std::vector<Finding> findings = h.sink.findings();
  const Finding &f = findings[0];
  EXPECT_NE(f.message.find("'%d': no argument left"), std::string::npos) << f.message;
  EXPECT_NE(f.instruction.find("printf"), std::string::npos) << f.instruction;
}

TEST_P(PrintfFaults, UnterminatedFormatIsAnOutOfBoundsRead) {
  KernelHarness h(faultsPath());
  ASSERT_TRUE(h.ok());
  auto result = h.buffer(std::vector<int32_t>{7}, "result");
  h.run("unterminated", range1(1), {ArgBinding::ofBuffer(result)}, options());
  EXPECT_EQ(output, "");
  EXPECT_EQ(h.read<int32_t>(result)[0], -1);
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"oob.constant"});
  EXPECT_EQ(h.sink.findings()[0].memory->offset, 3u);
}

TEST_P(PrintfFaults, StringsAreCheckedReads) {
  KernelHarness h(faultsPath());
  ASSERT_TRUE(h.ok());
  auto result = h.buffer(std::vector<int32_t>{7}, "result");
  auto text = h.buffer(std::vector<char>{'a', 'b', 'c', 'd'}, "text");
  h.run("string_oob", range1(1), {ArgBinding::ofBuffer(result), ArgBinding::ofBuffer(text)},
        options());
  EXPECT_EQ(output, "");
  EXPECT_EQ(h.read<int32_t>(result)[0], -1);
  ASSERT_EQ(h.findingKinds(), std::vector<std::string>{"oob.global.read"});
  EXPECT_EQ(h.sink.findings()[0].memory->buffer, "text");
  EXPECT_EQ(h.sink.findings()[0].memory->offset, 4u);

  h.sink.clear();
  auto terminated = h.buffer(std::vector<char>{'o', 'k', 0, 'x'}, "terminated");
  h.run("string_oob", range1(1), {ArgBinding::ofBuffer(result), ArgBinding::ofBuffer(terminated)},
        options());
  EXPECT_EQ(output, "ok");
  EXPECT_EQ(h.read<int32_t>(result)[0], 0);

  h.sink.clear();
  output.clear();
  h.run("string_oob", range1(1), {ArgBinding::ofBuffer(result), ArgBinding::null()}, options());
  EXPECT_EQ(output, "");
  EXPECT_EQ(h.read<int32_t>(result)[0], -1);
  EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"null.deref"});
}

INSTANTIATE_TEST_SUITE_P(Kernels, Printf, ::testing::ValuesIn(allVariants()), variantName);
INSTANTIATE_TEST_SUITE_P(Kernels, PrintfFaults,
                         ::testing::Values(Variant{"asm", 1}, Variant{"asm", 32}), variantName);

} // namespace
} // namespace spvsim::testing
