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
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "checks/races/image_write_log.h"
#include "checks/races/race_word.h"
#include "checks/races/root_slots.h"
#include "checks/races/shared_log.h"
#include "checks/races/sync_order.h"
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
  race::Ordering ordering;                 ///< for atomics: how it orders (memory model)
  bool store = false;                      ///< OpAtomicStore: writes without reading
  uint32_t bytes = 0;                      ///< for atomics: the access size
  bool image = false;                      ///< an image read or write (race.image.*)
  bool readWriteImage = false;             ///< an image write to a read_write image (ImageWriteLog)
};

class RaceShadow : public LaunchWatcher {
public:
  RaceShadow(const Module &module, const LaunchContext &launch);
  ~RaceShadow() override;
  RaceShadow(const RaceShadow &) = delete;
  RaceShadow &operator=(const RaceShadow &) = delete;

  /// log2 of the granule: the kernel's smallest access, in bytes (__local memory, and
  /// global allocations no pointer argument names).
  uint32_t granuleShift() const { return granuleShift_; }
  /// log2 of the granule of global allocation `root` (no parent): the smallest access
  /// that may reach it (race_unit.h), which divides every access to it and the origin of
  /// each of its sub-buffers; the kernel's for images and the buffers they view.
  uint32_t shiftOf(uint32_t root) const {
    for (const RootShift &r : rootShifts_)
      if (r.root == root) return r.shift;
    return granuleShift_;
  }
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
  /// Whether the bytes of allocation `root` are an image's and a buffer's at once (an
  /// image created from a buffer, OpenCL API §5.3.1.2): then its image accesses keep
  /// shadow words of their own (imageWords: image and buffer accesses have barrier
  /// epochs of their own) and every access of it is also recorded in its alias words
  /// (race_image_alias.h, four words per granule: the image side's two, the buffer's).
  bool aliased(uint32_t root) const {
    return std::find(aliased_.begin(), aliased_.end(), root) != aliased_.end();
  }
  /// Whether any root of the launch is aliased: only then do accesses take the alias pass.
  bool anyAliased() const { return anyAliased_; }
  uint64_t *imageWords(uint32_t root) { return wordsIn(imageArrays_, root, 1); }
  uint64_t *aliasWords(uint32_t root) { return wordsIn(aliasArrays_, root, 4); }
  /// Whether work-items' image writes are logged until their next image fence
  /// (ImageWriteLog): the kernel reads and writes images.
  bool logsImageWrites() const { return logsImageWrites_; }
  /// Whether texel reads are recorded: not when the kernel writes no image and no image
  /// of the launch shares its bytes with another object — then nothing the launch does
  /// can write an image's bytes, and reads alone never race.
  bool recordsImageReads() const { return recordsImageReads_; }
  /// Whether the reads of image `image` (its index in the launch's images) are recorded:
  /// when the kernel writes images, only those of images whose bytes an image argument
  /// that may be written (write_only, read_write) also holds — or every image's, when an
  /// image shares its bytes with another object or the arguments are not known.
  bool recordsReadsOf(uint32_t image) const {
    return image >= imageReadsRecorded_.size() || imageReadsRecorded_[image];
  }
  /// Whether plain load `index` (an op of the launch's kernel) is recorded: not when it
  /// may reach only buffers of pointer arguments that no store, atomic or copy of the
  /// kernel may reach (race_unit.h) — bytes nothing in the launch writes, whose reads
  /// never race — and no image shares its bytes with another object.
  bool recordsLoad(uint32_t index) const {
    return index >= loadsRecorded_.size() || loadsRecorded_[index];
  }
  /// Whether recordsReadsOf() leaves out some image's reads (else every lane's are kept,
  /// without asking per lane).
  bool selectsImageReads() const { return !imageReadsRecorded_.empty(); }
  /// Commits the memory of the words around word `index` of allocation `root` before
  /// they are first written, and notes their page as written: the next launch that takes
  /// the words clears it (WordArray::take). Every write of the words comes after it — of
  /// an aliased root's image words and alias words too, for the same page of granules.
  void populate(uint32_t root, uint64_t index);
  /// Whether changes to global words take their page's lock: not when one thread runs
  /// every work-group of the launch (LaunchContext::workers), since only work-groups
  /// running at once on other threads change the words a thread is changing.
  bool locking() const { return locking_; }
  /// The spin lock that guards changes to the page of words holding word `index`.
  std::atomic<uint32_t> &lock(uint32_t root, uint64_t index) {
    return locks_[(root * 0x9e3779b1u + uint32_t(index >> kWordsPerLock)) & (kLocks - 1)].flag;
  }
  /// log2 of the words one lock guards (4 KiB of words).
  static constexpr uint32_t kWordsPerLock = 9;
  /// Lazily committed words of one buffer, handed from launch to launch
  /// (race_word_array.h).
  struct WordArray;

