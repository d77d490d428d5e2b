// race::ArgumentReach: which pointer arguments of a kernel each memory instruction of
// the module may access, so that the race check can choose its unit (granule) per
// buffer rather than per kernel (RaceShadow::shiftOf; interpreter/DESIGN.md "Race
// detection"). A pointer is followed back through the instructions that keep its
// allocation (access chains, casts, copies, OpPhi, OpSelect, calls' parameters, private
// variables only loaded and stored); one
// whose origin is anything else (a pointer loaded from memory, made from an integer, a
// program-scope variable) may reach any buffer.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace spvsim {

class Module;

namespace race {

class ArgumentReach {
public:
  /// Bit i: argument i of the kernel. kAny: any allocation of the launch.
  static constexpr uint64_t kAny = uint64_t(1) << 63;
  /// Arguments from this index on count as kAny.
  static constexpr uint32_t kMaxArguments = 63;

  /// The reach of memory instructions of kernel function `entry` (an OpFunction id).
  ArgumentReach(const Module &module, uint32_t entry);

  /// The arguments whose allocations module instruction `instruction` may access: its
  /// pointer operands' reach for loads, stores, copies, atomics and OpenCL.std's vector
  /// loads and stores, kAny for any other
  /// instruction. 0: it accesses only private or __local memory.
  uint64_t ofAccess(uint32_t instruction);

private:
  /// The arguments the pointer `key` may point into: an id, or with bit 32 set (kStored)
  /// any pointer stored in the private variable of that id. Followed at `depth`; `cycle`
  /// is lowered to the depth of a key being followed that it met (a loop's OpPhi).
  uint64_t ofPointer(uint64_t key, uint32_t depth, uint32_t &cycle);
  /// The reach of the pointers stored in private variable `variable` when it is only
  /// loaded from and stored to; else kAny.
  uint64_t ofPrivate(uint32_t variable, uint32_t depth, uint32_t &cycle);
  /// The calls of each function, by callee id (made on the first call parameter met).
  const std::vector<uint32_t> &callsOf(uint32_t function);

  const Module &module_;
  uint32_t entry_;
  std::unordered_map<uint64_t, uint64_t> reach_;     ///< by key, once whole
  std::unordered_map<uint64_t, uint32_t> following_; ///< keys being followed: their depth
  uint32_t steps_ = 0;
  std::unordered_map<uint32_t, std::vector<uint32_t>> calls_;
  bool callsMade_ = false;
};

} // namespace race
} // namespace spvsim
