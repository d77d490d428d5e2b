// The access-fault check (docs/findings.md oob.*, null.deref, access.*; always on):
// the executor stops every load, store, atomic, copy or printf read that faults —
// out of bounds, through NULL or a pointer to no allocation, to a released or
// mapped buffer, against a buffer's access flags; an async_work_group_copy's element
// outside its allocation — in its own loops
// (exec/handlers_memory.h), where the test costs nothing on the fast path, and
// tells the seam that it did (accessFaulted, exec/execution_events.h). This
// watcher turns that into the finding: its kind, the buffer, the offset and the
// lanes, one finding per instruction and buffer with its repeats counted.
#pragma once

#include <cstdint>

#include "exec/execution_events.h"

namespace spvsim {

/// The access-fault check's watcher slot (LaunchContext::watchers).
inline constexpr uint32_t kAccessSlot = 2;

/// Reports the faulted accesses of one launch. Every launch attaches it.
class AccessFaultWatcher final : public LaunchWatcher {
public:
  void accessFaulted(const ExecState &x, const LoweredOp &op, const FaultedAccess &access) override;
  void asyncCopyFaulted(const ExecState &x, uint32_t instruction, const FaultedCopy &copy) override;

private:
  /// accessFaulted for a host address into SVM memory (or into none).
  void svmAccessFaulted(const ExecState &x, const LoweredOp &op, const FaultedAccess &access);
};

} // namespace spvsim