  /// A RaceGroup for a new work-group runner.
  std::unique_ptr<GroupWatcher> makeGroupWatcher(LaunchContext &L, std::span<Warp> warps) override;
  /// printf's %s strings are reads.
  void stringRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                  uint64_t bytes) override;

  /// Whether the kernel has atomics or fences that order (acquire, release): only then
  /// are release points and atomic locations' clocks tracked (sync_order.h).
  bool tracked() const { return tracked_; }
  /// Whether the kernel has atomics or fences at all.
  bool atomics() const { return atomics_; }
  /// The module is OpenCL C 2.0 or later (OpSource): a fence pairs with an atomic of
  /// another address space only when it names both (race_sync.cpp).
  bool fencesByAddressSpace() const { return fencesByAddressSpace_; }
  race::SyncOrder &sync() { return sync_; }
  /// The accesses of granules several work-groups touch (shared_log.h): kept when the
  /// kernel's atomics or fences order (tracked()), else nullptr.
  race::SharedLog *sharedLog() { return sharedLog_.get(); }

  /// The ids of work-item `item` (an id of the words), or nullopt for a group's copy.
  std::optional<WorkItemIds> workItem(uint32_t item) const;
  /// The ids of the work-group of `item`.
  std::array<uint64_t, 3> groupOf(uint32_t item) const;
  /// The linear id of the work-group of `item`. With packed work-groups
  /// (exec/packed_groups.h) the words number a pack as one group; this tells them apart.
  uint64_t linearGroupOf(uint32_t item) const;
  /// Whether the launch packs work-groups (the words' groups are packs of them).
  bool packed() const { return launch_.packedGroups > 1; }

private:
  static constexpr uint32_t kLocks = 1024;
  struct alignas(64) Lock {
    std::atomic<uint32_t> flag{0};
  };
  const LaunchContext &launch_;
  uint32_t granuleShift_ = 2;
  /// shiftOf(): the roots the kernel's pointer arguments name.
  struct RootShift {
    uint32_t root = 0;
    uint32_t shift = 3;
  };
  std::vector<RootShift> rootShifts_;
  /// Fills rootShifts_ from the arguments' bindings: argument i's unit is the smaller of
  /// argGranule[i] and anyGranule, or `granule` without argGranule (nullptr).
  void unitsOfArguments(const LoweredKernel &k, const uint8_t *argGranule, uint32_t anyGranule,
                        uint32_t granule);
  uint32_t stride_ = 1;
  std::vector<RaceSite> sites_;
  std::vector<uint16_t> siteOfOp_;    ///< by op index in the kernel
  race::RootSlots<WordArray> arrays_; ///< by allocation id
  /// Aliased roots (aliased()), and their image words and alias words by allocation id.
  std::vector<uint32_t> aliased_;
  race::RootSlots<WordArray> imageArrays_, aliasArrays_;
  bool logsImageWrites_ = false;
  bool recordsImageReads_ = true;
  /// By image index (recordsReadsOf); empty: every image's reads are recorded.
  std::vector<uint8_t> imageReadsRecorded_;
  /// Fills imageReadsRecorded_ from the image arguments' access qualifiers (entry: the
  /// kernel's function; nothing when it is not known).
  void imagesWritable(const Module &module, const Function *entry);
  /// By op index (recordsLoad); empty: every load is recorded.
  std::vector<uint8_t> loadsRecorded_;
  /// Fills loadsRecorded_: `loads` the kernel's plain loads (op index, the arguments they
  /// may reach), `writeReach` the arguments its writes may reach.
  void unrecordedLoads(std::span<const std::pair<uint32_t, uint64_t>> loads, uint64_t writeReach);
  /// The root allocation of the buffer bound to pointer argument i; ~0 when it has none
  /// in the table (a __local or null argument, a value).
  uint32_t rootOfArgument(size_t i) const;
  /// Allocation `id`'s root (its parent, or itself); ~0 when it is not in the table.
  uint32_t rootOfAllocation(uint64_t id) const;
  /// The launch's value of the argument slot `slot`; nullptr when it has none.
  const UniformInit *argumentInit(uint32_t slot) const;
  bool anyAliased_ = false;
  /// The words of `root` in `arrays`, `perGranule` words a granule, made on first use.
  uint64_t *wordsIn(race::RootSlots<WordArray> &arrays, uint32_t root, uint32_t perGranule);
  std::mutex arraysMutex_;
  /// The arrays of arrays_, imageArrays_ and aliasArrays_, given back to the pool with
  /// the launch (WordArray::give).
  std::vector<std::unique_ptr<WordArray>> pooled_;
  std::unique_ptr<Lock[]> locks_;
  bool locking_ = true;
  bool tracked_ = false;
  bool atomics_ = false;
  bool fencesByAddressSpace_ = false;
  race::SyncOrder sync_;
  std::unique_ptr<race::SharedLog> sharedLog_;
};

