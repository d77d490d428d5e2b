// LaunchContext, GroupState, Warp: the state of one NDRange launch, of one
// work-group in flight on a worker thread, and of one warp of lanes that run
// in lockstep over structure-of-arrays registers.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "check/fault_reporter.h"
#include "exec/printf_output.h"
#include "exec/watchdog.h"
#include "lower/program.h"
#include "memory/tagged_pointer.h"
#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"

namespace spvsim {

/// A global or constant allocation as a launch sees it.
struct AllocationView {
  std::byte *base = nullptr;
  uint64_t size = 0;
  BufferAccess access = BufferAccess::ReadWrite;
  AddressSpace space = AddressSpace::Global;
  bool released = false;
  uint32_t parent = 0;       ///< id of the parent allocation for sub-buffers
  uint64_t parentOffset = 0; ///< byte offset inside the parent
  std::string name;
};

struct LaunchContext {
  const LoweredKernel *kernel = nullptr;
  NDRange range;
  std::array<uint64_t, 3> localSize{1, 1, 1}; ///< enqueued work-group size
  std::array<uint64_t, 3> groups{1, 1, 1};    ///< work-groups per dimension
  std::vector<AllocationView> allocations;    ///< by allocation id; 0 is NULL
  std::vector<uint32_t> programGlobalIds;     ///< allocation id of each program global
  std::vector<uint64_t> localOffsets; ///< per LoweredKernel::locals entry, in the group arena
  std::vector<uint64_t> localSizes;   ///< per LoweredKernel::locals entry
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
};

struct GroupState {
  std::array<uint64_t, 3> id{0, 0, 0};
  std::array<uint64_t, 3> size{1, 1, 1}; ///< this group's size (the last may be smaller)
  uint64_t items = 1;
  std::byte *localArena = nullptr;
  /// Operands work-items deposit at a work-group function, by local linear
  /// index: [0] the value (then the result), [1] the broadcast source or the
  /// copy source, [2] the copy's element count, [3] its stride.
  std::array<std::vector<uint64_t>, 4> collective;
  /// printf output of each work-item, by local linear index (kernels that call printf).
  std::vector<std::string> printfByItem;
};

enum class WarpStatus : uint8_t { Ready, AtBarrier, Exited };

struct Warp {
  std::vector<uint64_t> registerStorage; ///< slotCount × width lanes of 8 bytes
  std::vector<uint64_t> pending;         ///< per block: lanes waiting to run it
  std::vector<uint64_t> pendingBlocks;   ///< bitset of blocks with pending lanes
  std::vector<uint64_t> masks;           ///< [0] the block's mask, [k] edge k
  std::array<std::vector<uint64_t>, 3> localId;
  std::vector<std::byte> privateArena; ///< width lanes × kernel privateSize
  uint64_t present = 0;                ///< lanes that are work-items of the group
  uint64_t live = 0;                   ///< lanes that have not returned
  uint32_t firstItem = 0;              ///< local linear index of lane 0
  WarpStatus status = WarpStatus::Ready;
  /// Blocks until the next Watchdog poll; kept across barriers and work-groups.
  uint32_t untilPoll = Watchdog::kBlocksPerPoll;
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
