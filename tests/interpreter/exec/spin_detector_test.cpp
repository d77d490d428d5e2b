// The spin detector (exec/spin_detector.h, docs/findings.md "Forward progress"): what
// SpinMonitor knows of workers and work-groups, and what the detector decides for each
// kind of wait — another work-group that has not started (progress.inter-group), a
// work-item of the own sub-group waiting in lockstep (progress.intra-group), another
// sub-group that had to run first (correct on a device with independent forward progress
// of sub-groups, progress.intra-group on one without), nothing left that could write
// (hang.spin), a wait that counts while its exit depends on the flag alone, and waits that
// end on their own.
#include "exec/spin_detector.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "kernel_harness.h"

namespace spvsim::testing {
namespace {

TEST(SpinMonitor, QuietOnceEveryOtherWorkerIsIdleOrSpinsOnSinceTheLastLook) {
  SpinMonitor monitor;
  monitor.begin(3, 8);
  monitor.workerStarted(); // this thread: the worker whose warp spins and looks
  std::vector<uint64_t> seen;
  EXPECT_FALSE(monitor.quietSince(seen)); // the first look only records
  // The two other workers, each on a thread of its own for its whole life.
  std::mutex m;
  std::condition_variable cv;
  int step = 0, done = 0;
  auto worker = [&](auto body) {
    return std::thread([&, body] {
      monitor.workerStarted();
      body([&](int wanted) {
        std::unique_lock lock(m);
        ++done;
        cv.notify_all();
        cv.wait(lock, [&] { return step >= wanted; });
      });
    });
  };
  // Lets the workers past their waits up to `to`, then waits until `reached` waits were.
  auto advance = [&](int to, int reached) {
    std::unique_lock lock(m);
    step = to;
    cv.notify_all();
    cv.wait(lock, [&] { return done >= reached; });
  };
  std::thread idle = worker([&](auto wait) {
    monitor.workerIdle();
    wait(99);
  });
  std::thread spinning = worker([&](auto wait) {
    monitor.stuck(1); // its warp's state repeated once
    wait(1);
    monitor.confirmed(); // and again
    wait(2);
    monitor.confirmed();
    monitor.stuck(-1); // its loop changed: it runs again
    wait(99);
  });
  advance(0, 2);
  EXPECT_FALSE(monitor.quietSince(seen)); // the spinning one did not repeat since
  advance(1, 3);
  EXPECT_TRUE(monitor.quietSince(seen));
  // Nothing ran since: a worker whose warp left its loop but whose thread has not run
  // to say so must not count as spinning.
  EXPECT_FALSE(monitor.quietSince(seen));
  advance(2, 4);
  EXPECT_FALSE(monitor.quietSince(seen)); // it repeated, then left its loop
  advance(99, 4);
  idle.join();
  spinning.join();
}

TEST(SpinMonitor, NamesAGroupNotStartedBeforeARunningOne) {
  SpinMonitor monitor;
  monitor.begin(2, 4);
  uint64_t group = 99;
  bool started = true;
  monitor.groupStarted(0);
  ASSERT_TRUE(monitor.otherUnfinishedGroup(0, group, started));
  EXPECT_EQ(group, 1u);
  EXPECT_FALSE(started);
  monitor.groupStarted(1);
  monitor.groupEnded(1);
  monitor.groupStarted(2);
  ASSERT_TRUE(monitor.otherUnfinishedGroup(0, group, started));
  EXPECT_EQ(group, 3u); // not started, ahead of group 2, which runs
  EXPECT_FALSE(started);
  monitor.groupStarted(3);
  ASSERT_TRUE(monitor.otherUnfinishedGroup(0, group, started));
  EXPECT_EQ(group, 2u);
  EXPECT_TRUE(started);
  monitor.groupEnded(2);
  monitor.groupEnded(3);
  EXPECT_FALSE(monitor.otherUnfinishedGroup(0, group, started)); // only itself is left
}

/// Builds without and with debug information: the findings name the marked line in the
/// latter.
class SpinDetector : public ::testing::TestWithParam<std::string> {
protected:
  KernelHarness harness() const { return KernelHarness(kernelPath("spin_detector", GetParam())); }
  bool debugInfo() const { return GetParam().ends_with("g"); }
  static ExecOptions options(uint32_t width, uint32_t threads) {
    ExecOptions o;
    o.warpWidth = width;
    o.threads = threads;
    o.timeoutSeconds = 60; // a spin the detector missed fails here instead of hanging
    return o;
  }
};

TEST_P(SpinDetector, AWaitForAGroupNotStartedIsProgressInterGroup) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>{0}, "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)};
  LaunchStats stats = h.run("wait_for_group", range1(128, 64), args, options(32, 1));
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  const Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "progress.inter-group");
  EXPECT_NE(f.message.find("work-group (0) spins waiting for 'flag' (byte 0) to change, which no "
                           "work-item of its own group can still write, and work-group (1) that "
                           "could write it has not started and cannot start until work-group (0) "
                           "ends"),
            std::string::npos)
      << f.message;
  ASSERT_TRUE(f.workItem);
  EXPECT_EQ(f.workItem->global[0], 0u);
  ASSERT_TRUE(f.memory);
  EXPECT_EQ(f.memory->buffer, "flag");
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "wait for group");
  EXPECT_EQ(h.read<int32_t>(out)[0], 0); // stopped: group 0 never got past its loop
}

