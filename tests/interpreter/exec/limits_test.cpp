// Resource limits of a launch (interpreter/include/spvsim/interpreter/limits.h):
// static ones fail with a typed LimitError before anything runs; a launch
// stopped while running (deadline, instruction budget, cancellation) reports
// where its work-items were and how far it got. Regression tests for the
// hangs and the unbounded __local memory of issue 14.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "kernel_harness.h"
#include "spvsim/common/error.h"

namespace spvsim::testing {
namespace {

using Clock = std::chrono::steady_clock;
using Limit = LimitError::Limit;

/// Runs `run` and returns the limit of the LimitError it throws (fails if none).
template <class Run> std::optional<Limit> limitOf(Run &&run, std::string *message = nullptr) {
  try {
    run();
  } catch (const LimitError &e) {
    if (message) *message = e.what();
    return e.limit();
  }
  ADD_FAILURE() << "no LimitError";
  return std::nullopt;
}

/// The findings of a stopped launch: where work-items were, and one for the launch.
struct StopFindings {
  size_t withWorkItem = 0;
  std::vector<std::string> launchMessages;
};

StopFindings stopFindings(const FindingSink &sink, const std::string &kind) {
  StopFindings out;
  for (const Finding &f : sink.findings()) {
    EXPECT_EQ(f.kind, kind) << f.message;
    if (f.workItem)
      ++out.withWorkItem;
    else
      out.launchMessages.push_back(f.message);
  }
  return out;
}

class Limits : public ::testing::TestWithParam<Variant> {
protected:
  KernelHarness harness() const { return KernelHarness(kernelPath("limits", GetParam().level)); }
  ExecOptions options() const {
    ExecOptions o;
    o.warpWidth = GetParam().width;
    o.threads = 2;
    return o;
  }
};

TEST_P(Limits, GlobalSizesWhoseProductOverflowsAreRefused) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  NDRange r;
  r.dims = 3;
  r.global = {uint64_t(1) << 32, uint64_t(1) << 32, 2};
  std::string message;
  EXPECT_EQ(limitOf([&] { h.run("tiny", r, {ArgBinding::ofBuffer(out)}, options()); }, &message),
            Limit::GlobalSize);
  EXPECT_NE(message.find("4294967296 x 4294967296 x 2"), std::string::npos) << message;
}

TEST_P(Limits, WorkGroupsAboveTheDeviceMaximumAreRefused) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  NDRange r;
  r.dims = 2;
  r.global = {64, 64, 1};
  r.local = std::array<uint64_t, 3>{64, 32, 1};
  EXPECT_EQ(limitOf([&] { h.run("tiny", r, {ArgBinding::ofBuffer(out)}, options()); }),
            Limit::WorkGroupSize);
  // One dimension alone above the maximum, the others 1: no wrap-around of the product.
  r.local = std::array<uint64_t, 3>{uint64_t(1) << 63, 2, 1};
  EXPECT_EQ(limitOf([&] { h.run("tiny", r, {ArgBinding::ofBuffer(out)}, options()); }),
            Limit::WorkGroupSize);
}

// Issue 14: {"local": 2147483648} ended in std::bad_alloc, and each worker thread
// allocated the whole size.
TEST_P(Limits, LocalMemoryAboveTheDeviceSizeIsRefused) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  std::string message;
  EXPECT_EQ(limitOf(
                [&] {
                  h.run("uses_local", range1(64, 64),
                        {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(uint64_t(1) << 31)},
                        options());
                },
                &message),
            Limit::LocalMemory);
  EXPECT_NE(message.find("2147483648"), std::string::npos) << message;
  EXPECT_NE(message.find("CL_DEVICE_LOCAL_MEM_SIZE (65536 bytes)"), std::string::npos) << message;
  // The kernel's own 4 KiB count too: an argument that alone would fit does not.
  EXPECT_EQ(limitOf([&] {
              h.run("uses_local", range1(64, 64),
                    {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(kLocalMemorySize - 1024)},
                    options());
            }),
            Limit::LocalMemory);
  // Up to the limit it runs.
  h.run("uses_local", range1(64, 64),
        {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(kLocalMemorySize - 4096)}, options());
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(out), std::vector<int32_t>(64, 3));
  // A smaller device.
  ExecOptions small = options();
  small.limits.localMemory = 32 * 1024;
  EXPECT_EQ(limitOf([&] {
              h.run("uses_local", range1(64, 64),
                    {ArgBinding::ofBuffer(out), ArgBinding::ofLocal(32 * 1024)}, small);
            }),
            Limit::LocalMemory);
}

