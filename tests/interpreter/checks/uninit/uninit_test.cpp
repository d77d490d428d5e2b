// The uninit check (docs/findings.md uninit.read, interpreter/DESIGN.md
// "Uninitialized values"): undefined bytes of __local, private and buffer
// memory are reported where they decide something — and only there — at
// every build, warp width and thread count.
#include <algorithm>

#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class Uninit : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return GetParam().options(); }
  std::string path() const { return kernelPath("uninit", GetParam().level); }
  /// Expects exactly one finding, uninit.read at the line marked `label`, whose message
  /// says `what`; returns it.
  Finding expectOne(KernelHarness &h, const std::string &label, const std::string &what) {
    EXPECT_EQ(h.findingKinds(), std::vector<std::string>{"uninit.read"}) << label;
    if (h.sink.findings().size() != 1) return {};
    const Finding f = h.sink.findings()[0];
    EXPECT_NE(f.message.find(what), std::string::npos) << f.message;
    h.expectFindingsAt(GetParam().debugInfo(), "kernels/uninit.cl", label);
    return f;
  }
};

TEST_P(Uninit, LocalMemoryIsUndefinedInEveryWorkGroup) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(128, -1), "out");
  // Group 0 fills its whole tile, group 1 only the even slots; group 1's odd slots held
  // group 0's values on the same thread, but are undefined all the same.
  h.run("local_half_written", range1(128, 64), {ArgBinding::ofBuffer(out), value<int32_t>(1)},
        options());
  const Finding f = expectOne(h, "local_half_written", "stored to global memory");
  ASSERT_TRUE(f.workItem && f.memory);
  EXPECT_EQ(f.workItem->group[0], 1u);
  EXPECT_EQ(f.workItem->local[0] % 2, 1u);
  EXPECT_EQ(f.memory->space, "local");
  EXPECT_NE(f.memory->buffer.find("tile"), std::string::npos) << f.memory->buffer;
  EXPECT_EQ(f.memory->offset % 8, 4u); // an odd slot
  EXPECT_EQ(f.memory->size, 4u);
  // Every slot filled: nothing to report.
  KernelHarness clean(path());
  auto out2 = clean.buffer(std::vector<int32_t>(128, -1), "out");
  clean.run("local_half_written", range1(128, 64), {ArgBinding::ofBuffer(out2), value<int32_t>(2)},
            options());
  EXPECT_TRUE(clean.sink.findings().empty());
  auto got = clean.read<int32_t>(out2);
  for (int i = 0; i < 128; ++i) EXPECT_EQ(got[i], i % 64);
}

TEST_P(Uninit, BuffersWithoutContentsAreUndefinedUntilTheHostWritesThem) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<int32_t> indices(64);
  for (int i = 0; i < 64; ++i) indices[i] = 63 - i;
  auto idx = h.buffer(indices, "idx");
  std::vector<float> values(64);
  for (int i = 0; i < 64; ++i) values[i] = float(i) * 0.5f;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<float>(64), "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(idx), ArgBinding::ofBuffer(in),
                                     ArgBinding::ofBuffer(out)};
  // Written by the host, then declared never written (a buffer created without
  // contents), then written again from element 32 on.
  h.memory.setUndefined(idx);
  h.memory.setDefined(idx, 32 * 4, 32 * 4);
  EXPECT_FALSE(h.memory.defined(idx, 0, 4));
  EXPECT_TRUE(h.memory.defined(idx, 128, 128));
  h.run("gather", range1(64, 32), args, options());
  const Finding f = expectOne(h, "gather", "never written");
  ASSERT_TRUE(f.workItem && f.memory);
  EXPECT_LT(f.workItem->global[0], 32u);
  EXPECT_EQ(f.memory->buffer, "idx");
  EXPECT_LT(f.memory->offset, 128u);
  // The access went ahead with the bytes there: the host's indices.
  auto got = h.read<float>(out);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(got[i], values[63 - i]) << i;

  h.memory.setDefined(idx, 0, 32 * 4);
  h.sink.clear();
  h.run("gather", range1(64, 32), args, options());
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Uninit, ALaterLaunchReadsWhatAnEarlierOneWrote) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto idx = h.buffer(std::vector<int32_t>(64), "idx");
  h.memory.setUndefined(idx);
  h.run("local_half_written", range1(64, 64), {ArgBinding::ofBuffer(idx), value<int32_t>(1)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_TRUE(h.memory.defined(idx, 0, 256));
  auto in = h.buffer(std::vector<float>(64, 1.5f), "in");
  auto out = h.buffer(std::vector<float>(64), "out");
  h.run("gather", range1(64, 32),
        {ArgBinding::ofBuffer(idx), ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Uninit, BranchesOnUndefinedValuesAreReported) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto flags = h.buffer(std::vector<int32_t>(64, 1), "flags");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  h.memory.setUndefined(flags);
  h.run("branch", range1(64, 32), {ArgBinding::ofBuffer(flags), ArgBinding::ofBuffer(out)},
        options());
  const Finding f = expectOne(h, "branch", "branch");
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "flags");
  EXPECT_EQ(h.read<int32_t>(out), std::vector<int32_t>(64, 1)); // it ran on
}

TEST_P(Uninit, PrintfArgumentsAreUses) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  ExecOptions o = options();
  std::string printed;
  o.printfSink = [&](std::string_view text) { printed += text; };
  h.run("print_local", range1(64, 32), {ArgBinding::ofBuffer(out)}, o);
  expectOne(h, "print_local", "printf");
  EXPECT_EQ(std::count(printed.begin(), printed.end(), '\n'), 2);
}

