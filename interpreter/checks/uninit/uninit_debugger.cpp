// What the debugger writes (`set var`; uninit_debugger.h): the uninit check counts
// the bytes and registers it stores as written, as it counts a kernel's stores.
#include "checks/uninit/uninit_debugger.h"

#include <cstring>

#include "checks/uninit/uninit_memory.h"

namespace spvsim {

void definedByDebugger(const ExecState &x, uint64_t pointer, uint32_t lane, uint32_t bytes) {
  ops::ResolvedAllocation r;
  if (!ops::resolve(x, pointer, lane, r) || !r.base) return;
  const uint64_t offset = tagged::offset(pointer);
  if (offset + bytes > r.size) return;
  // A buffer's shadow belongs to the buffer (the host's writes mark it too); the
  // __local and private shadows exist only while the check runs.
  const bool checking = x.launch->watchers[kUninitSlot] != nullptr;
  const AddressSpace space = tagged::space(pointer);
  if (!checking && space != AddressSpace::Global && space != AddressSpace::Constant) return;
  if (uint8_t *shadow = ops::shadowBase(x, pointer, lane, r))
    std::memset(shadow + offset, kDefinedByte, bytes);
}

void registerDefinedByDebugger(const ExecState &x, uint32_t slot, uint32_t lane) {
  if (!x.launch->watchers[kUninitSlot] || !x.warp->watchers[kUninitSlot]) return;
  WarpShadow &shadow = warpShadow(x);
  const size_t at = slot / 8 + lane; // a slot's byte offset / 8 + lane (uninit_state.h)
  if (at < shadow.registers.size()) shadow.registers[at] = 0;
}

} // namespace spvsim
