// The uninit check's state at each level of a launch (interpreter/DESIGN.md,
// "Uninitialized values"), as the watcher of exec/execution_events.h it is: the
// rule table of the launch (UninitWatcher), the definedness of a work-group's
// __local memory (GroupShadow), and per warp which bytes of its registers and of
// its lanes' private variables are undefined, and where undefined register values
// came from (WarpShadow). Attached only when the launch runs the uninit check.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "checks/uninit/uninit_program.h"
#include "exec/execution_events.h"

namespace spvsim {

/// The uninit check's slot among a launch's watchers (LaunchContext::watchers).
inline constexpr uint32_t kUninitSlot = 0;

/// Where the undefined bytes of a slot came from: the load that read them.
struct ShadowOrigin {
  uint32_t op = ~0u;    ///< index of the load in LoweredKernel::ops (~0u: unknown)
  uint32_t bytes = 0;   ///< how many bytes it read
  uint64_t pointer = 0; ///< what it read: the first lane's pointer, access offset included
};

struct WarpShadow : WarpWatcher {
  /// Per slot and lane (a slot's byte offset / 8 + lane): bit k set when byte k of the
  /// lane's value is undefined.
  std::vector<uint8_t> registers;
  /// Per byte of Warp::privateArena: kDefinedByte once written (memory/defined_shadow.h).
  std::vector<uint8_t> privateArena;
  /// Per slot, a bit: some lane's shadow byte may be nonzero. A clean slot is defined in
  /// every lane, so ops that only read and write clean slots have nothing to do.
  std::vector<uint64_t> dirty;
  uint32_t dirtySlots = 0; ///< how many bits of `dirty` are set: none, no register work
  /// Per slot: the origin of its undefined bytes.
  std::vector<ShadowOrigin> origins;
};

/// The definedness of a work-group's __local memory, and the shadows of the runner's
/// warps.
class GroupShadow : public GroupWatcher {
public:
  GroupShadow(const LaunchContext &L, std::span<Warp> warps);
  /// One byte per byte of the group's __local arena (GroupState::localArena).
  uint8_t *arena() { return arena_.data(); }
  /// Per LoweredKernel::locals entry: 1 when every byte of it is defined (set at
  /// barriers, cleared by stores of undefined bytes).
  uint8_t *defined() { return defined_.data(); }

  /// A work-group starts: its __local memory and the private memory of its warps are
  /// undefined, by-value struct arguments defined.
  void groupStarted(GroupState &group, std::span<Warp> warps, uint64_t linearGroup) override;
  /// Every work-item of the group waits at a barrier: notes which __local allocations
  /// are defined all over, so that loads from them need not look at each byte.
  void barrierReleased(uint64_t scopes, bool collective) override;
  void subGroupBarrierReleased(uint32_t, uint64_t scopes) override {
    barrierReleased(scopes, false);
  }
  /// The definedness of an async copy's bytes moves with them.
  void asyncCopied(const ExecState &x, uint32_t instruction, const CopiedBytes &c) override;

private:
  const LaunchContext &launch_;
  std::vector<uint8_t> arena_;
  std::vector<uint8_t> defined_;
  std::vector<WarpShadow> warps_; ///< by warp of the runner (Warp::watchers points here)
};

/// The uninit check of one launch: its rule per op, and the shadows it makes.
class UninitWatcher : public LaunchWatcher {
public:
  explicit UninitWatcher(const LaunchContext &L);
  const UninitProgram &program() const { return program_; }
  std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &L, std::span<Warp> warps) override;
  /// The definedness of the bytes a dynamic-size copy moved moves with them.
  void memoryCopied(const ExecState &x, uint32_t lane, const CopiedBytes &c) override;

private:
  UninitProgram program_;
};

inline const UninitProgram &uninitProgram(const ExecState &x) {
  return static_cast<const UninitWatcher *>(x.launch->watchers[kUninitSlot])->program();
}
inline WarpShadow &warpShadow(const ExecState &x) {
  return *static_cast<WarpShadow *>(x.warp->watchers[kUninitSlot]);
}
inline GroupShadow &groupShadow(const ExecState &x) {
  return *static_cast<GroupShadow *>(x.group->watchers[kUninitSlot]);
}

} // namespace spvsim
