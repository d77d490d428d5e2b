// ProfileLog: the profiles of the process's launches under SPVSIM_PROFILE (`spvsim exec
// --profile`), summed per kernel of each program over its launches — as `spvsim run
// --profile` sums a run's (docs/profiling.md) — and handed, summarised per source line
// and opcode family, to the FindingLog, whose report carries them as "profiles".
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "spvsim/interpreter/profile.h"
#include "spvsim/validator/module.h"

namespace spvsim::runtime {

class ProfileLog {
public:
  static ProfileLog &get();

  /// Adds one launch's profile of `kernel` of `module` (program `program`, a number that
  /// identifies the module: Executable::number) and updates its kernel's entry of the
  /// report's profiles.
  /// `source`: the program's OpenCL C when the host gave it as text; the profile's lines
  /// of "input.cl" show its text. Buffers are named as `launch` names them.
  void add(uint64_t program, const Module &module, const std::string &kernel,
           const KernelProfile &launch, const std::string *source);

private:
  struct Entry {
    uint64_t program = 0;
    std::string kernel;
    KernelProfile profile; ///< summed over the launches
  };
  std::mutex mutex_;
  std::vector<Entry> entries_; ///< in the order the kernels first ran
};

} // namespace spvsim::runtime
