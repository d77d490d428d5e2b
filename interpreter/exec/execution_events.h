// The seam between the executor and what watches it (interpreter/DESIGN.md,
// "Watchers"): everything a check, a debugger or a profiler may observe of a
// running kernel, and the only header of exec/ a watcher includes.
//
// Two kinds of events. Per-instruction events — an op about to run (with its source
// location; printf calls are ops too), loads, stores, atomics, fences (an
// OpMemoryBarrier, the fence of a barrier), branch decisions, lanes that finish, a
// warp that starts or stops running — are static members of a policy class the warp loop is
// instantiated with (exec/warp_loop.h): NoWatchers below is the plain loop, where every event
// compiles to nothing; a launch that attaches watchers runs an instantiation whose policy calls
// them (interpreter/launch/). Rare events — an access faulted (the executor did not perform it), a
// work-group starts or ends, a barrier releases its work-items, an async copy or a dynamic-size
// copy moves bytes, printf reads a %s string — are virtual calls on the watchers a launch attached,
// never per op of a plain launch.
//
// What a watcher sees of the executor — ExecState (the warp's registers and masks,
// its launch, group and warp), the access walk of exec/handlers_memory.h
// (ops::resolve, forAccessibleLanes, load/store) and the fault context below —
// comes through this header.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "exec/exec_state.h"
#include "exec/handlers_memory.h"
#include "exec/image_ops.h"