TEST_P(Uninit, PaddingUnusedLanesAndWholeCopiesAreNoUses) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<float>(32, 2.0f), "in");
  auto vectors = h.buffer(std::vector<float>(32 * 4), "vectors");
  h.memory.setUndefined(vectors);
  h.run("vec3_store", range1(32, 32), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(vectors)},
        options());
  auto structs = h.buffer(std::vector<int32_t>(32 * 3), "structs");
  h.memory.setUndefined(structs);
  h.run("struct_copy", range1(32, 32), {ArgBinding::ofBuffer(structs)}, options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  auto got = h.read<float>(vectors);
  EXPECT_EQ(got[4 * 7 + 2], 4.0f);
  // The members written are defined in the copy, the one nobody set is not.
  EXPECT_TRUE(h.memory.defined(structs, 12 * 5 + 4, 4));
  EXPECT_FALSE(h.memory.defined(structs, 12 * 5 + 8, 2));
}

TEST_P(Uninit, AVectorWrittenBackAroundAStoredComponentIsNoUse) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<float>(32 * 8), "out");
  auto unset = h.buffer(std::vector<float>(32 * 8), "unset");
  auto copy = h.buffer(std::vector<float>(32 * 8), "copy");
  for (BufferId id : {out, unset, copy}) h.memory.setUndefined(id);
  h.run("vector_components", range1(32, 32),
        {ArgBinding::ofBuffer(out), ArgBinding::ofBuffer(unset), ArgBinding::ofBuffer(copy)},
        options());
  // Only the copy of another buffer's undefined vector is reported.
  std::string all;
  for (const Finding &f : h.sink.findings()) all += formatText(f);
  SCOPED_TRACE(all);
  const Finding f = expectOne(h, "copied undefined vector", "stored to global memory");
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "unset"); // where the value was loaded from
  const auto got = h.read<float>(out);
  EXPECT_EQ(got[8 * 5], 1.0f);
  EXPECT_EQ(got[8 * 5 + 3], 2.0f);
  EXPECT_TRUE(h.memory.defined(out, 32 * 5, 4));
  EXPECT_FALSE(h.memory.defined(out, 32 * 5 + 4, 4)); // still never written
}

TEST_P(Uninit, BytesKeepTheirDefinednessThroughBitwiseOps) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(32), "out");
  h.run("byte_halves", range1(32, 32), {ArgBinding::ofBuffer(out), value<int32_t>(0)}, options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  EXPECT_EQ(h.read<int32_t>(out), std::vector<int32_t>(32, 1));
  h.run("byte_halves", range1(32, 32), {ArgBinding::ofBuffer(out), value<int32_t>(1)}, options());
  expectOne(h, "byte_halves", "branch");
}

TEST_P(Uninit, AsyncCopiesCarryDefinedness) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<int32_t> values(64);
  for (int i = 0; i < 64; ++i) values[i] = i;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  h.memory.setUndefined(in);
  h.memory.setDefined(in, 0, 32 * 4); // the second half was never written
  h.run("async_copy", range1(64, 64), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  const Finding f = expectOne(h, "async_copy", "stored to global memory");
  ASSERT_TRUE(f.workItem && f.memory);
  EXPECT_GE(f.workItem->local[0], 32u);
  EXPECT_NE(f.memory->buffer.find("tmp"), std::string::npos) << f.memory->buffer;
  EXPECT_EQ(h.read<int32_t>(out), values); // the copy went ahead
  h.memory.setDefined(in, 0, 64 * 4);
  h.sink.clear();
  h.run("async_copy", range1(64, 64), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Uninit, ACopyIntoLocalMemoryUndoesItsAllDefinedFlag) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto none = h.buffer(std::vector<int32_t>{0}, "none");
  auto word = h.buffer(std::vector<int32_t>{4}, "word");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  h.run("copy_over_local", range1(64, 64), {ArgBinding::ofBuffer(none), ArgBinding::ofBuffer(out)},
        options());
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]); // copies nothing
  EXPECT_EQ(h.read<int32_t>(out), std::vector<int32_t>(64, 1));
  h.run("copy_over_local", range1(64, 64), {ArgBinding::ofBuffer(word), ArgBinding::ofBuffer(out)},
        options());
  const Finding f = expectOne(h, "copy_over_local", "never written");
  ASSERT_TRUE(f.memory);
  EXPECT_NE(f.memory->buffer.find("table"), std::string::npos) << f.memory->buffer;
}

