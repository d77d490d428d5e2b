// LaunchContext, GroupState, Warp: the state of one NDRange launch, of one
// work-group in flight on a worker thread, and of one warp of lanes that run
// in lockstep over structure-of-arrays registers.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "exec/printf_output.h"
#include "exec/spin_detector.h"
#include "exec/watchdog.h"
#include "lower/program.h"
#include "memory/allocation_table.h"
#include "memory/tagged_pointer.h"
#include "report/fault_reporter.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/image.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/interpreter/schedule.h"

namespace spvsim {

class LaunchWatcher;
class GroupWatcher;
struct WarpWatcher;
struct LaunchContext;
struct GroupState;
struct Warp;

/// Watchers one launch may attach at once (exec/execution_events.h): each family keeps
/// its state at each level under a slot of its own.
inline constexpr uint32_t kWatcherSlots = 5;

/// A warp loop: the plain one, or an instantiation with watchers (exec/warp_loop.h).
using WarpLoop = void (*)(LaunchContext &, GroupState &, Warp &);

/// An image argument as a launch sees it (exec/image_ops.cpp): its description with
/// the pitches filled in, over allocation `allocation`.
struct ImageView {
  ImageDescription image;
  uint32_t allocation = 0;
  /// Its allocation's first byte and definedness (AllocationView::base, shadow), kept
  /// here so that a texel access needs no look-up in the allocation table.
  std::byte *base = nullptr;
  uint8_t *shadow = nullptr;
  uint32_t texelBytes = 0;
  TexelKind kind = TexelKind::Float;
  /// imageBytes(image): the bytes from the first texel to the end of the last.
  uint64_t bytes = 0;
  /// texelByteComponents of the format for reads and for writes: per byte of a texel the
  /// components it holds (the uninit check's, per op).
  std::array<uint8_t, 16> readComponents{}, writeComponents{};
};

struct LaunchContext {
  const LoweredKernel *kernel = nullptr;
  /// The argument values' slots, set in every warp after the kernel's constants
  /// (the lowered kernel is shared between launches and holds no argument).
  std::vector<UniformInit> argumentInits;
  NDRange range;
  std::array<uint64_t, 3> localSize{1, 1, 1}; ///< enqueued work-group size
  std::array<uint64_t, 3> groups{1, 1, 1};    ///< work-groups per dimension
  /// Work-groups a runner runs together in one warp (exec/packed_groups.h); 1: each
  /// work-group runs alone.
  uint32_t packedGroups = 1;
  CheckSet checks;                            ///< ExecOptions::checks
  Schedule schedule;                          ///< ExecOptions::schedule
  bool subGroupIndependentProgress = true;    ///< ExecOptions::subGroupIndependentProgress
  /// Worker threads that run the launch's work-groups (0: not known, as many as may be):
  /// with one, no two work-groups run at once and the checks' shared state needs no lock.
  uint32_t workers = 0;
  /// The warp loop of the launch's watcher policy; null: the plain loop.
  WarpLoop warpLoop = nullptr;
  /// The watchers attached to the launch, by slot (owned by the launch layer).
  std::array<LaunchWatcher *, kWatcherSlots> watchers{};
  AllocationTable allocations;            ///< by allocation id; 0 is NULL
  std::vector<uint32_t> programGlobalIds; ///< allocation id of each program global
  std::vector<ImageView> images;          ///< image arguments; an image value indexes them
  std::vector<uint64_t> localOffsets;     ///< per LoweredKernel::locals entry, in the group arena
  std::vector<uint64_t> localSizes;       ///< per LoweredKernel::locals entry
  uint64_t localArenaSize = 0;
  /// By-value aggregate arguments, copied into every work-item's private arena.
  struct ByValCopy {
    uint64_t offset = 0;
    std::vector<std::byte> bytes;
  };
  std::vector<ByValCopy> byValCopies;
  FaultReporter *reporter = nullptr;
  PrintfOutput *printf = nullptr; ///< set when the kernel calls printf
  /// Deadlines, instruction budget and cancellation; counts instructions and finished
  /// work-items. Once it fires every warp stops where it is.
  Watchdog watchdog;
  /// Idle and spinning workers, started and finished work-groups (exec/spin_detector.h).
  SpinMonitor spin;
};

struct GroupState {
  std::array<uint64_t, 3> id{0, 0, 0};
  uint64_t linear = 0; ///< the linear group id (x fastest)
  /// The group's warps that have work-items (the runner's), for the spin detector.
  Warp *warps = nullptr;
  size_t activeWarps = 0;
  /// Sub-group barriers its warps went through: with the warps at a barrier or ended,
  /// what the spin detector counts as progress of the group's sub-groups.
  uint64_t subGroupBarriersReleased = 0;
  std::array<uint64_t, 3> size{1, 1, 1}; ///< this group's size (the last may be smaller)
  uint64_t items = 1;
  /// With packed work-groups (LaunchContext::packedGroups > 1) this state runs several:
  /// `id`, `linear` and `size` are the first one's, `items` all of theirs, each lane's
  /// own group id is in Warp::groupId and `groupItems` are one group's work-items.
  uint32_t packed = 1;
  uint64_t groupItems = 1;
  std::byte *localArena = nullptr;
  /// Operands work-items deposit at a work-group function, by local linear
  /// index: [0] the value (then the result), [1] the broadcast source or the
  /// copy source, [2] the copy's element count, [3] its stride.
  std::array<std::vector<uint64_t>, 4> collective;
  /// printf output of each work-item, by local linear index (kernels that call printf).
  std::vector<std::string> printfByItem;
  /// The attached watchers' state for this group's runner, by slot.
  std::array<GroupWatcher *, kWatcherSlots> watchers{};
};

enum class WarpStatus : uint8_t { Ready, AtBarrier, Exited };

/// Lane masks expanded to one all-ones or all-zeros element per lane, for each
/// element size, so that masked writes blend in vectorisable loops. Holds the
/// last few masks asked for (a block's mask and its edges' masks alternate);
/// each size of a mask is expanded when first needed.
struct LaneMaskCache {
  static constexpr uint32_t kEntries = 4;
  /// kByteMasks[b]: byte k is 0xff where bit k of b is set.
  static constexpr std::array<uint64_t, 256> kByteMasks = [] {
    std::array<uint64_t, 256> t{};
    for (uint32_t b = 0; b < 256; ++b)
      for (uint32_t k = 0; k < 8; ++k)
        if ((b >> k) & 1) t[b] |= uint64_t(0xff) << (8 * k);
    return t;
  }();
  struct Entry {
    uint64_t mask = 0; ///< the mask expanded (0: unused)
    uint8_t valid = 0; ///< bit k: the expansion to 2^k-byte elements is current
    alignas(64) uint8_t m1[64];
    alignas(64) uint16_t m2[64];
    alignas(64) uint32_t m4[64];
    alignas(64) uint64_t m8[64];
  };
  std::array<Entry, kEntries> entries;
  uint32_t next = 0; ///< the entry a new mask replaces

