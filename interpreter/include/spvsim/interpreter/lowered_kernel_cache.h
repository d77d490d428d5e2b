// LoweredKernelCache: the lowered kernels of one program, kept across launches so
// that a kernel launched many times (the conformance suites' many tiny launches) is
// lowered once per kernel, warp width and lowering variant rather than per launch.
// Thread-safe; the launches that share an entry only read it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "spvsim/validator/validator.h"

namespace spvsim {

struct LoweredKernel;

class LoweredKernelCache {
public:
  LoweredKernelCache();
  ~LoweredKernelCache();
  LoweredKernelCache(const LoweredKernelCache &) = delete;
  LoweredKernelCache &operator=(const LoweredKernelCache &) = delete;

  /// The kernel lowered for `warpWidth` (with the debugger's bindings when `debugBindings`;
  /// alignment facts kept only when `misalignedCheck`), lowered now if no launch did so.
  /// `lower` makes it, and may throw (nothing is kept then). An entry is kept for one
  /// module and spec-constant values: a call with others empties the cache first.
  template <class Lower>
  std::shared_ptr<const LoweredKernel>
  get(const ValidatedModule &module, const std::map<uint32_t, uint64_t> &specConstants,
      const std::string &kernel, uint32_t warpWidth, bool debugBindings, bool misalignedCheck,
      Lower &&lower) {
    const Key key{kernel, warpWidth, debugBindings, misalignedCheck};
    {
      std::lock_guard lock(mutex_);
      if (module_ != &module || specConstants_ != specConstants) {
        entries_.clear();
        module_ = &module;
        specConstants_ = specConstants;
      }
      if (auto it = entries_.find(key); it != entries_.end()) return it->second;
    }
    // Lowered outside the lock: launches of other kernels do not wait for it.
    std::shared_ptr<const LoweredKernel> made = lower();
    std::lock_guard lock(mutex_);
    if (module_ == &module && specConstants_ == specConstants) entries_.emplace(key, made);
    return made;
  }

  /// Kernels lowered and kept (for tests).
  size_t size() const;

private:
  using Key = std::tuple<std::string, uint32_t, bool, bool>;
  mutable std::mutex mutex_;
  const ValidatedModule *module_ = nullptr;
  std::map<uint32_t, uint64_t> specConstants_;
  std::map<Key, std::shared_ptr<const LoweredKernel>> entries_;
};

} // namespace spvsim
