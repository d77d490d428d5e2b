// ProgramScopeBytes (program_scope_bytes.h).
#include "program_scope_bytes.h"

#include <algorithm>

namespace spvsim::debugger {

void ProgramScopeBytes::capture(const LaunchContext &L) {
  bytes_.clear();
  for (const uint32_t id : L.programGlobalIds) {
    if (id >= L.allocations.size()) continue;
    const AllocationView &a = L.allocations[id];
    if (!a.base || a.released || a.access == BufferAccess::ReadOnly ||
        a.space == AddressSpace::Constant)
      continue;
    bytes_.emplace_back(id, std::vector<std::byte>(a.base, a.base + a.size));
  }
}

void ProgramScopeBytes::restore(const LaunchContext &L) const {
  for (const auto &[id, bytes] : bytes_) {
    if (id >= L.allocations.size()) continue;
    const AllocationView &a = L.allocations[id];
    if (a.base && a.size == bytes.size()) std::copy(bytes.begin(), bytes.end(), a.base);
  }
}

} // namespace spvsim::debugger
