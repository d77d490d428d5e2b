// WorkGroupRunner: runs one work-group as a set of warps on one worker
// thread. Warps run until they exit or reach a barrier; when every warp
// waits (or has exited) the barrier is checked for divergence and mismatch
// and released.
#pragma once

#include <vector>

#include "exec/launch_context.h"

namespace spvsim {

class WorkGroupRunner {
public:
  explicit WorkGroupRunner(LaunchContext &launch);
  /// Runs work-group `linearGroup` (x fastest) to completion.
  void run(uint64_t linearGroup);

private:
  void checkBarrier(const std::vector<Warp *> &waiting, bool someExited);
  LaunchContext &launch_;
  std::vector<Warp> warps_;
  std::vector<std::byte> localArena_;
  GroupState group_;
};

} // namespace spvsim
