// The cl_mem_flags rules buffers, sub-buffers and images share (OpenCL API
// §5.2.1 Memory Flags table, §5.3.1): valid combinations, and what a view of
// another memory object (a sub-buffer, an image from a buffer) may ask for and
// inherits.
#pragma once

#include "core/cl.h"

namespace spvsim::runtime::api {

inline constexpr cl_mem_flags kAccessFlags =
    CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
inline constexpr cl_mem_flags kHostPtrFlags =
    CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR;
inline constexpr cl_mem_flags kHostAccessFlags =
    CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;

/// At most one bit of `group` is set.
inline bool atMostOne(cl_mem_flags flags, cl_mem_flags group) {
  cl_mem_flags bits = flags & group;
  return (bits & (bits - 1)) == 0;
}

/// OpenCL API §5.2.1, Memory Flags table: the combinations that are valid.
inline bool validMemFlags(cl_mem_flags flags) {
  if (flags & ~(kAccessFlags | kHostPtrFlags | kHostAccessFlags)) return false;
  if (!atMostOne(flags, kAccessFlags) || !atMostOne(flags, kHostAccessFlags)) return false;
  if ((flags & CL_MEM_USE_HOST_PTR) && (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    return false;
  return true;
}

/// A view of a memory object with flags `parent` (§5.2.1 clCreateSubBuffer, §5.3.1.2 an
/// image from a buffer): no host-pointer flags, access that only narrows the parent's.
/// False: CL_INVALID_VALUE. Otherwise `flags` becomes the view's own: what it does not
/// give is inherited, and the host-pointer flags always are.
inline bool viewFlags(cl_mem_flags parent, cl_mem_flags &flags) {
  const cl_mem_flags p = parent;
  if ((flags & kHostPtrFlags) || !validMemFlags(flags)) return false;
  if ((p & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) return false;
  if ((p & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) return false;
  if ((p & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) return false;
  if ((p & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) return false;
  if ((p & CL_MEM_HOST_NO_ACCESS) && (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))
    return false;
  if (!(flags & kAccessFlags)) flags |= p & kAccessFlags;
  if (!(flags & kHostAccessFlags)) flags |= p & kHostAccessFlags;
  flags |= p & kHostPtrFlags;
  return true;
}

} // namespace spvsim::runtime::api