namespace race {
/// What race::Recorder resolved of an allocation for an access (Recorder::resolve): where
/// its words are and whether it records there; the recorder's own and the group's last
/// (RaceGroup::lastResolution). `key`: the allocation (tagged::allocation) shifted left
/// by 2, bit 1 for a write and bit 0 for an image access (~0: none).
struct Resolution {
  uint64_t key = ~uint64_t(0);
  bool usable = false;
  bool global = false;
  std::byte *base = nullptr;
  uint64_t size = 0;
  uint32_t root = 0;
  uint32_t shift = 0;
  uint64_t shadowOffset = 0;
  uint64_t *words = nullptr;
  uint64_t *alias = nullptr;
  uint32_t id = 0;
};
} // namespace race

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
  void subGroupBarrierReleased(uint32_t warp, uint64_t scopes) override {
    subGroupBarrier(warp, scopes);
  }
  void asyncCopied(const ExecState &x, uint32_t instruction, const CopiedBytes &c) override {
    copied(x, instruction, c);
  }

  /// A new work-group starts: no barrier passed, __local memory untouched.
  void start(uint64_t linearGroup);
  /// Every warp of the group passed the barrier with scopes `scopes` (Barrier op imm).
  void barrier(uint64_t scopes);
  /// Warp `warp` alone passed a sub-group barrier with scopes `scopes`: it orders the
  /// warp's work-items among themselves, not against the other warps.
  void subGroupBarrier(uint32_t warp, uint64_t scopes);
  /// Records the accesses of an async copy (the group's pseudo item): each element read
  /// at its source and written at its destination, a side whose elements follow each
  /// other as one range. x: the group's state.
  void copied(const ExecState &x, uint32_t instruction, const CopiedBytes &c);
  /// wait_group_events: the copies are ordered before what follows.
  void waitEvents();

  // The memory model between work-groups (race_sync.cpp; sync_order.h).
  /// The warp of x passed a fence (the seam's fenced event).
  void fenced(const ExecState &x, const LoweredOp &op, uint64_t scopes);
  /// The warp of x is about to run atomic op `op`, which writes: its release (or why it
  /// is none) goes to the locations first, so that whoever reads the value finds it.
  void atomicWriting(const ExecState &x, const LoweredOp &op);
  /// The warp of x ran atomic op `op`, which reads: what it acquires.
  void atomicRead(const ExecState &x, const LoweredOp &op);
  /// Whether access `d` (an item id of the global words) happens before this group's
  /// accesses from now on: it precedes a release this group acquired. (A group's
  /// acquire counts for all its work-items: between work-items of one group the
  /// check is lenient.)
  bool follows(const race::Access &d);
  /// Whether access `d` and every access of its work-group in its epoch happen before
  /// this group's accesses from now on: a release after a barrier of d's group that
  /// followed d, acquired by this group.
  bool followsWithGroup(const race::Access &d);
  /// The ordering a race with access `d` lacks (for the message): of another work-group,
  /// or with `sameGroup` of another work-item of this group, in a kernel with atomics.
  /// `warp`, `lane`: the warp (its index) and lane of the access that found the race.
  std::string missingOrdering(const race::Access &d, bool known, bool sameGroup, uint32_t warp,
                              uint32_t lane) const;
  /// Whether access `d` to __local memory (an item id of the global words) precedes a
  /// release the warp with index `warp` acquired: a work-group scope release/acquire
  /// pair or fences with atomics order it (race_sync.cpp).
  bool followsLocal(const race::Access &d, uint32_t warp, uint32_t width) const;
  /// The ordering a race on __local memory found by warp `warp` lacks (for the message).
  std::string missingLocalOrdering(uint32_t warp) const;
  /// The ordering two work-items' accesses to global memory since the group's last
  /// barrier with the global fence lack: what a work-group barrier without that fence
  /// passed since then did not do, else empty (the plain reason stands).
  std::string unfencedBarrierOrdering() const;

  /// Image memory is global memory whose accesses only barriers with the image fence
  /// order (CLK_IMAGE_MEM_FENCE, ImageMemory semantics): it has barrier epochs of its own.
  enum Memory : uint32_t { kGlobal = 0, kLocal = 1, kImage = 2 };
  /// Per warp of the group, a local epoch (0: none): what a warp acquired, what a __local
  /// atomic location carries.
  using LocalClock = std::vector<uint32_t>;
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
  /// The allocation a Recorder of this group resolved last for a read (write: for a
  /// write), kept from one op to the next (a warp of a small work-group makes one
  /// recorder per op and few accesses each): a launch's allocations, the group's __local
  /// words and the shadow's word arrays do not move while it runs.
  race::Resolution &lastResolution(bool write) { return lastResolution_[write]; }
  /// The image writes warp `warp`'s work-items made since their last image fence.
  ImageWriteLog &imageWrites(uint32_t warp) { return imageWrites_[warp]; }
  /// The lanes `lanes` of warp `warp` passed a fence or barrier (`scopes` as the Barrier
  /// op's imm): one that orders image memory ends their logged writes.
  void imageFenced(uint32_t warp, uint64_t lanes, uint64_t scopes);

