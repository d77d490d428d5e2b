// Bounds and access checks (docs/findings.md oob.*, null.deref, access.*,
// barrier.divergence): each bad access is reported with its kind, work-item,
// buffer and offset, never touches memory outside its allocation, and the
// kernel runs on.
#include <algorithm>
#include <chrono>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class MemoryChecks : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("faults", GetParam().level); }
};

TEST_P(MemoryChecks, GlobalWritePastTheEndIsReportedAndDropped) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  // A sub-buffer in the middle of a larger buffer: writes past its end land inside the
  // parent, which must stay untouched.
  auto parent = h.buffer(std::vector<int32_t>(96, -1), "parent");
  BufferId sub = h.memory.createSub(parent, 32 * 4, 32 * 4, "out");
  h.run("write_past_end", range1(32, 32), {ArgBinding::ofBuffer(sub), value<int32_t>(4)},
        options());
  auto all = h.read<int32_t>(parent);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(all[i], -1) << i;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(all[32 + i], -1) << i;
  for (int i = 4; i < 32; ++i) EXPECT_EQ(all[32 + i], i - 4) << i;
  for (int i = 64; i < 96; ++i) EXPECT_EQ(all[i], -1) << i;
  auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  const Finding &f = findings[0];
  EXPECT_EQ(f.kind, "oob.subbuffer");
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "out");
  EXPECT_EQ(f.memory->offset, 128u); // work-item 28 writes out[32]
  EXPECT_EQ(f.memory->size, 4u);
  ASSERT_TRUE(f.workItem);
  EXPECT_EQ(f.workItem->global[0], 28u);
  EXPECT_NE(f.instruction.find("OpStore"), std::string::npos);
  EXPECT_EQ(f.kernel, "write_past_end");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "write_past_end");
}

TEST_P(MemoryChecks, WritesBeforeTheStartAreGlobalOutOfBounds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(16, -1), "out");
  h.run("write_past_end", range1(16, 16), {ArgBinding::ofBuffer(out), value<int32_t>(-2)},
        options());
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < 14; ++i) EXPECT_EQ(got[i], i + 2);
  auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "oob.global.write");
  EXPECT_EQ(static_cast<int64_t>(findings[0].memory->offset), -8);
  EXPECT_EQ(findings[0].workItem->global[0], 0u);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "write_past_end");
}

TEST_P(MemoryChecks, LocalOverflow) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(16), "out");
  h.run("local_overflow", range1(16, 8), {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(8 * 4)},
        options());
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "oob.local");
  // Without debug information the module names no parameters: the index stands in.
  EXPECT_EQ(h.sink.findings()[0].memory->buffer, GetParam().debugInfo() ? "scratch" : "arg 1");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "local_overflow");
}

TEST_P(MemoryChecks, PrivateArrayIndexOverflow) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(8), "out");
  h.run("private_overflow", range1(8, 8), {ArgBinding::ofBuffer(out), value<int32_t>(2)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(out)[5], 3);
  h.run("private_overflow", range1(8, 8), {ArgBinding::ofBuffer(out), value<int32_t>(6)},
        options());
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  // From -O1 on the array is a constant lookup table (a program-scope constant).
  const bool optimised = !GetParam().level.starts_with("O0");
  EXPECT_EQ(kinds[0], optimised ? "oob.constant" : "oob.private");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "private_overflow");
}

TEST_P(MemoryChecks, NullPointer) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  h.run("null_store", range1(4, 4), {ArgBinding::null()}, options());
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "null.deref");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "null_store");
}

// A write to a CL_MEM_READ_ONLY buffer is reported and performed, as every driver
// performs it (the conformance suite's spirv_new decorate_fp_rounding_mode_* write
// their results to a buffer created read-only).
TEST_P(MemoryChecks, ReadOnlyBufferIsWrittenAndReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(4, 9), "ro", BufferAccess::ReadOnly);
  h.run("null_store", range1(4, 4), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{7, 7, 7, 7}));
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "access.read_only_write");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "null_store");
}