  template <class U> const U *expand(uint64_t lanes, uint32_t width) {
    Entry *e = nullptr;
    for (Entry &candidate : entries)
      if (candidate.mask == lanes) e = &candidate;
    if (!e) {
      e = &entries[next];
      next = (next + 1) % kEntries;
      e->mask = lanes;
      e->valid = 0;
    }
    if (!(e->valid & 1)) { // bytes first, eight lanes at a time
      for (uint32_t l = 0; l < width; l += 8)
        std::memcpy(e->m1 + l, &kByteMasks[(lanes >> l) & 0xff], 8);
      e->valid |= 1;
    }
    if constexpr (sizeof(U) == 1) {
      return e->m1;
    } else {
      constexpr uint8_t bit = sizeof(U) == 2 ? 2 : sizeof(U) == 4 ? 4 : 8;
      U *m = sizeof(U) == 2   ? reinterpret_cast<U *>(e->m2)
             : sizeof(U) == 4 ? reinterpret_cast<U *>(e->m4)
                              : reinterpret_cast<U *>(e->m8);
      if (!(e->valid & bit)) {
        for (uint32_t l = 0; l < width; ++l) m[l] = U(std::make_signed_t<U>(int8_t(e->m1[l])));
        e->valid |= bit;
      }
      return m;
    }
  }
};

struct Warp {
  std::vector<uint64_t> registerStorage;    ///< slotCount × width lanes of 8 bytes
  std::unique_ptr<LaneMaskCache> laneMasks; ///< expanded lane masks (exec_state.h)
  std::vector<uint64_t> pending;            ///< per block: lanes waiting to run it
  std::vector<uint64_t> pendingBlocks;      ///< bitset of blocks with pending lanes
  std::vector<uint64_t> masks;              ///< [0] the block's mask, [k] edge k
  std::array<std::vector<uint64_t>, 3> localId;
  /// Each lane's work-group id, with packed work-groups only (GroupState::packed).
  std::array<std::vector<uint64_t>, 3> groupId;
  std::vector<std::byte> privateArena; ///< width lanes × kernel privateSize
  /// The attached watchers' state for this warp, by slot (owned by their GroupWatcher).
  std::array<WarpWatcher *, kWatcherSlots> watchers{};
  uint64_t present = 0;   ///< lanes that are work-items of the group
  uint64_t live = 0;      ///< lanes that have not returned
  uint32_t firstItem = 0; ///< local linear index of lane 0
  /// The first item and group shape localId was computed for (startWarp reuses it).
  uint32_t localIdsFirst = ~0u;
  std::array<uint64_t, 3> localIdsShape{0, 0, 0};
  WarpStatus status = WarpStatus::Ready;
  /// Blocks until the next Watchdog poll; kept across barriers and work-groups.
  uint32_t untilPoll = Watchdog::kBlocksPerPoll;
  /// Instructions run since the warp last polled the watchdog, added at the next poll (or
  /// by WorkGroupRunner::flush): no shared counter is written per warp.
  uint64_t unpolled = 0;
  /// Watchdog polls since the warp last entered the warp loop (pollRunningWarp).
  uint32_t pollsThisRun = 0;
  /// Spin detection, once the warp ran long without yielding (exec/spin_detector.h).
  std::unique_ptr<SpinWatch> spin;
  /// Lanes waiting at a barrier: they resume at `next` once the group releases them.
  struct ParkedLanes {
    uint32_t site = 0;   ///< instruction of the barrier
    uint64_t scopes = 0; ///< execution scope, memory scope, semantics
    uint32_t next = 0;   ///< block after the barrier
    uint64_t lanes = 0;
    uint32_t collective = 0; ///< 1 + LoweredKernel::collectives index; 0 for a barrier
  };
  std::vector<ParkedLanes> parked; ///< keeps its capacity: no allocation once warmed up

  std::byte *registers() { return reinterpret_cast<std::byte *>(registerStorage.data()); }
};

} // namespace spvsim
