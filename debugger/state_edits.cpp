// StateEdits (state_edits.h): keeping `set var`'s stores and storing them again.
#include "state_edits.h"

#include <algorithm>
#include <cstring>

#include "checks/uninit/uninit_debugger.h"
#include "memory/tagged_pointer.h"

namespace spvsim::debugger {

namespace {

/// The ExecState of the warp of `x`'s group that holds local linear index `item`, and
/// the item's lane; false when no warp holds it.
bool stateOfItem(const ExecState &x, uint32_t item, ExecState &out, uint32_t &lane) {
  const GroupState *g = x.group;
  if (!g || !g->warps) return false;
  const uint32_t width = x.launch->kernel->warpWidth;
  for (size_t w = 0; w < g->activeWarps; ++w) {
    Warp &warp = g->warps[w];
    if (item < warp.firstItem || item - warp.firstItem >= width) continue;
    out = x;
    out.regs = warp.registers();
    out.masks = warp.masks.data();
    out.warp = &warp;
    out.laneMasks = warp.laneMasks.get();
    lane = item - warp.firstItem;
    return true;
  }
  return false;
}

} // namespace

bool storeEdit(const ExecState &x, const StateEdit &e) {
  if (!x.group || x.group->id != e.group) return false;
  ExecState at;
  uint32_t lane = 0;
  if (!stateOfItem(x, e.localIndex, at, lane)) return false;
  if (e.place == StateEdit::Place::Register) {
    std::byte *slot = at.regs + e.where + size_t(lane) * e.bytes; // x.reg<T>(slot)[lane]
    std::memcpy(slot, &e.bits, e.bytes);                          // little-endian, as the device
    registerDefinedByDebugger(at, uint32_t(e.where), lane);
    return true;
  }
  ops::ResolvedAllocation r;
  if (!ops::resolve(at, e.where, lane, r) || !r.base) return false;
  const uint64_t offset = tagged::offset(e.where);
  if (offset + e.bytes > r.size) return false;
  std::memcpy(r.base + offset, &e.bits, e.bytes);
  definedByDebugger(at, e.where, lane, e.bytes);
  return true;
}

void StateEdits::add(const StateEdit &e) {
  edits_.insert(edits_.begin() + std::ptrdiff_t(after(e.position)), e);
}

size_t StateEdits::after(uint64_t position) const {
  return size_t(std::upper_bound(edits_.begin(), edits_.end(), position,
                                 [](uint64_t p, const StateEdit &e) { return p < e.position; }) -
                edits_.begin());
}

size_t StateEdits::applyAt(const ExecState &x, uint64_t position, size_t cursor) const {
  for (; cursor < edits_.size() && edits_[cursor].position <= position; ++cursor)
    if (edits_[cursor].position == position) storeEdit(x, edits_[cursor]);
  return cursor;
}

} // namespace spvsim::debugger
