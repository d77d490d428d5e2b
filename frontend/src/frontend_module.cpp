// Loading the front end's module on demand (see frontend_module.h). It is looked for in
// SPVSIM_FRONTEND_MODULE when set, beside the executable's build folder
// (EXE/../frontend/) or install folder (EXE/../lib/), then where the build put it.
#include "spvsim/frontend/frontend_module.h"
#include "spvsim/frontend/build_cache.h"

#include <dlfcn.h>
#include <filesystem>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace spvsim::frontend {

namespace {

using CompileEntry = void (*)(const CompileInput *, const DeviceFacts *, CompileResult *);

constexpr const char *kModuleName = "libspvsim-frontend.so";

struct LoadedModule {
  CompileEntry compile = nullptr;
  std::string problem; ///< why it could not be loaded
};

std::vector<std::string> candidatePaths() {
  std::vector<std::string> paths;
  if (const char *named = std::getenv("SPVSIM_FRONTEND_MODULE"); named && *named) return {named};
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    paths.push_back((exe.parent_path() / ".." / "frontend" / kModuleName).lexically_normal());
    paths.push_back((exe.parent_path() / ".." / "lib" / kModuleName).lexically_normal());
  }
  paths.push_back(SPVSIM_FRONTEND_MODULE_PATH);
  return paths;
}

LoadedModule load() {
  LoadedModule loaded;
  std::string tried;
  for (const std::string &path : candidatePaths()) {
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
      tried += "\n  " + path + ": no such file";
      continue;
    }
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
      const char *why = dlerror();
      tried += "\n  " + path + ": " + (why ? why : "cannot be loaded");
      continue;
    }
    if (auto entry = reinterpret_cast<CompileEntry>(dlsym(handle, "spvsim_frontend_compile"))) {
      loaded.compile = entry;
      return loaded; // the module stays loaded for the life of the process
    }
    tried += "\n  " + path + ": has no spvsim_frontend_compile";
    dlclose(handle);
  }
  loaded.problem = "error: spvsim's OpenCL C front end (" + std::string(kModuleName) +
                   ") could not be loaded; build it with `cmake --build BUILD --target "
                   "spvsim_frontend_module`, or name it in SPVSIM_FRONTEND_MODULE. Looked in:" +
                   tried + "\n";
  return loaded;
}

} // namespace

CompileResult compileInModule(const CompileInput &input, const DeviceFacts &device) {
  // A cache hit needs neither clang nor LLVM: loading them costs more than the rest of a
  // small run. The module looks in the same cache again on a miss, and stores.
  static const std::optional<BuildCache> cache = BuildCache::fromEnvironment();
  if (cache)
    if (std::optional<CompileResult> hit = cache->find(input, device)) return std::move(*hit);
  static const LoadedModule module = load();
  CompileResult result;
  if (!module.compile) {
    result.log = module.problem;
    return result;
  }
  module.compile(&input, &device, &result);
  return result;
}

} // namespace spvsim::frontend
