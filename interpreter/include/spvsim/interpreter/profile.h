// KernelProfile: what `spvsim run --profile` measures of a kernel's launches — per
// module instruction how often warps ran it and with how many active lanes, the
// bytes loaded and stored per address space and per buffer, atomics and barriers.
// A launch fills it when ExecOptions::profile points at one (launch/profile_execution.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace spvsim {

/// The counts of one module instruction, summed over the launches profiled.
struct InstructionCounts {
  uint64_t warpExecutions = 0;    ///< times a warp ran it (with at least one active lane)
  uint64_t activeLanes = 0;       ///< active lanes summed over those: work-item executions
  uint64_t laneSlots = 0;         ///< the warp width summed over those
  uint64_t divergentBranches = 0; ///< a branch or switch: executions that split the lanes
};

/// Bytes moved by loads and stores (atomics included).
struct Traffic {
  uint64_t loaded = 0;
  uint64_t stored = 0;
};

struct KernelProfile {
  /// By module instruction index (Module::instruction).
  std::map<uint32_t, InstructionCounts> instructions;
  /// By address space name (global, constant, local, private).
  std::map<std::string, Traffic> bySpace;
  /// Global and constant memory by buffer name.
  std::map<std::string, Traffic> byBuffer;
  uint64_t atomics = 0;  ///< work-item atomic operations
  uint64_t barriers = 0; ///< work-group barriers completed (one per group per barrier)
  uint64_t launches = 0;
};

} // namespace spvsim