TEST_P(Limits, PrivateMemoryAboveTheLimitIsRefused) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(out), value<int32_t>(5)};
  std::string message;
  EXPECT_EQ(limitOf([&] { h.run("big_private", range1(64, 64), args, options()); }, &message),
            Limit::PrivateMemory);
  EXPECT_NE(message.find("big_private"), std::string::npos) << message;
  ExecOptions roomy = options();
  roomy.limits.privateMemory = 1 << 20;
  h.run("big_private", range1(1, 1), args, roomy);
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(out)[0], 5);
}

// Issue 14 (a): a barrier in an endless loop kept --timeout from stopping the launch.
TEST_P(Limits, TimeoutStopsAnEndlessLoopWithABarrier) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(128), "out");
  ExecOptions o = options();
  o.timeoutSeconds = 0.3;
  const auto start = Clock::now();
  LaunchStats stats = h.run("spin_barrier", range1(128, 64),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, o);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(stats.stopped, StopReason::Timeout);
  EXPECT_EQ(stats.workItemsDone, 0u);
  StopFindings f = stopFindings(h.sink, "hang.timeout");
  EXPECT_GE(f.withWorkItem, 1u);
  ASSERT_EQ(f.launchMessages.size(), 1u);
  EXPECT_NE(f.launchMessages[0].find("0 of 128 work-items had finished"), std::string::npos)
      << f.launchMessages[0];
}

// Issue 14 (b): 2^32 or more short work-items never looked at the deadline.
TEST_P(Limits, TimeoutStopsALaunchOfTooManyWorkItemsAndSaysHowFarItGot) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto out = h.buffer(std::vector<int32_t>(4), "out");
  ExecOptions o = options();
  o.timeoutSeconds = 0.3;
  for (const auto &[dims, size] : {std::pair<uint32_t, uint64_t>{1, uint64_t(1) << 32},
                                   {1, uint64_t(1000000000000)},
                                   {3, uint64_t(1) << 21}}) {
    h.sink.clear();
    NDRange r;
    r.dims = dims;
    for (uint32_t d = 0; d < dims; ++d) r.global[d] = size;
    const auto start = Clock::now();
    LaunchStats stats = h.run("tiny", r, {ArgBinding::ofBuffer(out)}, o);
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
    EXPECT_EQ(stats.stopped, StopReason::Timeout);
    EXPECT_GT(stats.workItemsDone, 0u);
    EXPECT_LT(stats.workItemsDone, stats.workItems);
    StopFindings f = stopFindings(h.sink, "hang.timeout");
    ASSERT_EQ(f.launchMessages.size(), 1u);
    EXPECT_NE(f.launchMessages[0].find(std::to_string(stats.workItemsDone) + " of " +
                                       std::to_string(stats.workItems) + " work-items"),
              std::string::npos)
        << f.launchMessages[0];
  }
}

TEST_P(Limits, InstructionBudgetStopsTheLaunchAndSaysWhereWorkItemsWere) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(128), "out");
  ExecOptions o = options();
  o.maxInstructions = 1000000;
  LaunchStats stats = h.run("spin_barrier", range1(128, 64),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, o);
  EXPECT_EQ(stats.stopped, StopReason::InstructionLimit);
  EXPECT_GT(stats.instructions, o.maxInstructions);
  EXPECT_LT(stats.instructions, 100 * o.maxInstructions); // checked every few hundred blocks
  StopFindings f = stopFindings(h.sink, "hang.instruction-limit");
  EXPECT_GE(f.withWorkItem, 1u);
  ASSERT_EQ(f.launchMessages.size(), 1u);
  EXPECT_NE(f.launchMessages[0].find("more than 1000000 instructions"), std::string::npos);
  // A launch within its budget is not stopped.
  h.sink.clear();
  o.maxInstructions = 1 << 30;
  stats = h.run("tiny", range1(4096), {ArgBinding::ofBuffer(out)}, o);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_EQ(stats.workItemsDone, 4096u);
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(Limits, CancelStopsTheLaunchFromAnotherThread) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(128), "out");
  std::atomic<bool> cancel{false};
  ExecOptions o = options();
  o.cancel = &cancel;
  std::jthread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel.store(true);
  });
  const auto start = Clock::now();
  LaunchStats stats = h.run("spin_barrier", range1(128, 64),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, o);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(stats.stopped, StopReason::Interrupted);
  StopFindings f = stopFindings(h.sink, "hang.interrupted");
  EXPECT_GE(f.withWorkItem, 1u);
  EXPECT_EQ(f.launchMessages.size(), 1u);
}