namespace spvsim {

// --- Where a fault happened (defined with the executor's own findings, exec/fault_reports.cpp)

/// The global, local and group ids of lane `lane` of the warp running in `x`.
WorkItemIds workItemOf(const ExecState &x, uint32_t lane);

/// The buffer, variable or argument name of the allocation `pointer` points into.
std::string allocationName(const ExecState &x, uint64_t pointer);

/// The key of a repeat (FaultReporter::countRepeat): which report function (`family`,
/// 3 bits: 0 access faults, 1 fp-to-int, 2 integer UB, 3 wrap, 4 printf format,
/// 5 unreachable, 6 misaligned, 7 uninitialized reads), what tells its findings apart
/// (`detail`, 29 bits) and the op's instruction.
uint64_t repeatKey(uint32_t family, const LoweredOp &op, uint64_t detail);

// --- Image accesses, as the checked loop performs them (exec/image_ops.cpp)

/// The texels an image op's lanes read or are about to write: an image op run with a
/// record (ops::imageOp below) lists each texel access it performs — those inside the
/// image that the image's buffer allows (or performs all the same: access.*) — by the
/// tagged global pointer of the texel's first byte; reads are performed, writes are
/// encoded into `stored` and wait for ops::commitImageWrites, so that the race check
/// sees a write before it lands (as it sees a store).
struct ImageTexels {
  /// Texels one lane may read: linear filtering of a 3D image combines 8.
  static constexpr uint32_t kMaxPerLane = 8;
  bool isWrite = false;
  uint64_t lanes = 0;                   ///< lanes that accessed at least one texel
  std::array<uint8_t, 64> count{};      ///< texels per lane
  std::array<uint8_t, 64> texelBytes{}; ///< per lane: the bytes of its image's texels
  std::array<uint32_t, 64> image;       ///< per lane: its image (LaunchContext::images)
  std::array<std::array<uint64_t, kMaxPerLane>, 64> pointers; ///< per lane and texel
  std::array<std::array<std::byte, 16>, 64> stored;           ///< writes: each lane's texel
};

namespace ops {
/// Runs image op `op` (OpCode::Image) for the op's lanes, recording its texel accesses in
/// `texels`; a write is left to commitImageWrites.
void imageOp(const ExecState &x, const LoweredOp &op, ImageTexels &texels);
/// Writes the texels an image write recorded.
void commitImageWrites(const ExecState &x, const ImageTexels &texels);
} // namespace ops

/// The coordinate of the texel at tagged pointer `pointer` of one of the launch's images,
/// as a kernel gives it ("(3, 4)", a layer last), or "" when no image holds the byte.
std::string texelCoordinate(const LaunchContext &L, uint64_t pointer);

// --- Rare events: virtual calls on the attached watchers

/// An access of an op that faulted (ops::raiseAccessFault, exec/handlers_memory.h):
/// `lanes` active lanes faulted, the first of them `lane`, whose pointer is `pointer`
/// (the access is at pointer + op.imm). The executor has already stopped it: a
/// faulting lane's load yields 0 and its store is dropped — except for a read of a
/// write-only buffer and a write to a read-only one, which are performed
/// (ops::accessPerformed).
struct FaultedAccess {
  uint64_t pointer = 0;
  uint32_t bytes = 0;
  uint32_t lane = 0;
  uint64_t lanes = 0;
  ops::AccessFault fault = ops::AccessFault::None;
  bool isWrite = false;
};

/// An element of an async_work_group_copy that the executor did not copy (element
/// `element` of `count`): its `size` bytes at `offset` of the allocation `pointer`
/// points into lie outside it; `isWrite` when that is the destination. `workItem` is
/// the group's first work-item, which stands for the group.
struct FaultedCopy {
  uint64_t pointer = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
  uint64_t element = 0;
  uint64_t count = 0;
  bool isWrite = false;
  WorkItemIds workItem;
};

/// Bytes a copy moved: `count` elements of `size` bytes, element k from `src` +
/// srcOffset + k × srcStride (resolved to `from`) to `dst` + dstOffset + k × dstStride
/// (resolved to `to`); dst and src are the tagged pointers the copy was given, the
/// offsets those of the bytes moved. A lane's copy is one element; an async copy all
/// the elements it performed, strided on its global side.
struct CopiedBytes {
  uint64_t dst = 0;
  const ops::ResolvedAllocation *to = nullptr;
  uint64_t dstOffset = 0;
  uint64_t src = 0;
  const ops::ResolvedAllocation *from = nullptr;
  uint64_t srcOffset = 0;
  uint64_t size = 0;
  uint64_t count = 1;
  uint64_t dstStride = 0;
  uint64_t srcStride = 0;
  /// Whether the elements on the destination (source) side follow each other.
  bool dstContiguous() const { return count == 1 || dstStride == size; }
  bool srcContiguous() const { return count == 1 || srcStride == size; }
};

/// A watcher's state for one work-group runner (one worker thread; it runs many groups
/// in turn), made by its LaunchWatcher. GroupState::watchers holds it under the
/// watcher's slot while the runner lives.
class GroupWatcher {
public:
  virtual ~GroupWatcher() = default;
  /// Work-group `linearGroup` starts: its warps are set up (startWarp, by-value copies)
  /// and about to run.
  virtual void groupStarted(GroupState &, std::span<Warp> /*warps*/, uint64_t /*linearGroup*/) {}
  /// Every work-item of the group waits at one barrier (scopes: the Barrier op's imm,
  /// kWaitEventsBarrier for wait_group_events) or work-group function (`collective`),
  /// which has been completed; its work-items are about to be released.
  virtual void barrierReleased(uint64_t /*scopes*/, bool /*collective*/) {}
  /// Every work-item of one sub-group — warp `warp` of the group — waits at a sub-group
  /// barrier (an OpControlBarrier of Subgroup execution scope; `scopes` as above) and is
  /// about to be released; the group's other warps are not held by it.
  virtual void subGroupBarrierReleased(uint32_t /*warp*/, uint64_t /*scopes*/) {}
  /// An async_work_group_copy (strided or not) was performed, up to the elements it
  /// copied before a fault (x: the group, no warp).
  virtual void asyncCopied(const ExecState &, uint32_t /*instruction*/, const CopiedBytes &) {}
  /// The group's work-items have all returned, or the launch was stopped; its printf
  /// output has been handed on.
  virtual void groupEnded(GroupState &) {}
};

/// Per-warp state of a watcher: an empty base, owned by the watcher's GroupWatcher and
/// held in Warp::watchers under its slot.
struct WarpWatcher {};

/// A watcher attached to one launch (LaunchContext::watchers, under its slot).
class LaunchWatcher {
public:
  virtual ~LaunchWatcher() = default;
  /// The state for a new work-group runner whose warps are `warps` (storage allocated).
  virtual std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &, std::span<Warp>) {
    return nullptr;
  }
  /// A load, store, atomic, copy or printf read of op `op` faulted (what, where, which
  /// lanes: `access`). Once per op execution that faults; the access-fault check
  /// (checks/access/) reports it.
  virtual void accessFaulted(const ExecState &, const LoweredOp &, const FaultedAccess &) {}
  /// An async_work_group_copy at module instruction `instruction` stopped at an element
  /// outside its allocation (x: the group, no warp); the access-fault check reports it.
  virtual void asyncCopyFaulted(const ExecState &, uint32_t /*instruction*/, const FaultedCopy &) {}
  /// printf read `bytes` bytes of a %s string at `pointer` in lane `lane`.
  virtual void stringRead(const ExecState &, const LoweredOp &, uint32_t /*lane*/,
                          uint64_t /*pointer*/, uint64_t /*bytes*/) {}
  /// A dynamic-size OpCopyMemorySized moved lane `lane`'s bytes.
  virtual void memoryCopied(const ExecState &, uint32_t /*lane*/, const CopiedBytes &) {}
};

