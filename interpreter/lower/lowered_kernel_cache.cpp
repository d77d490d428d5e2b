// LoweredKernelCache: out of line so that its users need not see LoweredKernel.
#include "spvsim/interpreter/lowered_kernel_cache.h"

#include "lower/program.h"

namespace spvsim {

LoweredKernelCache::LoweredKernelCache() = default;
LoweredKernelCache::~LoweredKernelCache() = default;

size_t LoweredKernelCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

} // namespace spvsim