TEST_P(SpinDetector, AWaitForAGroupThatRunsMeanwhileFinishes) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>{0}, "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)};
  // Two threads run both groups at once: the flag comes while group 0 waits.
  LaunchStats stats = h.run("wait_for_group", range1(128, 64), args, options(32, 2));
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  EXPECT_EQ(h.read<int32_t>(out)[0], 1);
  // One thread, the setter first: no wait at all.
  std::memset(h.memory.bytes(flag).data(), 0, 4);
  std::memset(h.memory.bytes(out).data(), 0, 4);
  ExecOptions reverse = options(32, 1);
  reverse.schedule = Schedule::parse("reverse");
  stats = h.run("wait_for_group", range1(128, 64), args, reverse);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_TRUE(h.sink.findings().empty());
  EXPECT_EQ(h.read<int32_t>(out)[0], 1);
}

TEST_P(SpinDetector, AWaitNothingCanEndIsHangSpin) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>{0}, "out");
  LaunchStats stats = h.run("wait_for_nobody", range1(1, 1),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, options(1, 2));
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  const Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "hang.spin");
  EXPECT_NE(f.message.find("'flag' (byte 0)"), std::string::npos) << f.message;
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "wait for nobody");
}

TEST_P(SpinDetector, ALockstepWaitInsideASubGroupIsProgressIntraGroup) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto next = h.buffer(std::vector<int32_t>{0}, "next");
  auto serving = h.buffer(std::vector<int32_t>{0}, "serving");
  auto total = h.buffer(std::vector<int32_t>{0}, "total");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(next), ArgBinding::ofBuffer(serving),
                                     ArgBinding::ofBuffer(total)};
  LaunchStats stats = h.run("ticket_lock", range1(32, 32), args, options(8, 1));
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  const Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "progress.intra-group");
  EXPECT_NE(f.message.find("spins waiting for 'serving' (byte 0) to change, which only "
                           "work-items of its own sub-group could write, and they wait for it to "
                           "leave the loop"),
            std::string::npos)
      << f.message;
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "ticket");
  // One work-item per sub-group: the holder of each ticket runs in turn. (The lock's
  // relaxed atomics order nothing: the counter's increments race; bounds checks only.)
  h.sink.clear();
  for (BufferId id : {next, serving, total}) std::memset(h.memory.bytes(id).data(), 0, 4);
  ExecOptions one = options(1, 1);
  one.checks = CheckSet::parse("bounds");
  stats = h.run("ticket_lock", range1(32, 32), args, one);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  EXPECT_EQ(h.read<int32_t>(total)[0], 32);
}

TEST_P(SpinDetector, AWaitReleasedByAnotherSubGroupFollowsTheDevice) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(8, -1), "out");
  ExecOptions reverse = options(1, 1);
  reverse.schedule = Schedule::parse("reverse"); // the waiter's sub-group runs first
  // The device reports independent forward progress of sub-groups: the wait is correct.
  LaunchStats stats = h.run("wait_for_sub_group", range1(8, 8),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, reverse);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // A device without it: the kernel relies on what it does not promise.
  std::memset(h.memory.bytes(flag).data(), 0, 4);
  reverse.subGroupIndependentProgress = false;
  stats = h.run("wait_for_sub_group", range1(8, 8),
                {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, reverse);
  EXPECT_EQ(stats.stopped, StopReason::None);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  const Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "progress.intra-group");
  EXPECT_NE(f.message.find("work-item spun waiting for 'flag' (byte 0) until other sub-groups of "
                           "its work-group ran"),
            std::string::npos)
      << f.message;
  ASSERT_TRUE(f.workItem);
  EXPECT_EQ(f.workItem->local[0], 7u);
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "sub-group");
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // In the ordered schedule the setter runs first: nothing to report.
  h.sink.clear();
  std::memset(h.memory.bytes(flag).data(), 0, 4);
  ExecOptions ordered = options(1, 1);
  ordered.subGroupIndependentProgress = false;
  stats = h.run("wait_for_sub_group", range1(8, 8),
                {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, ordered);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_TRUE(h.sink.findings().empty());
}