/// Calls `f` with each watcher attached to the launch (with each GroupWatcher of the
/// group's runner): how the executor raises a rare event.
template <class F> inline void forEachWatcher(const LaunchContext &L, F f) {
  for (LaunchWatcher *w : L.watchers)
    if (w) f(*w);
}
template <class F> inline void forEachWatcher(const GroupState &g, F f) {
  for (GroupWatcher *w : g.watchers)
    if (w) f(*w);
}

// --- The interactive debugger (debugger/): a watcher the launch calls per op

/// The slot of the debugger's watcher (LaunchContext::watchers).
inline constexpr uint32_t kDebugSlot = 3;

/// The debugger's watcher. A launch with ExecOptions::debugger runs on one thread, lowers
/// the module's variable debug information to DebugBind ops, and runs the warp loop of
/// DebugWatchers (launch/debug_execution.h), which calls opReached before an op only
/// where opFlags marks it (a breakpoint's line, a DebugBind) or while everyOp is set
/// (stepping, a finding to stop at): an op no breakpoint marks costs one load and test.
/// opReached may block the launch's thread while the debugger's prompt inspects the
/// state through `x` (registers, masks, the group and its warps, the allocations).
class DebugWatcher : public LaunchWatcher {
public:
  /// Per op of the launch's kernel, nonzero where opReached is called; set by
  /// launchStarted and changed only while the launch's thread waits in opReached.
  const uint8_t *opFlags = nullptr;
  /// Atomic because a signal handler may set it (Ctrl-C stops a running launch); read
  /// relaxed, a plain load.
  std::atomic<bool> everyOp{false};
  /// Whether storeDone is called after every store (a watchpoint is set).
  bool watchingStores = false;
  /// Ops the launch has reached so far (DebugWatchers::beforeOp counts each warp op once,
  /// the one about to run included): with one work-group thread the schedule is the same
  /// on every run, so a count names a point of the launch that a replay can run to.
  uint64_t opsReached = 0;
  /// Set, with the launch's cancel flag (ExecOptions::cancel), when the launch is to end
  /// now — abandoned to be run again (reverse execution), a replay past the point it
  /// runs to: the running warp polls the watchdog at its next block instead of within
  /// Watchdog::kBlocksPerPoll blocks, and the launch stops there.
  bool endNow = false;