TEST_P(Limits, RunDeadlineStopsTheLaunchBeforeItsOwnTimeout) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  ExecOptions o = options();
  o.timeoutSeconds = 60;
  o.runDeadline = Clock::now() + std::chrono::milliseconds(200);
  o.runTimeoutSeconds = 7;
  LaunchStats stats = h.run("spin_barrier", range1(64, 64),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, o);
  EXPECT_EQ(stats.stopped, StopReason::RunTimeout);
  StopFindings f = stopFindings(h.sink, "hang.run-timeout");
  ASSERT_EQ(f.launchMessages.size(), 1u);
  EXPECT_NE(f.launchMessages[0].find("the run did not finish within 7 s"), std::string::npos);
}

// Every lane of every work-item of a large launch faults: one finding with a count, in
// bounded memory (one finding kept, none dropped). Time is left to the test's timeout: a
// wall-clock bound failed under ThreadSanitizer on a loaded machine, not for a reason of
// spvsim's.
TEST_P(Limits, AFaultInEveryWorkItemIsReportedOnceWithACount) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  const uint64_t items = uint64_t(1) << 20;
  auto in = h.buffer(std::vector<int32_t>(16), "in");
  auto out = h.buffer(std::vector<int32_t>(items), "out");
  h.run("all_fault", range1(items), {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out)},
        options());
  const auto findings = h.sink.findings();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].kind, "oob.global.read");
  // One count per warp that ran the faulting load.
  EXPECT_EQ(findings[0].count, items / GetParam().width);
  EXPECT_EQ(h.sink.dropped(), 0u);
}

std::string callChainModule(int depth, int callsPerFunction) {
  std::string text = "OpCapability Addresses\nOpCapability Kernel\n"
                     "OpMemoryModel Physical64 OpenCL\nOpEntryPoint Kernel %k \"chain\"\n"
                     "%void = OpTypeVoid\n%fn = OpTypeFunction %void\n"
                     "%f0 = OpFunction %void None %fn\n%l0 = OpLabel\nOpReturn\nOpFunctionEnd\n";
  for (int i = 1; i <= depth; ++i) {
    const std::string n = std::to_string(i), callee = "%f" + std::to_string(i - 1);
    text += "%f" + n + " = OpFunction %void None %fn\n%l" + n + " = OpLabel\n";
    for (int c = 0; c < callsPerFunction; ++c)
      text += "%c" + n + "_" + std::to_string(c) + " = OpFunctionCall %void " + callee + "\n";
    text += "OpReturn\nOpFunctionEnd\n";
  }
  text += "%k = OpFunction %void None %fn\n%lk = OpLabel\n%ck = OpFunctionCall %void %f" +
          std::to_string(depth) + "\nOpReturn\nOpFunctionEnd\n";
  return text;
}

std::optional<Limit> runCallChain(int depth, int callsPerFunction) {
  ValidationResult v =
      validate(loadAssembly(callChainModule(depth, callsPerFunction), "chain.spvasm"),
               DeviceDescription::spvsim());
  EXPECT_TRUE(v.ok());
  if (!v.ok()) return std::nullopt;
  GlobalMemory memory;
  FindingSink sink;
  try {
    launchKernel(*v.module, "chain", range1(1), {}, {}, memory, sink);
  } catch (const LimitError &e) {
    return e.limit();
  }
  return std::nullopt;
}

TEST(LaunchLimits, CallsNestedTooDeeplyAreRefusedBeforeLowering) {
  EXPECT_EQ(runCallChain(kMaxCallDepth - 2, 1), std::nullopt);
  EXPECT_EQ(runCallChain(kMaxCallDepth + 1, 1), Limit::CallDepth);
  // Far deeper than the limit (validating much deeper chains takes SPIRV-Tools minutes).
  EXPECT_EQ(runCallChain(8 * kMaxCallDepth, 1), Limit::CallDepth);
}

TEST(LaunchLimits, KernelsThatInlineToTooManyInstructionsAreRefused) {
  // Each function calls the next twice: 2^40 calls once inlined, from a tiny module.
  EXPECT_EQ(runCallChain(40, 2), Limit::KernelSize);
  EXPECT_EQ(runCallChain(8, 2), std::nullopt);
}

// Both optimisation levels, one work-item at a time and full warps: the timed tests wait
// a fraction of a second each.
INSTANTIATE_TEST_SUITE_P(Kernels, Limits, ::testing::Values(Variant{"O0", 1}, Variant{"O2", 32}),
                         variantName);

} // namespace
} // namespace spvsim::testing
