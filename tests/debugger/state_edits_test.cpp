// StateEdits (debugger/state_edits.h): edits kept in the order of their positions
// (those of one position in the order made), the cursor a run of the launch moves over
// them, and storeEdit storing into memory and registers of a stopped launch's
// work-group — bugs/global_bounds built -g -O0, stopped at its line 12 in work-item 0.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstring>
#include <thread>

#include "debug_session.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/finding_sink.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/loader.h"
#include "spvsim/validator/validator.h"
#include "state_edits.h"

namespace spvsim::debugger {
namespace {

StateEdit editAt(uint64_t position, uint64_t bits) {
  StateEdit e;
  e.position = position;
  e.bytes = 4;
  e.bits = bits;
  return e;
}

TEST(StateEdits, KeepsTheOrderOfPositionsAndOfEditsAtOnePosition) {
  StateEdits edits;
  EXPECT_TRUE(edits.empty());
  EXPECT_EQ(edits.positionAt(0), StateEdits::kNoPosition);
  edits.add(editAt(5, 1));
  edits.add(editAt(3, 2));
  edits.add(editAt(5, 3));
  EXPECT_EQ(edits.positionAt(0), 3u);
  EXPECT_EQ(edits.positionAt(1), 5u);
  EXPECT_EQ(edits.at(1).bits, 1u);
  EXPECT_EQ(edits.at(2).bits, 3u);
  EXPECT_EQ(edits.positionAt(3), StateEdits::kNoPosition);
  EXPECT_EQ(edits.after(2), 0u);
  EXPECT_EQ(edits.after(3), 1u);
  EXPECT_EQ(edits.after(5), 3u);
  edits.clear();
  EXPECT_TRUE(edits.empty());
}

TEST(StateEdits, ACursorPassesTheEditsUpToThePositionReached) {
  StateEdits edits;
  edits.add(editAt(3, 1));
  edits.add(editAt(5, 2));
  edits.add(editAt(9, 3));
  const ExecState none; // no group runs: nothing is stored
  EXPECT_EQ(edits.applyAt(none, 2, 0), 0u);
  EXPECT_EQ(edits.applyAt(none, 3, 0), 1u);
  EXPECT_EQ(edits.applyAt(none, 6, 1), 2u); // passed 5 without a call: skipped
  EXPECT_EQ(edits.applyAt(none, 9, 2), 3u);
  EXPECT_FALSE(storeEdit(none, editAt(9, 3)));
}

class StoppedLaunch : public ::testing::Test {
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
    Breakpoint b;
    b.number = 1;
    b.file = "global_bounds.cl";
    b.line = 12;
    session->breakpoints.push_back(b);
    session->stopOnFindings = false;
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
  void TearDown() override {
    cancel = true;
    if (session) session->breakpoints.clear(); // resumed, the launch runs to its end
    if (session && session->stopped()) session->resume(Resume::Continue);
    if (runner.joinable()) runner.join();
  }

  std::optional<ValidatedModule> module;
  std::unique_ptr<DebugSession> session;
  GlobalMemory memory;
  FindingSink sink;
  BufferId in = 0, out = 0;
  std::atomic<bool> cancel{false};
  std::thread runner;
};

TEST_F(StoppedLaunch, StoresIntoABufferAndARegisterOfAWorkItemOfTheRunningGroup) {
  ASSERT_TRUE(session->waitForStop());
  const ExecState &x = session->stopPoint().x;
  StateEdit e = editAt(session->stopPoint().position, 77);
  e.group = {0, 0, 0};
  e.localIndex = 5; // work-item 5, in the warp of the stop
  e.where = tagged::make(AddressSpace::Global, out, 15 * sizeof(int));
  ASSERT_TRUE(storeEdit(x, e));
  int stored = 0;
  std::memcpy(&stored, memory.bytes(out).data() + 15 * sizeof(int), sizeof stored);
  EXPECT_EQ(stored, 77);
  // A register: lane 5's value of a slot, the other lanes' untouched.
  const uint32_t slot = session->stopPoint().op->a;
  const uint32_t before = x.reg<uint32_t>(slot)[4];
  e.place = StateEdit::Place::Register;
  e.where = slot;
  e.bits = 0x12345678;
  ASSERT_TRUE(storeEdit(x, e));
  EXPECT_EQ(x.reg<uint32_t>(slot)[5], 0x12345678u);
  EXPECT_EQ(x.reg<uint32_t>(slot)[4], before);
  // Not in the running group, or outside the buffer: nothing is stored.
  e.group = {1, 0, 0};
  EXPECT_FALSE(storeEdit(x, e));
  e.group = {0, 0, 0};
  e.place = StateEdit::Place::Memory;
  e.where = tagged::make(AddressSpace::Global, out, 16 * sizeof(int));
  EXPECT_FALSE(storeEdit(x, e));
}

} // namespace
} // namespace spvsim::debugger
