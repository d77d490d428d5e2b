// KernelResources: measured on the lowered kernel (see kernel_resources.h).
#include "spvsim/interpreter/kernel_resources.h"

#include "exec/launch_limits.h"
#include "lower/lowering.h"

namespace spvsim {

KernelResources kernelResources(const ValidatedModule &module, const std::string &kernel,
                                const SpecConstants &specConstants) {
  // The limits every launch would meet, before the lowering inlines calls on the stack.
  checkCallGraph(module.module(), kernel, LaunchLimits{});
  // The layout of locals, privates and globals does not depend on the warp width.
  const LoweredKernel k = lowerKernel(module, kernel, specConstants, 1);
  checkPrivateMemory(k, LaunchLimits{});
  KernelResources r;
  for (const LocalVariable &local : k.locals)
    if (local.argument < 0) r.localBytes += local.size;
  r.privateBytes = k.privateSize;
  for (const ProgramGlobal &g : k.programGlobals)
    r.programVariables.push_back({g.name, g.size, g.constant});
  return r;
}

} // namespace spvsim
