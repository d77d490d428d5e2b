// Findings of the uninit check (docs/findings.md uninit.read, checks/uninit/uninit_ops.h):
// where an undefined value was used and, when known, the allocation and the
// load it came from. One finding per load whose undefined bytes get used
// (later uses of the same value count as repeats), or per use site when the
// origin is not known.
#include <bit>
#include <string>

#include "checks/uninit/uninit_ops.h"
#include "exec/execution_events.h"

namespace spvsim::ops {

namespace {

const char *useText(UninitUse use) {
  switch (use) {
  case UninitUse::Condition:
    return "a branch depends on a value that was never written";
  case UninitUse::Address:
    return "a memory access uses an address computed from a value that was never written";
  case UninitUse::Index:
    return "an index is a value that was never written";
  case UninitUse::AtomicOperand:
    return "an atomic operation's operand is a value that was never written";
  case UninitUse::AtomicMemory:
    return "an atomic operation computes with memory that was never written";
  case UninitUse::CollectiveOperand:
    return "a work-group or sub-group function's operand is a value that was never written";
  case UninitUse::PrintfArgument:
    return "a printf argument is a value that was never written";
  case UninitUse::GlobalStore:
    return "a value that was never written is stored to global memory";
  case UninitUse::ImageWrite:
    return "a texel value none of whose channels was written is written to an image";
  }
  return "a value that was never written is used";
}

} // namespace

void reportUninitRead(const ExecState &x, const LoweredOp &op, UninitUse use, uint64_t lanes,
                      const ShadowOrigin &origin) {
  const LoweredKernel &k = *x.launch->kernel;
  const bool loaded = origin.op < k.ops.size();
  const uint64_t key =
      loaded ? repeatKey(7, k.ops[origin.op], 1) : repeatKey(7, op, uint64_t(use) << 1);
  if (x.launch->reporter->countRepeat(key)) return;
  Finding f;
  f.kind = "uninit.read";
  f.message = useText(use);
  f.workItem = workItemOf(x, static_cast<uint32_t>(std::countr_zero(lanes)));
  if (origin.pointer != 0) {
    const std::string space = addressSpaceName(tagged::space(origin.pointer));
    const std::string name = allocationName(x, origin.pointer);
    const uint64_t offset = tagged::offset(origin.pointer);
    f.memory = MemoryRef{space, name, offset, origin.bytes};
    const std::string texel = texelCoordinate(*x.launch, origin.pointer);
    std::string from = texel.empty() ? "the value comes from " + space + " '" + name +
                                           "' at offset " + std::to_string(offset)
                                     : "the value comes from texel " + texel + " of image '" +
                                           name + "' (offset " + std::to_string(offset) + ")";
    if (loaded) {
      from += ", read by the instruction at word " +
              std::to_string(x.launch->reporter->wordOffset(k.ops[origin.op].source));
      f.origin = x.launch->reporter->location(k.ops[origin.op].source);
      x.launch->reporter->describeElement(k.ops[origin.op].source, f);
    }
    f.notes.push_back(from);
  }
  if (const int n = std::popcount(lanes); n > 1)
    f.notes.push_back(std::to_string(n) + " work-items of this warp did so here");
  x.launch->reporter->report(std::move(f), op.source, key);
}

} // namespace spvsim::ops
