// CheckCache: what building a program executable found about a SPIR-V module —
// that it passed validation for the device, and per kernel the resources the
// lowering measured or why the kernel cannot run — kept on disk beside the build
// cache, so that a program built again skips SPIRV-Tools' validation and the
// lowering of every kernel (a cached build of CLBlast's xgemm spent ~150 ms there).
// An entry is used only for the same module words, device description,
// specialization constants and spvsim library (its GNU build id): a changed
// module, device or spvsim never reuses it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/kernel_resources.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/device.h"

namespace spvsim::runtime {

/// What the build found about one kernel.
struct KernelCheck {
  std::string name;
  KernelResources resources;
  std::string unsupported;                ///< why it cannot run; empty when it can
  bool unsupportedIsError = false;        ///< the build fails for it (else a limit note)
  std::optional<LimitError::Limit> limit; ///< the limit it is beyond, if that is why
};

class CheckCache {
public:
  /// Entries in `folder` (created when needed), at most `maxBytes` of them.
  CheckCache(std::filesystem::path folder, uint64_t maxBytes);

  /// The cache the environment asks for: the `checks` folder of the build cache's
  /// folder (frontend/README.md: $XDG_CACHE_HOME/spvsim, SPVSIM_CACHE=off,
  /// SPVSIM_CACHE_SIZE), or nullopt when that is off or spvsim's library has no build
  /// id to key entries by.
  static const CheckCache *fromEnvironment();

  /// The kernels' checks of a module that validated before with this device and these
  /// specialization constants; nullopt when there is no such entry.
  std::optional<std::vector<KernelCheck>> find(const std::vector<uint32_t> &words,
                                               const DeviceDescription &device,
                                               const SpecConstants &spec) const;
  /// Records that the module validated, with its kernels' checks; errors are ignored.
  void store(const std::vector<uint32_t> &words, const DeviceDescription &device,
             const SpecConstants &spec, const std::vector<KernelCheck> &kernels) const;

  const std::filesystem::path &folder() const { return folder_; }

  /// The text that identifies an entry apart from the module's words (spvsim's build
  /// id, the device, the specialization constants).
  static std::string context(const DeviceDescription &device, const SpecConstants &spec);

private:
  void evict() const;
  std::filesystem::path folder_;
  uint64_t maxBytes_;
};

} // namespace spvsim::runtime
