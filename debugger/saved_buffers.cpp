// SavedBuffers (spvsim/debugger/saved_buffers.h).
#include "spvsim/debugger/saved_buffers.h"

#include <algorithm>

namespace spvsim::debugger {

namespace {

bool savable(const BufferView &v) {
  return v.base && !v.info.released && !v.info.parent;
}

} // namespace

SavedBuffers::SavedBuffers(const GlobalMemory &memory, const std::vector<BufferId> &ids) {
  const std::vector<BufferView> views = memory.snapshot();
  for (BufferId id : ids) {
    if (id >= views.size() || !savable(views[id])) continue;
    const BufferView &v = views[id];
    Saved s{id, std::vector<std::byte>(v.base, v.base + v.info.size), {}};
    if (v.shadow) s.shadow.assign(v.shadow, v.shadow + v.info.size);
    saved_.push_back(std::move(s));
  }
}

SavedBuffers SavedBuffers::all(const GlobalMemory &memory) {
  std::vector<BufferId> ids;
  for (BufferId id = 1, n = memory.count(); id <= n; ++id) ids.push_back(id);
  return SavedBuffers(memory, ids);
}

void SavedBuffers::restore(GlobalMemory &memory) const {
  const std::vector<BufferView> views = memory.snapshot();
  for (const Saved &s : saved_) {
    std::copy(s.bytes.begin(), s.bytes.end(), memory.bytes(s.id).begin());
    // The shadow's memory belongs to the buffer: written in place, as a kernel's stores
    // and the host's writes mark it.
    if (!s.shadow.empty() && s.id < views.size() && views[s.id].shadow)
      std::copy(s.shadow.begin(), s.shadow.end(), views[s.id].shadow);
  }
}

} // namespace spvsim::debugger
