// LastWriteRecorder: the watcher of a replay for `last-write EXPR` (docs/debugging.md).
// The stopped launch is run again from its inputs (deterministic: one work-group
// thread, the same schedule) up to the op count it stopped at
// (DebugWatcher::opsReached); every store that covers a watched byte before that point
// is remembered, so the last one is the last write before now. Nothing is logged while
// the launch runs normally: the cost is paid only when the command is given.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "exec/execution_events.h"
#include "memory/tagged_pointer.h"
#include "program_scope_bytes.h"
#include "state_edits.h"

namespace spvsim::debugger {

/// The offset in its allocation where lane `lane`'s store of op `op` starts: Store at
/// a[l] + imm, StoreIndexed at a[l] + index × stride + imm + b (exec/handlers_memory.h,
/// forIndexedLanes; b: a member's or component's offset).
inline int64_t storeOffset(const ExecState &x, const LoweredOp &op, uint32_t lane, bool indexed) {
  const int64_t at = int64_t(tagged::offset(x.reg<uint64_t>(op.a)[lane])) + int64_t(op.imm);
  if (!indexed) return at;
  return at + ops::laneIndex(x, op, lane) * int64_t(op.aux & kMaxIndexedStride) + int64_t(op.b);
}

/// A store that wrote watched bytes: by whom, where and what.
struct LastWrite {
  std::array<uint64_t, 3> workItem{0, 0, 0}; ///< global id
  uint32_t instruction = 0;                  ///< module instruction (source location)
  std::vector<std::byte> bytes;              ///< the watched bytes after the store
  uint64_t position = 0;                     ///< opsReached of the store
  bool bySetVar = false; ///< stored by `set var` at a stop (workItem: the one in focus then)
};

class LastWriteRecorder : public DebugWatcher {
public:
  /// Watches `bytes` bytes at tagged `pointer` (a __local pointer: in work-group `group`
  /// only) until the launch has reached `until` ops, then sets `cancel`. The values
  /// `set var` stored before `until` (`edits`) are stored again where they were, and the
  /// program-scope variables start from `programScope` (put back as they were at the end).
  LastWriteRecorder(uint64_t pointer, uint32_t bytes, std::array<uint64_t, 3> group, uint64_t until,
                    std::atomic<bool> &cancel, const StateEdits &edits,
                    const ProgramScopeBytes &programScope);

  void launchStarted(LaunchContext &L) override;
  void opReached(const ExecState &x, const LoweredOp &op, uint32_t index) override;
  void storeDone(const ExecState &x, const LoweredOp &op, uint32_t index, uint32_t bytes,
                 bool indexed) override;
  void launchEnded(LaunchContext &L) override;

  /// The last store before `until` that wrote a watched byte; none if nothing did.
  const std::optional<LastWrite> &lastWrite() const { return last_; }
  /// Whether the replay got to `until` (false: it ended or failed earlier).
  bool reachedEnd() const { return reached_; }

private:
  uint64_t pointer_;
  uint32_t bytes_;
  std::array<uint64_t, 3> group_;
  uint64_t until_;
  std::atomic<bool> &cancel_;
  const StateEdits &edits_;
  size_t nextEdit_ = 0;
  const ProgramScopeBytes &programScopeStart_;
  ProgramScopeBytes programScopeNow_;
  std::vector<uint8_t> flags_;
  std::optional<LastWrite> last_;
  bool reached_ = false;
};

} // namespace spvsim::debugger