TEST_P(SpinDetector, AChainOfWaitsBetweenSubGroupsEnds) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flags = h.buffer(std::vector<int32_t>(6, 0), "flags");
  auto out = h.buffer(std::vector<int32_t>(6, -1), "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(flags), ArgBinding::ofBuffer(out)};
  LaunchStats stats = h.run("wait_in_a_chain", range1(6, 6), args, options(1, 1));
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(h.read<int32_t>(flags), (std::vector<int32_t>{1, 1, 1, 1, 1, 1}));
  EXPECT_TRUE(h.sink.findings().empty()) << formatText(h.sink.findings()[0]);
  // Without independent forward progress of sub-groups the waiters relied on the
  // sub-groups after them: reported (once for the loop), not stopped.
  for (BufferId id : {flags, out}) std::memset(h.memory.bytes(id).data(), 0, 24);
  ExecOptions without = options(1, 1);
  without.subGroupIndependentProgress = false;
  stats = h.run("wait_in_a_chain", range1(6, 6), args, without);
  EXPECT_EQ(stats.stopped, StopReason::None);
  EXPECT_EQ(h.read<int32_t>(out), (std::vector<int32_t>{0, 1, 2, 3, 4, 5}));
  ASSERT_FALSE(h.sink.findings().empty());
  for (const Finding &f : h.sink.findings()) {
    EXPECT_EQ(f.kind, "progress.intra-group");
    EXPECT_NE(f.message.find("until other sub-groups of its work-group ran"), std::string::npos)
        << f.message;
  }
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "chain");
}

TEST_P(SpinDetector, SubGroupsThatAllWaitFollowTheDevice) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(4, 0), "out");
  const std::vector<ArgBinding> args{ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)};
  // Four sub-groups of one work-item each wait for a flag none of them sets: with
  // independent forward progress of sub-groups no order of them ends it.
  LaunchStats stats = h.run("wait_for_nobody", range1(4, 4), args, options(1, 1));
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "hang.spin");
  EXPECT_NE(f.message.find("spins waiting for 'flag' (byte 0) to change, and the other "
                           "sub-groups of its work-group wait themselves (at a barrier or in a "
                           "spin): none of them can write it"),
            std::string::npos)
      << f.message;
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "wait for nobody");
  // Without it the group's work-items wait for each other outside barriers.
  h.sink.clear();
  ExecOptions without = options(1, 1);
  without.subGroupIndependentProgress = false;
  stats = h.run("wait_for_nobody", range1(4, 4), args, without);
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "progress.intra-group");
  EXPECT_NE(f.message.find("and the other work-items of its group wait themselves"),
            std::string::npos)
      << f.message;
}

TEST_P(SpinDetector, AWaitThatCountsIsFoundByItsExitCondition) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  LaunchStats stats = h.run("count_while_waiting", range1(1, 1),
                            {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out)}, options(1, 2));
  EXPECT_EQ(stats.stopped, StopReason::NoProgress);
  ASSERT_EQ(h.sink.findings().size(), 1u);
  const Finding f = h.sink.findings()[0];
  EXPECT_EQ(f.kind, "hang.spin");
  EXPECT_NE(f.message.find("work-item spins waiting for 'flag' (byte 0) to change"),
            std::string::npos)
      << f.message;
  h.expectFindingsAt(debugInfo(), "kernels/spin_detector.cl", "counting");
}

TEST_P(SpinDetector, AWaitThatGivesUpIsNoSpin) {
  KernelHarness h = harness();
  ASSERT_TRUE(h.ok());
  auto flag = h.buffer(std::vector<int32_t>{0}, "flag");
  auto out = h.buffer(std::vector<int32_t>(64), "out");
  for (const char *kernel : {"bounded_wait", "wait_for_itself"}) {
    h.sink.clear();
    std::memset(h.memory.bytes(flag).data(), 0, 4);
    const int32_t limit = 300000; // rounds: far more polls than a search takes
    LaunchStats stats =
        h.run(kernel, range1(1, 1),
              {ArgBinding::ofBuffer(flag), ArgBinding::ofBuffer(out), value(limit)}, options(1, 2));
    EXPECT_EQ(stats.stopped, StopReason::None) << kernel;
    EXPECT_TRUE(h.sink.findings().empty()) << kernel << ": " << formatText(h.sink.findings()[0]);
    const std::vector<int32_t> rounds = h.read<int32_t>(out);
    EXPECT_EQ(rounds[0], limit) << kernel;
  }
}

INSTANTIATE_TEST_SUITE_P(Builds, SpinDetector, ::testing::Values("O0", "O2", "O0g"),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return info.param;
                         });

} // namespace
} // namespace spvsim::testing
