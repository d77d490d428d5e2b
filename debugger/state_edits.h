// StateEdits: the values `set var` and DAP's setVariable stored in a stopped launch
// (docs/debugging.md). A launch under the debugger is deterministic and a stop is an
// op count (DebugWatcher::opsReached), so an edit is kept as that count, the
// work-item and what it stored; every later run of the launch — the replays of the
// reverse commands and of last-write, the run again to a reverse command's stop, the
// run forward from there — stores it again just before the same op runs, so the launch
// goes on as it did after the edit. The edits of a launch are dropped when it ends.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "exec/execution_events.h"

namespace spvsim::debugger {

/// One stored value.
struct StateEdit {
  enum class Place : uint8_t { Memory, Register };
  uint64_t position = 0; ///< DebugWatcher::opsReached of the stop it was made at
  std::array<uint64_t, 3> group{0, 0, 0};
  uint32_t localIndex = 0; ///< the work-item's local linear index in its group
  Place place = Place::Memory;
  uint64_t where = 0; ///< Memory: a tagged pointer; Register: a slot (byte offset)
  uint32_t bytes = 0; ///< 1, 2, 4 or 8
  uint64_t bits = 0;  ///< the value, little-endian
};

/// Stores edit `e` in the work-group `x` runs in (the work-item's warp found there)
/// and has the uninit check count the bytes as written; false when the work-item or
/// the memory is not there.
bool storeEdit(const ExecState &x, const StateEdit &e);

/// A launch's edits in the order of their positions (edits at one position in the order
/// they were made).
class StateEdits {
public:
  static constexpr uint64_t kNoPosition = std::numeric_limits<uint64_t>::max();

  void add(const StateEdit &e);
  void clear() { edits_.clear(); }
  bool empty() const { return edits_.empty(); }
  /// The position of edit `cursor` (kNoPosition past the last).
  uint64_t positionAt(size_t cursor) const {
    return cursor < edits_.size() ? edits_[cursor].position : kNoPosition;
  }
  const StateEdit &at(size_t cursor) const { return edits_[cursor]; }
  /// The cursor of the first edit made after `position`.
  size_t after(uint64_t position) const;
  /// In a run of the launch that has reached op count `position` (the op about to run):
  /// stores the edits from `cursor` on made at that op, and returns the cursor past them
  /// (past any earlier ones too, which a run passed without a call).
  size_t applyAt(const ExecState &x, uint64_t position, size_t cursor) const;

private:
  std::vector<StateEdit> edits_;
};

} // namespace spvsim::debugger
