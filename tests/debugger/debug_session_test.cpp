// DebugSession (debugger/debug_session.h): a Ctrl-C or DAP `pause` that comes as the
// launch stops is dropped when the launch is resumed (it does not stop the next
// `continue` at once), and one that comes while the prompt replays the launch ends the
// replay. The launch is bugs/global_bounds built -g -O0: 16 work-items in groups of 8,
// whose line 12 is reached by work-item 0 and then by work-item 8.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstring>
#include <thread>

#include "debug_session.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"

namespace spvsim::debugger {
namespace {

class PausedLaunch : public ::testing::Test {
protected:
  void SetUp() override {
    auto result =
        validate(loadFile(std::string(SPVSIM_DEBUG_MODULE_DIR) + "/global_bounds.O0g.spv"),
                 DeviceDescription::spvsim());
    ASSERT_TRUE(result.module);
    module.emplace(std::move(*result.module));
    session = std::make_unique<DebugSession>(module->module());
    in = memory.create(16 * sizeof(int), "in", BufferAccess::ReadWrite);
    out = memory.create(16 * sizeof(int), "out", BufferAccess::ReadWrite);
    std::memset(memory.bytes(in).data(), 1, 16 * sizeof(int));
    Breakpoint b;
    b.number = 1;
    b.file = "global_bounds.cl";
    b.line = 12;
    session->breakpoints.push_back(b);
    session->stopOnFindings = false;
  }
  void TearDown() override {
    cancel = true;
    if (session && session->stopped()) session->resume(Resume::Continue);
    if (runner.joinable()) runner.join();
  }
  void start() {
    runner = std::thread([this] {
      ExecOptions options;
      options.threads = 1;
      options.checks = CheckSet::parse("bounds");
      options.debugger = session.get();
      options.cancel = &cancel;
      const int n = 16;
      std::vector<std::byte> bytes(sizeof n);
      std::memcpy(bytes.data(), &n, sizeof n);
      launchKernel(
          *module, "global_bounds",
          NDRange{1, {16, 1, 1}, {0, 0, 0}, std::array<uint64_t, 3>{8, 1, 1}},
          {ArgBinding::ofBuffer(in), ArgBinding::ofBuffer(out), ArgBinding::ofBytes(bytes)}, {},
          memory, sink, options);
      session->finishAll();
    });
  }

  std::optional<ValidatedModule> module;
  std::unique_ptr<DebugSession> session;
  GlobalMemory memory;
  FindingSink sink;
  BufferId in = 0, out = 0;
  std::atomic<bool> cancel{false};
  std::thread runner;
};

TEST_F(PausedLaunch, AnInterruptThatCameAsTheLaunchStoppedIsDroppedOnResume) {
  start();
  ASSERT_TRUE(session->waitForStop());
  EXPECT_EQ(session->stopPoint().reason, "Breakpoint 1");
  EXPECT_EQ(session->focus, (GlobalId{0, 0, 0}));
  // The Ctrl-C (or pause) arrives after the stop: the launch is already waiting.
  session->requestInterrupt();
  session->resume(Resume::Continue);
  ASSERT_TRUE(session->waitForStop());
  EXPECT_EQ(session->stopPoint().reason, "Breakpoint 1");
  EXPECT_EQ(session->focus, (GlobalId{8, 0, 0}));
}

TEST_F(PausedLaunch, AnInterruptWhileRunningStillStops) {
  session->breakpoints.clear();
  session->requestInterrupt(); // before the first op: it stops there
  start();
  ASSERT_TRUE(session->waitForStop());
  EXPECT_EQ(session->stopPoint().reason, "Interrupted");
  session->resume(Resume::Continue);
  EXPECT_FALSE(session->waitForStop()); // runs to the end
}

TEST(ReplayCancel, AnInterruptDuringAReplayEndsIt) {
  auto result = validate(loadFile(std::string(SPVSIM_DEBUG_MODULE_DIR) + "/global_bounds.O0g.spv"),
                         DeviceDescription::spvsim());
  ASSERT_TRUE(result.module);
  DebugSession session(result.module->module());
  std::atomic<bool> cancel{false};
  session.setReplayCancel(&cancel);
  session.requestInterrupt();
  EXPECT_TRUE(cancel.load());
  EXPECT_TRUE(session.takeInterrupt());
  EXPECT_FALSE(session.takeInterrupt());
  session.setReplayCancel(nullptr);
  cancel = false;
  session.requestInterrupt();
  EXPECT_FALSE(cancel.load());
}

} // namespace
} // namespace spvsim::debugger
