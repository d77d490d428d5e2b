// Misaligned accesses (exec/misaligned_access.h): the lock of misaligned atomics.
#include "exec/misaligned_access.h"

namespace spvsim::ops {

std::mutex &misalignedAtomicLock() {
  static std::mutex lock;
  return lock;
}

} // namespace spvsim::ops
