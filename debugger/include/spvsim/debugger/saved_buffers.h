// SavedBuffers: what a replay of a launch under the debugger starts from (docs/
// debugging.md, "How it works"): the bytes of buffers and, for those created without
// contents, the uninit check's record of which bytes were written (GlobalMemory's
// definedness shadow, docs/findings.md uninit.read), so that a replay sees the same
// uninitialised bytes as the launch's first run.
#pragma once

#include <cstdint>
#include <vector>

#include "spvsim/interpreter/global_memory.h"

namespace spvsim::debugger {

class SavedBuffers {
public:
  SavedBuffers() = default;
  /// The root buffers `ids` as they are now (sub-buffers and released ones skipped).
  SavedBuffers(const GlobalMemory &memory, const std::vector<BufferId> &ids);
  /// Every root buffer of `memory` as it is now.
  static SavedBuffers all(const GlobalMemory &memory);

  /// Puts the bytes and their definedness back.
  void restore(GlobalMemory &memory) const;

private:
  struct Saved {
    BufferId id = 0;
    std::vector<std::byte> bytes;
    std::vector<uint8_t> shadow; ///< empty: every byte counts as written
  };
  std::vector<Saved> saved_;
};

} // namespace spvsim::debugger
