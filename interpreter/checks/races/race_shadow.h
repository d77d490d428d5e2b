// RaceShadow: the data-race detector of one launch (`--checks races`;
// interpreter/DESIGN.md "Race detection"). It numbers the kernel's memory
// instructions (race sites), holds one shadow word per granule of every
// global buffer the launch touches, and turns work-item identities into the
// ids its words hold. RaceGroup is the detector's state for the work-group a
// worker thread runs: barrier epochs of its warps, the __local shadow, and
// the async copies not yet waited for. Both are watchers (exec/execution_events.h):
// the launch's policy calls the record* functions for loads, stores and atomics
// only when the launch checks races.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "checks/races/race_word.h"
#include "exec/execution_events.h"
#include "memory/tagged_pointer.h"
#include "spvsim/common/finding.h"

namespace spvsim {

class Module;

/// The race check's slot among a launch's watchers (LaunchContext::watchers).
inline constexpr uint32_t kRaceSlot = 1;

/// A memory instruction of the kernel, as race findings name it.
struct RaceSite {
  uint32_t instruction = ~0u;              ///< module instruction index
  race::Scope scope = race::Scope::Device; ///< for atomics
};

class RaceShadow : public LaunchWatcher {
public:
  RaceShadow(const Module &module, const LaunchContext &launch);
  ~RaceShadow() override;
  RaceShadow(const RaceShadow &) = delete;
  RaceShadow &operator=(const RaceShadow &) = delete;

  /// log2 of the granule: the kernel's smallest access, in bytes.
  uint32_t granuleShift() const { return granuleShift_; }
  /// Item ids per work-group: local ids, then the group's async-copy pseudo item.
  uint32_t stride() const { return stride_; }
  /// The local id that stands for a group's async copies.
  uint32_t copyItem() const { return stride_ - 1; }

  /// The race site of an op of the launch's kernel (kNoSite for too many sites).
  uint32_t siteOf(const LoweredOp &op) const;
  /// The race site of a module instruction (async copies).
  uint32_t siteOfInstruction(uint32_t instruction) const;
  const RaceSite *site(uint32_t site) const {
    return site < sites_.size() ? &sites_[site] : nullptr;
  }

  /// The shadow words of global allocation `root` (no parent), created on first use;
  /// nullptr when the allocation has no bytes.
  uint64_t *words(uint32_t root);
  /// Commits the memory of the words around word `index` of allocation `root` before
  /// they are first written.
  void populate(uint32_t root, uint64_t index);
  /// The spin lock that guards changes to the page of words holding word `index`.
  std::atomic<uint32_t> &lock(uint32_t root, uint64_t index) {
    return locks_[(root * 0x9e3779b1u + uint32_t(index >> kWordsPerLock)) & (kLocks - 1)].flag;
  }
  /// log2 of the words one lock guards (4 KiB of words).
  static constexpr uint32_t kWordsPerLock = 9;

  /// A RaceGroup for a new work-group runner.
  std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &L, std::span<Warp> warps) override;
  /// printf's %s strings are reads.
  void stringRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                  uint64_t bytes) override;

  /// The ids of work-item `item` (an id of the words), or nullopt for a group's copy.
  std::optional<WorkItemIds> workItem(uint32_t item) const;
  /// The ids of the work-group of `item`.
  std::array<uint64_t, 3> groupOf(uint32_t item) const;

private:
  static constexpr uint32_t kLocks = 1024;
  struct alignas(64) Lock {
    std::atomic<uint32_t> flag{0};
  };
  struct WordArray; ///< lazily committed words of one buffer (mmap)
  const LaunchContext &launch_;
  uint32_t granuleShift_ = 2;
  uint32_t stride_ = 1;
  std::vector<RaceSite> sites_;
  std::vector<uint16_t> siteOfOp_;               ///< by op index in the kernel
  std::vector<std::atomic<WordArray *>> arrays_; ///< by allocation id
  std::mutex arraysMutex_;
  std::vector<std::unique_ptr<WordArray>> owned_;
  std::unique_ptr<Lock[]> locks_;
};