// Only the flags are overlooked: writes past the end of a read-only sub-buffer are
// dropped (bounds are checked before the flags), the ones inside it performed.
TEST_P(MemoryChecks, ReadOnlySubBufferKeepsItsBounds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto parent = h.buffer(std::vector<int32_t>(48, -1), "parent");
  BufferId sub = h.memory.createSub(parent, 16 * 4, 16 * 4, "ro", BufferAccess::ReadOnly);
  h.run("write_past_end", range1(16, 16), {ArgBinding::ofBuffer(sub), value<int32_t>(4)},
        options());
  auto all = h.read<int32_t>(parent);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(all[i], -1) << i;
  for (int i = 20; i < 32; ++i) EXPECT_EQ(all[i], i - 20) << i;
  for (int i = 32; i < 48; ++i) EXPECT_EQ(all[i], -1) << i;
  auto kinds = h.findingKinds();
  std::sort(kinds.begin(), kinds.end());
  EXPECT_EQ(kinds, (std::vector<std::string>{"access.read_only_write", "oob.subbuffer"}));
}

// A store to some components of a vector in a write-only buffer is no read of it,
// however the producer lowers it; reading a component is.
TEST_P(MemoryChecks, ComponentStoresToAWriteOnlyBufferAreNoReads) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<float>(32, 5.0f), "wo", BufferAccess::WriteOnly);
  h.run("component_store", range1(8, 8), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_TRUE(h.findingKinds().empty());
  auto got = h.read<float>(out);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(got[4 * i], 1.0f);
    EXPECT_EQ(got[4 * i + 1], 5.0f);
    EXPECT_EQ(got[4 * i + 2], float(i));
    EXPECT_EQ(got[4 * i + 3], 5.0f);
  }
  h.run("component_copy", range1(8, 8), {ArgBinding::ofBuffer(out)}, options());
  EXPECT_EQ(h.findingKinds(), (std::vector<std::string>{"access.write_only_read"}));
  EXPECT_EQ(h.read<float>(out)[4], 5.0f);
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "component_copy");
}

TEST_P(MemoryChecks, ComponentStoresInStepsAreNoReadOfAWriteOnlyBuffer) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto xy = h.buffer(std::vector<int32_t>(4 * 16, -1), "xy", BufferAccess::WriteOnly);
  std::vector<int32_t> values(16);
  for (int i = 0; i < 16; ++i) values[i] = 3 * i + 1;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<int32_t>(16), "out");
  h.run("component_store_steps", range1(16, 8),
        {ArgBinding::ofBuffer(xy), ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.findingKinds().empty()) << formatText(h.sink.findings().at(0));
  const auto got = h.read<int32_t>(xy);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(got[4 * i], i % 8);
    EXPECT_EQ(got[4 * i + 1], i / 8);
    EXPECT_EQ(got[4 * i + 2], -1) << "the component no one wrote keeps its value";
    EXPECT_EQ(got[4 * i + 3], 4);
  }
  EXPECT_EQ(h.read<int32_t>(out), values);
}

TEST_P(MemoryChecks, BarrierDivergence) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(16), "out");
  h.run("barrier_divergence", range1(16, 16), {ArgBinding::ofBuffer(out)}, options());
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "barrier.divergence");
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "barrier_divergence");
  // Execution continues: every work-item still writes its id.
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(got[i], i);
}

TEST_P(MemoryChecks, BarrierMismatchIsFoundAtEveryWidth) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  h.run("barrier_mismatch", range1(64, 64), {ArgBinding::ofBuffer(out)}, options());
  auto kinds = h.findingKinds();
  ASSERT_EQ(kinds.size(), 1u);
  EXPECT_EQ(kinds[0], "barrier.mismatch");
  auto got = h.read<int32_t>(out);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], i < 32 ? 1 : 2);
}

