// Evaluator (evaluator.h): private memory by the name of its variable. The lowering
// names a private allocation after its OpVariable (a SPIR-V id when the module has no
// OpName for it); the debugger names it as gdb names a symbol's address, `<lx>` and
// `<grid+16>`, after the source variable the work-item's DebugDeclare bound to it, and
// says whose it is: each work-item has its own (OpenCL C §6.5.4).
#include "evaluator.h"
#include "memory/tagged_pointer.h"

namespace spvsim::debugger {

std::string Evaluator::privateName(uint64_t pointer) const {
  const uint32_t allocation = tagged::id(pointer);
  const LoweredKernel &k = *session_.launch()->kernel;
  std::string name = allocation < k.privates.size() ? k.privates[allocation].name
                                                    : "allocation " + std::to_string(allocation);
  uint64_t offset = tagged::offset(pointer);
  std::string whose;
  if (x_.warp) {
    const uint32_t item = x_.warp->firstItem + lane_;
    for (const auto &[id, var] : session_.info().variables()) {
      bool found = false;
      for (uint32_t bindOp : session_.bindingsOf(item, id)) {
        const LoweredOp &op = k.ops[bindOp];
        if (!k.debugBindings[op.aux].address || bindPartOf(op).bits != 0) continue;
        const uint64_t bound = registerBits(op.a, 8);
        if (tagged::space(bound) != AddressSpace::Private || tagged::id(bound) != allocation ||
            tagged::offset(bound) > offset)
          continue;
        name = var.name;
        offset -= tagged::offset(bound);
        found = true;
        break;
      }
      if (found) break;
    }
    const LaunchContext &L = *session_.launch();
    const GlobalId g = session_.globalIdOf(*x_.warp, lane_);
    whose = " of work-item (";
    for (uint32_t d = 0; d < L.range.dims; ++d) whose += (d ? ", " : "") + std::to_string(g[d]);
    whose += ")";
  }
  return "<" + name + (offset ? "+" + std::to_string(offset) : "") + ">" + whose;
}

} // namespace spvsim::debugger
