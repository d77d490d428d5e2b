// The host's view of buffers as kernels see it (docs/findings.md access.mapped,
// access.released): a buffer the host has mapped for writing must not be
// touched by a kernel, one mapped for reading must not be written, and a
// released buffer must not be touched at all. Each such access is reported
// and not performed.
#include <gtest/gtest.h>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

class HostState : public ::testing::TestWithParam<Variant> {
protected:
  ExecOptions options() const { return {GetParam().width, 2}; }
  std::string path() const { return kernelPath("faults", GetParam().level); }
  /// Every finding is of `kind` about `buffer` (O2 code may report one per access site).
  static void expectOnly(const KernelHarness &h, const std::string &kind,
                         const std::string &buffer) {
    auto findings = h.sink.findings();
    ASSERT_FALSE(findings.empty());
    for (const Finding &f : findings) {
      EXPECT_EQ(f.kind, kind);
      ASSERT_TRUE(f.memory);
      EXPECT_EQ(f.memory->buffer, buffer);
    }
  }
  /// undefined_int(in, out, 1, 0): out[2i] = in[i], out[2i + 1] = in[i].
  void copy(KernelHarness &h, BufferId in, BufferId out) {
    h.run(
        "undefined_int", range1(4, 4),
        {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), value<int32_t>(1), value<int32_t>(0)},
        options());
  }
};

TEST_P(HostState, ReadOfABufferMappedForWriting) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{1, 2, 3, 4}, "in");
  auto out = h.buffer(std::vector<int32_t>(8, -1), "out");
  h.memory.setHostMapping(in, HostMapping::Write);
  copy(h, in, out);
  expectOnly(h, "access.mapped", "in");
  const std::string message = h.sink.findings()[0].message;
  EXPECT_NE(message.find("mapped for writing"), std::string::npos) << message;
  // The reads were not performed: they gave 0.
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>(8, 0)));
}

TEST_P(HostState, MappedForReadingOnlyForbidsWrites) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{1, 2, 3, 4}, "in");
  auto out = h.buffer(std::vector<int32_t>(8, -1), "out");
  h.memory.setHostMapping(in, HostMapping::Read);
  h.memory.setHostMapping(out, HostMapping::Read);
  copy(h, in, out);
  expectOnly(h, "access.mapped", "out");
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>(8, -1)));

  // Unmapped again: the kernel runs clean.
  h.sink.clear();
  h.memory.setHostMapping(in, HostMapping::None);
  h.memory.setHostMapping(out, HostMapping::None);
  copy(h, in, out);
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{1, 1, 2, 2, 3, 3, 4, 4}));
}

TEST_P(HostState, AMappingCoversSubBuffersAndParents) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{1, 2, 3, 4}, "in");
  auto parent = h.buffer(std::vector<int32_t>(16, -1), "parent");
  BufferId sub = h.memory.createSub(parent, 16, 32, "sub");
  h.memory.setHostMapping(parent, HostMapping::Read);
  copy(h, in, sub);
  expectOnly(h, "access.mapped", "sub");

  // A mapped sub-buffer makes its parent off limits too.
  h.sink.clear();
  h.memory.setHostMapping(parent, HostMapping::None);
  BufferId other = h.memory.createSub(parent, 0, 16, "other");
  h.memory.setHostMapping(other, HostMapping::Write);
  copy(h, in, parent);
  expectOnly(h, "access.mapped", "parent");
  EXPECT_EQ(h.read<int32_t>(parent)[0], -1);
}

TEST_P(HostState, ReleasedBufferIsNotTouched) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{1, 2, 3, 4}, "in");
  auto out = h.buffer(std::vector<int32_t>(8, -1), "out");
  h.memory.release(in);
  copy(h, in, out);
  expectOnly(h, "access.released", "in");
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>(8, 0)));
}

TEST_P(HostState, KernelsWriteTheHostsStorage) {
  KernelHarness h(path());
  ASSERT_TRUE(h.ok());
  auto in = h.buffer(std::vector<int32_t>{5, 6, 7, 8}, "in");
  std::vector<int32_t> host(8, -1);
  BufferId out = h.memory.createExternal(
      std::as_writable_bytes(std::span<int32_t>(host.data(), host.size())), "host");
  copy(h, in, out);
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(host, (std::vector<int32_t>{5, 5, 6, 6, 7, 7, 8, 8}));
}

INSTANTIATE_TEST_SUITE_P(Kernels, HostState, ::testing::ValuesIn(allVariants()), variantName);

} // namespace
} // namespace spvsim::testing