TEST_P(MemoryChecks, WatchdogStopsAKernelThatNeverEnds) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  ExecOptions o = options();
  o.timeoutSeconds = 0.2;
  auto start = std::chrono::steady_clock::now();
  h.run("spin", range1(64, 16), {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, o);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  auto findings = h.sink.findings();
  ASSERT_FALSE(findings.empty());
  // Where the work-items were, and one finding for the launch: how far it got.
  size_t launchFindings = 0;
  for (const auto &f : findings) {
    EXPECT_EQ(f.kind, "hang.timeout");
    EXPECT_NE(f.message.find("0.2 s"), std::string::npos) << f.message;
    if (!f.workItem) {
      ++launchFindings;
      EXPECT_NE(f.message.find(" of 64 work-items had finished"), std::string::npos) << f.message;
    }
  }
  EXPECT_EQ(launchFindings, 1u);
  EXPECT_GT(findings.size(), 1u);
}

TEST_P(MemoryChecks, UndefinedIntegerOperations) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{7, INT32_MIN, -9, 12}, "in");
  auto out = h.buffer(std::vector<int32_t>(8), "out");
  auto run = [&](int32_t d, int32_t s) {
    h.sink.clear();
    h.run(
        "undefined_int", range1(4, 4),
        {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), value<int32_t>(d), value<int32_t>(s)},
        options());
    return h.findingKinds();
  };
  EXPECT_TRUE(run(2, 3).empty());
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{3, 56, INT32_MIN / 2, 0, -4, -72, 6, 96}));
  EXPECT_EQ(run(0, 3), (std::vector<std::string>{"ub.div-by-zero"}));
  h.expectFindingsAt(GetParam().debugInfo(), "kernels/faults.cl", "divide");
  EXPECT_EQ(run(-1, 3), (std::vector<std::string>{"ub.int-overflow"}));
  // OpenCL C takes shift amounts modulo the width (clang masks them): no finding.
  EXPECT_TRUE(run(1, 33).empty());
  EXPECT_EQ(h.read<int32_t>(out)[1], 14);
}

TEST_P(MemoryChecks, ShiftByTheWidthInSpirV) {
  KernelHarness h(std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/shift_ub.spvasm");
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<uint32_t>{5}, "out");
  h.run("shift_ub", range1(1, 1), {ArgBinding::ofBuffer(out), value<uint32_t>(3)}, options());
  EXPECT_EQ(h.read<uint32_t>(out)[0], 40u);
  EXPECT_TRUE(h.sink.findings().empty());
  h.run("shift_ub", range1(1, 1), {ArgBinding::ofBuffer(out), value<uint32_t>(32)}, options());
  EXPECT_EQ(h.findingKinds(), (std::vector<std::string>{"ub.shift"}));
}

// docs/findings.md ub.int-overflow: a NoSignedWrap add that overflows as signed, a
// NoUnsignedWrap multiply that wraps as unsigned; in-range operands report nothing.
TEST_P(MemoryChecks, WrapDecorations) {
  KernelHarness h(std::string(SPVSIM_TEST_SOURCE_DIR) + "/kernels/wrap_ub.spvasm");
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<uint32_t>(2), "out");
  auto run = [&](uint32_t a, uint32_t b) {
    h.sink.clear();
    h.run("wrap_ub", range1(1, 1), {ArgBinding::ofBuffer(out), value(a), value(b)}, options());
    return h.findingKinds();
  };
  EXPECT_TRUE(run(3, 4).empty());
  EXPECT_EQ(h.read<uint32_t>(out), (std::vector<uint32_t>{7, 12}));
  // 0xFFFFFFFF + 1: fine as signed (-1 + 1), wraps as unsigned but only the multiply is NUW.
  EXPECT_TRUE(run(0xffffffffu, 1).empty());
  EXPECT_EQ(run(0x7fffffffu, 1), (std::vector<std::string>{"ub.int-overflow"}));
  EXPECT_EQ(run(0x10000u, 0x10000u), (std::vector<std::string>{"ub.int-overflow"}));
  EXPECT_EQ(h.read<uint32_t>(out), (std::vector<uint32_t>{0x20000u, 0}));
}

INSTANTIATE_TEST_SUITE_P(Kernels, MemoryChecks, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
