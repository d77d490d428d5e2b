// RunBuffers: a run file's buffers and images created in one GlobalMemory with their
// initial contents, and the ArgBinding of each argument (sub-buffers are made
// on first use and shared by later launches).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>

#include "spvsim/interpreter/global_memory.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/runfile/run_spec.h"

namespace spvsim::runfile {

class RunBuffers {
public:
  /// Creates every buffer of `spec` in `memory` and writes its `init` contents. Buffers
  /// beyond the memory's capacity raise spvsim::LimitError naming the buffer's key;
  /// `stop` may end a long initialisation (spvsim::Interrupted).
  /// Creates and initialises the run's buffers, on up to `threads` threads (0: one per
  /// hardware thread).
  RunBuffers(const RunSpec &spec, GlobalMemory &memory, const StopCheck &stop = {},
             uint32_t threads = 0);

  /// The buffer named `name` in the run file (it must exist).
  BufferId id(const std::string &name) const { return ids_.at(name); }
  /// The buffer that holds the texels of the image named `name` (it must exist).
  BufferId imageId(const std::string &name) const { return images_.at(name).buffer; }
  /// The binding of one argument of a bound launch.
  ArgBinding binding(const ArgSpec &arg);

private:
  BufferId subBuffer(const ArgSpec &arg);

  GlobalMemory &memory_;
  std::map<std::string, BufferId> ids_;
  std::map<std::string, ImageDescription> images_;
  std::map<std::tuple<std::string, uint64_t, uint64_t>, BufferId> subBuffers_;
};

} // namespace spvsim::runfile