/// The race detector's state for the work-group a WorkGroupRunner runs.
class RaceGroup : public GroupWatcher {
public:
  RaceGroup(RaceShadow &shadow, const LaunchContext &launch, size_t warps);

  void groupStarted(GroupState &, std::span<Warp>, uint64_t linearGroup) override {
    start(linearGroup);
  }
  /// A barrier orders what came before it; a work-group function does not.
  void barrierReleased(uint64_t scopes, bool collective) override {
    if (collective) return;
    scopes == kWaitEventsBarrier ? waitEvents() : barrier(scopes);
  }
  void asyncCopied(const ExecState &x, uint32_t instruction, const CopiedBytes &c) override {
    copied(x, instruction, tagged::addOffset(c.dst, c.dstOffset - tagged::offset(c.dst)),
           tagged::addOffset(c.src, c.srcOffset - tagged::offset(c.src)), c.size);
  }

  /// A new work-group starts: no barrier passed, __local memory untouched.
  void start(uint64_t linearGroup);
  /// Every warp of the group passed the barrier with scopes `scopes` (Barrier op imm).
  void barrier(uint64_t scopes);
  /// Records the accesses of one element of an async copy (the group's pseudo item):
  /// `bytes` read at tagged pointer `src` and written at `dst`. x: the group's state.
  void copied(const ExecState &x, uint32_t instruction, uint64_t dst, uint64_t src, uint64_t bytes);
  /// wait_group_events: the copies are ordered before what follows.
  void waitEvents();

  enum Memory : uint32_t { kGlobal = 0, kLocal = 1 };
  /// The view of lane 0 of the warp whose first local id is `firstItem`.
  race::View view(Memory m, uint32_t firstItem, uint32_t width) const;
  uint32_t epoch(Memory m, uint32_t firstItem, uint32_t width) const {
    return epochs_[m][firstItem / width];
  }
  uint32_t groupFirst() const { return groupFirst_; }
  uint64_t *localWords() { return local_.data(); }
  /// Notes that __local words up to `index` (exclusive) may be nonzero.
  void touchLocal(uint64_t end) { localUsed_ = std::max(localUsed_, end); }
  RaceShadow &shadow() { return shadow_; }

private:
  /// One range of memory an async copy touched, completed at the next wait.
  struct CopyRange {
    uint64_t pointer = 0; ///< tagged pointer of the element
    uint64_t bytes = 0;
  };
  RaceShadow &shadow_;
  const LaunchContext &launch_;
  uint32_t groupFirst_ = 0;
  /// Per memory: each warp's barrier epoch, the epoch of the last work-group barrier,
  /// the newest epoch, and how many epochs there were (to know when words wrap).
  std::array<std::vector<uint32_t>, 2> epochs_;
  std::array<uint32_t, 2> lastBarrier_{0, 0}, latest_{0, 0};
  std::vector<uint64_t> local_;
  uint64_t localUsed_ = 0;
  std::vector<CopyRange> copies_;
};

/// The race detector of launch `L` (attached under kRaceSlot).
inline RaceShadow &raceShadowOf(const LaunchContext &L) {
  return *static_cast<RaceShadow *>(L.watchers[kRaceSlot]);
}

/// The race detector's state for the group of the warp running in `x`.
inline RaceGroup &raceGroupOf(const ExecState &x) {
  return *static_cast<RaceGroup *>(x.group->watchers[kRaceSlot]);
}

namespace race {

/// Records the accesses of op's active lanes at p[l] + imm (`bytes` each) that were
/// performed: in bounds, allowed, and for atomics aligned. Reports the races they make.
void recordAccess(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                  uint32_t bytes, AccessKind kind);
/// The same for LoadIndexed / StoreIndexed (a + sext(c) × stride + imm, then + b).
void recordIndexedAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind);
/// A read of `bytes` bytes at `pointer` by one lane (printf's %s strings).
void recordRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                uint64_t bytes);

} // namespace race
} // namespace spvsim
