// LastWriteRecorder (last_write.h): which work-item last wrote watched bytes in a replay.
#include "last_write.h"

#include "exec/handlers_memory.h"
#include "memory/tagged_pointer.h"

namespace spvsim::debugger {

LastWriteRecorder::LastWriteRecorder(uint64_t pointer, uint32_t bytes,
                                     std::array<uint64_t, 3> group, uint64_t until,
                                     std::atomic<bool> &cancel, const StateEdits &edits,
                                     const ProgramScopeBytes &programScope)
    : pointer_(pointer), bytes_(bytes), group_(group), until_(until), cancel_(cancel),
      edits_(edits), programScopeStart_(programScope) {}

void LastWriteRecorder::launchStarted(LaunchContext &L) {
  flags_.assign(L.kernel->ops.size(), 0);
  opFlags = flags_.data();
  opsReached = 0;
  endNow = false;
  nextEdit_ = 0;
  programScopeNow_.capture(L);
  programScopeStart_.restore(L);
  // Every op calls back until `until`: the replay stops there (a virtual call per op,
  // paid only while replaying).
  everyOp = true;
  watchingStores = true;
}

void LastWriteRecorder::opReached(const ExecState &x, const LoweredOp &op, uint32_t) {
  if (opsReached < until_) {
    if (opsReached < edits_.positionAt(nextEdit_)) return;
    const size_t first = nextEdit_;
    nextEdit_ = edits_.applyAt(x, opsReached, nextEdit_);
    // A `set var` of a watched byte is the last write from here.
    for (size_t i = first; i < nextEdit_; ++i) {
      const StateEdit &e = edits_.at(i);
      if (e.position != opsReached || e.place != StateEdit::Place::Memory ||
          tagged::space(e.where) != tagged::space(pointer_) ||
          tagged::allocation(e.where) != tagged::allocation(pointer_) ||
          (tagged::space(pointer_) == AddressSpace::Local && x.group->id != group_))
        continue;
      const uint64_t offset = tagged::offset(pointer_), at = tagged::offset(e.where);
      if (at >= offset + bytes_ || offset >= at + e.bytes) continue;
      ops::ResolvedAllocation r;
      if (!ops::resolve(x, pointer_, 0, r) || offset + bytes_ > r.size) continue;
      LastWrite w;
      for (uint32_t d = 0, rest = e.localIndex; d < 3; ++d) {
        w.workItem[d] = x.group->id[d] * x.launch->localSize[d] + rest % x.group->size[d] +
                        x.launch->range.offset[d];
        rest /= uint32_t(x.group->size[d]);
      }
      w.instruction = op.source;
      w.bytes.assign(r.base + offset, r.base + offset + bytes_);
      w.position = opsReached;
      w.bySetVar = true;
      last_ = std::move(w);
    }
    return;
  }
  // The op the launch stopped at has not run yet: nothing from here on counts.
  reached_ = true;
  everyOp = false;
  watchingStores = false;
  cancel_.store(true);
  endNow = true;
}

void LastWriteRecorder::storeDone(const ExecState &x, const LoweredOp &op, uint32_t, uint32_t bytes,
                                  bool indexed) {
  if (opsReached >= until_) return;
  // A __local array is the work-group's own: the same pointer in another group is
  // other memory.
  if (tagged::space(pointer_) == AddressSpace::Local && x.group->id != group_) return;
  ops::ResolvedAllocation r;
  if (!ops::resolve(x, pointer_, 0, r)) return;
  const uint64_t offset = tagged::offset(pointer_);
  if (offset + bytes_ > r.size) return;
  // A lane whose access covers a watched byte.
  const uint64_t mask = x.maskOf(op);
  const uint64_t *p = x.reg<uint64_t>(op.a);
  std::optional<uint32_t> writer;
  for (uint32_t l = 0; l < x.width; ++l)
    if ((mask >> l) & 1 && tagged::space(p[l]) == tagged::space(pointer_) &&
        tagged::allocation(p[l]) == tagged::allocation(pointer_)) {
      const int64_t at = storeOffset(x, op, l, indexed);
      if (at < int64_t(offset + bytes_) && int64_t(offset) < at + int64_t(bytes))
        writer = l; // lanes store in order: the highest lane's bytes stay
    }
  if (!writer) return;
  LastWrite w;
  for (uint32_t d = 0; d < 3; ++d)
    w.workItem[d] = x.group->id[d] * x.launch->localSize[d] + x.warp->localId[d][*writer] +
                    x.launch->range.offset[d];
  w.instruction = op.source;
  w.bytes.assign(r.base + offset, r.base + offset + bytes_);
  w.position = opsReached;
  last_ = std::move(w);
}

void LastWriteRecorder::launchEnded(LaunchContext &L) {
  programScopeNow_.restore(L);
  opFlags = nullptr;
  everyOp = false;
  watchingStores = false;
}

} // namespace spvsim::debugger