private:
  /// Ranges of memory an async copy touched, completed at the next wait: `count` ranges
  /// of `bytes` bytes, `stride` bytes apart.
  struct CopyRange {
    uint64_t pointer = 0; ///< tagged pointer of the first range
    uint64_t bytes = 0;
    uint64_t count = 1;
    uint64_t stride = 0;
  };
  /// One side of an async copy: `count` ranges of `bytes` bytes from tagged pointer
  /// `pointer`, `stride` bytes apart; findings name at most 8 bytes of an element of
  /// `element` bytes, as the copy's accesses.
  void copiedSide(const ExecState &x, uint32_t site, race::AccessKind kind, uint64_t pointer,
                  uint64_t bytes, uint64_t count, uint64_t stride, uint64_t element);
  RaceShadow &shadow_;
  const LaunchContext &launch_;
  uint32_t groupFirst_ = 0;
  /// Per memory: each warp's barrier epoch, the epoch of the last work-group barrier,
  /// the newest epoch, and how many epochs there were (to know when words wrap).
  std::array<std::vector<uint32_t>, 3> epochs_;
  std::array<uint32_t, 3> lastBarrier_{0, 0, 0}, latest_{0, 0, 0};
  /// The work-group barriers without the global fence since the last one with it: 0
  /// none; else 1 + whether one of them fenced __local memory (for the message only).
  uint8_t unfencedBarrier_ = 0;
  std::vector<uint64_t> local_;
  uint64_t localUsed_ = 0;
  race::Resolution lastResolution_[2];
  std::vector<CopyRange> copies_;
  std::vector<ImageWriteLog> imageWrites_; ///< per warp, when the shadow logs image writes
  /// The memory model's state of one warp: the release point of its last release fence,
  /// whether it passed an acquire fence, and what its atomic reads saw since it did not.
  struct WarpSync {
    uint64_t release = race::SyncOrder::kNoRelease;
    /// The point of `release` (a release fence), the lanes that passed a release fence
    /// and the lanes that released (a fence paired with an atomic write, or a release
    /// atomic), and the global epoch of its last sub-group barrier (race_sync.cpp).
    race::ReleasePoint fencePoint;
    uint64_t fenceLanes = 0, releasedLanes = 0;
    uint32_t warpBarrier = 0;
    bool localFenceOnly = false; ///< its last local release fence named only local memory
    bool acquireFenced = false;
    bool localFence = false; ///< passed a release fence that orders only local memory
    bool pendingAll = false; ///< a pending read saw a saturated clock
    race::SyncClock pending;
    /// Its last atomic read of global memory (atomicRead): the location and its version,
    /// whether the read acquired and what it says of the releases it did not, and the
    /// group's `changes_` after it. A read like it while neither changed would repeat
    /// all it did: it is skipped.
    struct LastRead {
      uint64_t location = ~uint64_t(0);
      uint64_t version = race::SyncOrder::kNoVersion;
      uint64_t changes = 0;
      bool acquires = false;
      race::Missing weak = race::Missing::None;
      race::Missing own = race::Missing::None; ///< what it set of ownMissing (None: nothing)
    } lastRead;
    // __local memory, between the warps of the group (race_sync.cpp):
    uint32_t localRelease = 0;       ///< local epoch of its last local release fence (0: none)
    bool localAcquireFenced = false; ///< passed an acquire fence that orders local memory
    bool globalFence = false;        ///< passed a release fence that orders only global memory
    bool globalAcquireFence = false; ///< passed an acquire fence that orders only global memory
    bool localAcquireFence = false;  ///< passed an acquire fence that orders only local memory
    /// Its last local acquire fence named only local memory in an OpenCL C 2.0+ module:
    /// it acquires nothing seen through atomics on global memory (race_sync.cpp).
    bool localAcquireFenceOnly = false;
    race::Missing localMissing = race::Missing::None; ///< why its atomic reads did not order
    /// Per lane: why the lane's last atomic read of a location its own group wrote did not
    /// order the group's accesses before that write with its own after it (the writer's
    /// write was no release, or the read no acquire; None: nothing known). A race within
    /// the group names the reason of the work-item whose access found it, so that another
    /// work-item's read, or an unrelated race, does not lend it a reason.
    std::array<race::Missing, 64> ownMissing{};
    LocalClock localAcquired;        ///< per warp: the local epoch it acquired up to
    LocalClock localPending;         ///< what relaxed reads saw, until an acquire fence
    LocalClock localPendingByGlobal; ///< what relaxed reads of global memory saw, likewise
  };
  /// An atomic location of __local memory: per warp the local epoch of the last release
  /// its value was written under (release sequences continue through every write), and
  /// why the last write that was no release was not.
  struct LocalLocation {
    LocalClock clock;
    race::Missing weak = race::Missing::None;
    /// For localByGlobal_: the warp that wrote last, and why the last write of another
    /// warp before it was no release (what that warp's own read-modify-write read).
    uint32_t writer = ~0u;
    race::Missing earlierWeak = race::Missing::None;
    /// For localLocations_: why its latest write released no global memory for the
    /// group's work-items (None: it did, or a read-modify-write continued a release).
    race::Missing globalWeak = race::Missing::None;
  };
  std::unordered_map<uint64_t, LocalLocation> localLocations_; ///< by tagged pointer
  /// Atomic locations of global memory (SyncOrder's location keys) written by this group
  /// after a release fence naming local memory, or by a sequentially consistent atomic:
  /// the local releases they carry between the group's warps (kernels with __local
  /// memory only).
  std::unordered_map<uint64_t, LocalLocation> localByGlobal_;
  /// The __local part of atomicWriting and atomicRead for the lanes that access __local
  /// memory; `w` the warp's index, `s` its state.
  void localAtomicWriting(const ExecState &x, const LoweredOp &op, uint64_t mask,
                          const race::Ordering &o, uint32_t w, bool readModifyWrite);
  void localAtomicRead(const ExecState &x, const LoweredOp &op, uint64_t mask,
                       const race::Ordering &o, WarpSync &s);
  /// Whether a lane of `mask` accesses __local memory; `same`: every lane on one pointer.
  static bool anyLocalLane(const ExecState &x, const LoweredOp &op, uint64_t mask, bool same);
  /// The local release an atomic write to global memory by warp `w` makes (0: none; `weak`
  /// then says why), for the local ordering it carries within the group.
  uint32_t localReleaseThroughGlobal(const race::Ordering &o, uint32_t w, race::Missing &weak);
  /// What an atomic read of global location `location` by warp `w` acquires of the
  /// group's local releases.
  void localAcquireThroughGlobal(uint64_t location, const race::Ordering &o, uint32_t w);
  /// Per warp the later of the two epochs.
  static void joinLocal(LocalClock &into, const LocalClock &from);
  /// The release of the release fence warp `w` passed, for an atomic write by the lanes
  /// of `mask`: the fence's point with those of them that passed it added.
  uint64_t fenceRelease(uint32_t w, uint64_t mask);
  /// A release atomic's own release point of global memory (or a sequentially consistent
  /// __local one's), by the lanes `mask` of the warp with index `w` of `x` (`s`: its
  /// WarpSync): after the accesses so far of its lanes and of the lanes that released
  /// before. Returns its key.
  uint64_t atomicRelease(const ExecState &x, WarpSync &s, uint32_t w, uint64_t mask);
  /// The key of __local location `q` (a tagged pointer) in groupReleases_, apart from
  /// SyncOrder's keys of global locations.
  static uint64_t localKey(uint64_t q) { return q | uint64_t(1) << 63; }
  /// A new release point of warp `warp` (past SyncOrder::kMaxPoints: the last one,
  /// and the group's releases saturate).
  uint64_t newRelease(uint32_t warp, const race::ReleasePoint &p);
  /// Joins the keys of `clock` that are this group's own releases into what the group
  /// acquired (a work-group scope acquire).
  void acquireOwn(const race::SyncClock &clock);
  /// Joins `clock` (`all`: saturated) into what the group acquired.
  void acquire(const race::SyncClock &clock, bool all);
  /// Counts the changes of what atomic reads change: `acquired_`, `acquiredAll_`,
  /// `hints_` and the warps' pending reads (WarpSync::lastRead).
  uint64_t changes_ = 0;
  uint32_t releases_ = 0;    ///< release points the group made
  bool acquiredAll_ = false; ///< the group acquired a saturated clock: all is ordered
  uint32_t linearGroup_ = 0;
  std::vector<WarpSync> sync_;
  race::SyncClock acquired_;          ///< the release points the group acquired
  race::SyncClock seen_;              ///< atomicRead's: what one lane's read saw
  std::vector<race::SyncHint> hints_; ///< why atomics it read did not order
  /// Global atomic locations this group wrote with a work-group scope release, and
  /// __local ones written with a release of global memory: the release points they
  /// carry for its own work-items (SyncOrder's location keys; localKey for __local).
  std::unordered_map<uint64_t, race::SyncClock> groupReleases_;
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