  /// The kernel is lowered and bound and about to run its first work-group.
  virtual void launchStarted(LaunchContext &) = 0;
  /// Op `op` (index `index`) is about to run under x.maskOf(op).
  virtual void opReached(const ExecState &x, const LoweredOp &op, uint32_t index) = 0;
  /// A store of `bytes` per lane ran (StoreIndexed when `indexed`).
  virtual void storeDone(const ExecState &, const LoweredOp &, uint32_t /*index*/,
                         uint32_t /*bytes*/, bool /*indexed*/) {}
  /// The launch has run (or was stopped); its LaunchContext is about to go.
  virtual void launchEnded(LaunchContext &) = 0;
};

// --- Per-instruction events: the policy of the warp loop

/// The plain loop's policy: nothing watches. Every watcher policy has these members.
struct NoWatchers {
  /// False only here: the loop leaves out even the calls.
  static constexpr bool kWatching = false;
  /// Op `op` (index `index` in LoweredKernel::ops; op.source is its module instruction,
  /// hence its source location) is about to run under x.maskOf(op).
  static void beforeOp(const ExecState &, const LoweredOp &, uint32_t /*index*/) {}
  /// Performs a load (LoadIndexed when `Indexed`) of `T`. A watcher that moves state with
  /// the bytes may walk the access itself, but only with ops:: access functions, so the
  /// lanes, values and faults are exactly these.
  template <class T, bool Indexed>
  static void load(const ExecState &x, const LoweredOp &op, uint32_t /*index*/) {
    if constexpr (Indexed)
      ops::loadIndexed<T>(x, op);
    else
      ops::load<T>(x, op);
  }
  /// Performs a store (StoreIndexed when `Indexed`) of `T`, likewise.
  template <class T, bool Indexed>
  static void store(const ExecState &x, const LoweredOp &op, uint32_t /*index*/) {
    if constexpr (Indexed)
      ops::storeIndexed<T>(x, op);
    else
      ops::store<T>(x, op);
  }
  /// Performs image op `op` (OpCode::Image). A watcher that follows texels runs it with a
  /// record (ops::imageOp with ImageTexels), so the lanes, values and findings are these.
  static void image(const ExecState &x, const LoweredOp &op, uint32_t /*index*/) {
    ops::imageOp(x, op);
  }
  /// An atomic that writes (all but OpAtomicLoad) is about to run under x.maskOf(op):
  /// its pointers are x.reg<uint64_t>(op.a)[l] + op.imm.
  static void atomicWriting(const ExecState &, const LoweredOp &) {}
  /// An atomic of `bytes` bytes at x.reg<uint64_t>(op.a)[l] + op.imm ran (its accessible
  /// lanes); `isWrite` for every atomic but OpAtomicLoad.
  static void atomicDone(const ExecState &, const LoweredOp &, uint32_t /*bytes*/,
                         bool /*isWrite*/) {}
  /// A conditional branch or switch split the block's lanes (x.masks[0]) over its edges:
  /// x.masks[1..edges].
  static void branched(const ExecState &, const LoweredOp &, uint32_t /*edges*/) {}
  /// The lanes x.masks[0] passed a memory fence: an OpMemoryBarrier (OpCode::Fence), or
  /// the fence of a barrier as the warp's lanes arrive at it (OpCode::Barrier;
  /// barrierReleased follows once the whole group has arrived). `scopes` as in the
  /// Barrier op's imm: execution scope (Invocation for a fence), memory scope << 16,
  /// memory semantics << 32 (storage classes and ordering, SPIR-V §3.25; none for a
  /// barrier without a fence; kWaitEventsBarrier for wait_group_events).
  static void fenced(const ExecState &, const LoweredOp &, uint64_t /*scopes*/) {}
  /// Lanes `lanes` returned (or reached OpUnreachable): their work-items are done.
  static void lanesExited(const ExecState &, uint64_t /*lanes*/) {}
  /// The warp starts or resumes running (its work-items start when x.warp->live is
  /// x.warp->present and no block has run: the first call for a group).
  static void warpStarted(const ExecState &) {}
  /// The warp stops running: x.warp->status says whether its lanes all returned or wait
  /// at a barrier; otherwise the watchdog stopped it.
  static void warpStopped(const ExecState &) {}
};

} // namespace spvsim
