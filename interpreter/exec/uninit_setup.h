// What launches, work-group runners and warps set up for the uninit check
// (exec/uninit_ops.h): the rule table, the warps' shadows, the definedness of
// __local and private memory when a work-group starts, and of async copies.
#pragma once

#include <span>
#include <vector>

#include "exec/handlers_memory.h"
#include "shadow/defined_shadow.h"

namespace spvsim {

/// Builds the launch's rule table (LaunchContext::uninit).
void prepareUninit(LaunchContext &L);

/// Allocates a warp's register and private shadows (all defined / undefined).
void initWarpShadow(const LaunchContext &L, Warp &w);

/// The definedness of a work-group's __local memory, kept by its WorkGroupRunner.
class GroupShadow {
public:
  /// Sized for the launch; empty when the uninit check is off.
  explicit GroupShadow(const LaunchContext &L);
  /// A work-group starts: its __local memory and the private memory of its warps are
  /// undefined, by-value struct arguments defined. Points `group` at the shadow.
  void start(const LaunchContext &L, GroupState &group, std::span<Warp> warps);
  /// Every work-item of the group waits at a barrier: notes which __local allocations
  /// are defined all over, so that loads from them need not look at each byte.
  void atBarrier(const LaunchContext &L);

private:
  std::vector<uint8_t> arena_;   ///< one byte per byte of the __local arena
  std::vector<uint8_t> defined_; ///< GroupState::localDefined
};

/// A copy (an async copy, or lane `lane`'s OpCopyMemorySized) moved `size` bytes from
/// `src` + srcOffset to `dst` + dstOffset (resolved to `s` and `d`): their definedness
/// moves with them.
void copyShadow(const ExecState &x, uint32_t lane, uint64_t dst, const ops::ResolvedAllocation &d,
                uint64_t dstOffset, uint64_t src, const ops::ResolvedAllocation &s,
                uint64_t srcOffset, uint64_t size);

} // namespace spvsim