// A warp's consecutive elements move as one range of the shadow: one undefined element
// among defined ones is found in its own work-item, and the others arrive defined.
TEST_P(Uninit, ConsecutiveLanesCarryEachElementsDefinedness) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<int32_t> values(128);
  for (int i = 0; i < 128; ++i) values[i] = i * 3;
  auto in = h.buffer(values, "in");
  auto out = h.buffer(std::vector<int32_t>(128, -1), "out");
  h.memory.setUndefined(in);
  h.memory.setDefined(in, 0, 37 * 4);
  h.memory.setDefined(in, 38 * 4, 90 * 4);
  h.memory.setUndefined(out);
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)};
  h.run("copy_through", range1(128, 64), args, options());
  const Finding f = expectOne(h, "copy_through", "stored to global memory");
  ASSERT_TRUE(f.workItem);
  EXPECT_EQ(f.workItem->global[0], 37u);
  // The other lanes' elements are defined in `out` (the reported one is a use, after
  // which its value counts as defined).
  EXPECT_TRUE(h.memory.defined(out, 0, 37 * 4));
  EXPECT_TRUE(h.memory.defined(out, 38 * 4, 90 * 4));
  EXPECT_EQ(h.read<int32_t>(out), values); // the copy went ahead
  // Every element defined: nothing to report, everything defined.
  h.memory.setDefined(in, 0, 128 * 4);
  h.memory.setUndefined(out);
  h.sink.clear();
  h.run("copy_through", range1(128, 64), args, options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_TRUE(h.memory.defined(out, 0, 128 * 4));
}

// A shadow's memory comes when first needed; what was never written stays undefined
// however the defined part came: a host write through a sub-buffer, an earlier launch
// that wrote only some elements.
TEST_P(Uninit, PartlyWrittenBuffersKeepTheirUndefinedBytesAcrossLaunches) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  std::vector<int32_t> values(128);
  for (int i = 0; i < 128; ++i) values[i] = i + 7;
  auto src = h.buffer(values, "src");
  auto mid = h.buffer(std::vector<int32_t>(128, -1), "mid");
  auto out = h.buffer(std::vector<int32_t>(128, -1), "out");
  h.memory.setUndefined(src);
  h.memory.setUndefined(mid);
  h.memory.setUndefined(out);
  const BufferId upper = h.memory.createSub(src, 64 * 4, 64 * 4, "upper");
  h.memory.setDefined(upper, 0, 64 * 4); // src[64..128) through the sub-buffer
  // The first launch copies src[64..128) only (an offset of 64 work-items): mid's lower
  // half is never written.
  NDRange upperHalf = range1(64, 32);
  upperHalf.offset[0] = 64;
  h.run("copy_through", upperHalf, {ArgBinding::ofBuffer(src), ArgBinding::ofBuffer(mid)},
        options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_FALSE(h.memory.defined(mid, 0, 1));
  EXPECT_FALSE(h.memory.defined(mid, 63 * 4 + 3, 1));
  EXPECT_TRUE(h.memory.defined(mid, 64 * 4, 64 * 4));
  // The second copies all of mid: its lower half is undefined, in every lane of it.
  h.run("copy_through", range1(128, 64), {ArgBinding::ofBuffer(mid), ArgBinding::ofBuffer(out)},
        options());
  const Finding f = expectOne(h, "copy_through", "stored to global memory");
  ASSERT_TRUE(f.workItem && f.memory);
  EXPECT_LT(f.workItem->global[0], 64u);
  EXPECT_EQ(f.memory->buffer, "mid");
  EXPECT_EQ(h.read<int32_t>(out)[100], 107); // the copies went ahead
}

TEST_P(Uninit, OffWithoutTheCheck) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  ExecOptions o = options();
  o.checks = CheckSet::parse("bounds,misaligned,ub");
  h.run("local_half_written", range1(64, 64), {ArgBinding::ofBuffer(out), value<int32_t>(0)}, o);
  EXPECT_TRUE(h.sink.findings().empty());
}

INSTANTIATE_TEST_SUITE_P(AllBuilds, Uninit, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
