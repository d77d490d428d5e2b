// The front end as a module loaded on demand (frontend_module.h): one C entry point that
// compiles through the build cache of the environment. The command line loads it only
// when a run names OpenCL C, so that running SPIR-V does not load clang and LLVM.
#include "spvsim/frontend/build_cache.h"
#include "spvsim/frontend/frontend_module.h"

extern "C" __attribute__((visibility("default"))) void
spvsim_frontend_compile(const spvsim::frontend::CompileInput *input,
                        const spvsim::frontend::DeviceFacts *device,
                        spvsim::frontend::CompileResult *result) {
  using spvsim::frontend::BuildCache;
  static const std::optional<BuildCache> cache = BuildCache::fromEnvironment();
  *result = spvsim::frontend::compile(*input, *device, cache ? &*cache : nullptr);
}