/// Takes a spin lock of the shadow's words (RaceShadow::lock).
inline void lockSpin(std::atomic<uint32_t> &lock) {
  while (lock.exchange(1, std::memory_order_acquire))
    while (lock.load(std::memory_order_relaxed)) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
}

/// How far the atomic at module instruction `instruction` reaches (DESIGN.md "Race
/// detection": Workgroup with Relaxed semantics, every OpenCL 1.2 atomic, acts
/// device-wide).
Scope atomicScope(const Module &module, uint32_t instruction);
/// How the atomic at module instruction `instruction` orders (sync_order.h).
Ordering atomicOrdering(const Module &module, uint32_t instruction);
/// Whether the module says (OpSource) it is OpenCL C 2.0 or later, whose memory model
/// pairs a fence with atomics of the address spaces its flags name only.
bool fencesByAddressSpace(const Module &module);

/// Records the accesses of op's active lanes at p[l] + imm (`bytes` each) that are
/// performed: in bounds, allowed, and for atomics aligned. Reports the races they make.
/// `stored`: a plain store not yet performed, lane l storing the `bytes` bytes at
/// stored + l × bytes; a write-write race storing the bytes the other write stored is
/// a uniform write (Finding::uniformWrite).
void recordAccess(const ExecState &x, const LoweredOp &op, const uint64_t *p, uint64_t imm,
                  uint32_t bytes, AccessKind kind, const void *stored = nullptr);
/// recordAccess() of an atomic op (its pointer operand, nothing stored beforehand).
void recordAtomicAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind);
/// The same for LoadIndexed / StoreIndexed (a + sext(c) × stride + imm, then + b).
void recordIndexedAccess(const ExecState &x, const LoweredOp &op, uint32_t bytes, AccessKind kind,
                         const void *stored = nullptr);
/// The texels an image op's lanes read, or are about to write (ImageTexels, before
/// ops::commitImageWrites): accesses of image memory (RaceGroup::kImage epochs).
void recordTexels(const ExecState &x, const LoweredOp &op, const ImageTexels &texels);
/// The same texels in the warp's ImageWriteLog (when the shadow logs image writes):
/// writes are logged, and a read of a texel its work-item wrote since its last image
/// fence is image.unfenced-read (race_image_alias.cpp).
void logImageTexels(const ExecState &x, const LoweredOp &op, const ImageTexels &texels);
/// A read of `bytes` bytes at `pointer` by one lane (printf's %s strings).
void recordRead(const ExecState &x, const LoweredOp &op, uint32_t lane, uint64_t pointer,
                uint64_t bytes);

} // namespace race
} // namespace spvsim
