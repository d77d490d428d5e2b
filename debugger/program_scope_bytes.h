// ProgramScopeBytes: the bytes of a launch's writable program-scope variables
// (OpenCL C §6.8: `global` variables and function-scope statics, which keep their
// values across launches; GlobalMemory holds them, not the launch's arguments). A
// replay and a reverse command's run again start from the bytes the launch started
// with, as the buffers do (docs/debugging.md): the debugger copies them as the launch
// starts, before its first work-group, and writes them back as a run again starts.
// `constant` variables are read-only and never copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "exec/execution_events.h"

namespace spvsim::debugger {

class ProgramScopeBytes {
public:
  /// Copies the bytes of the writable program-scope variables of launch `L`.
  void capture(const LaunchContext &L);
  /// Writes the copied bytes back into launch `L`'s variables (the same buffers).
  void restore(const LaunchContext &L) const;

private:
  std::vector<std::pair<uint32_t, std::vector<std::byte>>> bytes_; ///< by allocation id
};

} // namespace spvsim::debugger
