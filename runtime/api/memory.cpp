// Memory object entry points (OpenCL API §5.2.1, §5.5.1, §5.5.6): buffers and
// sub-buffers with every flag combination, queries of every memory object (images
// too) and destructor callbacks.
#include <iostream>

#include "api/api.h"
#include "api/mem_flags.h"
#include "core/launch.h"
#include "core/mem.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

using api::kAccessFlags;

cl_mem createBuffer(cl_context context, const cl_mem_properties *properties, cl_mem_flags flags,
                    size_t size, void *host_ptr, cl_int &status) {
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) {
    status = CL_INVALID_CONTEXT;
    return nullptr;
  }
  std::vector<cl_mem_properties> list;
  if (properties) {
    // OpenCL 3.0 defines no buffer properties: any property is unsupported.
    if (*properties != 0) {
      status = CL_INVALID_PROPERTY;
      return nullptr;
    }
    list.push_back(0);
  }
  if (!api::validMemFlags(flags)) {
    status = CL_INVALID_VALUE;
    return nullptr;
  }
  if (size == 0 || size > c->device().maxAllocSize()) {
    status = CL_INVALID_BUFFER_SIZE;
    return nullptr;
  }
  const bool needsHostPtr = flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  if (needsHostPtr != (host_ptr != nullptr)) {
    status = CL_INVALID_HOST_PTR;
    return nullptr;
  }
  if (!(flags & kAccessFlags)) flags |= CL_MEM_READ_WRITE;
  std::shared_ptr<Mem> mem;
  try {
    mem = Mem::buffer(c, flags, size, host_ptr, std::move(list));
  } catch (const spvsim::LimitError &e) {
    // Said once per call: an application seldom says why its buffer could not be made.
    if (!Config::get().quiet) std::cerr << "spvsim: " << e.what() << "\n";
    status = limitStatus(e.limit());
    return nullptr;
  } catch (const spvsim::Error &) {
    status = CL_MEM_OBJECT_ALLOCATION_FAILURE;
    return nullptr;
  }
  status = CL_SUCCESS;
  return publish(std::move(mem));
}

} // namespace

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size,
                                               void *host_ptr, cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateBuffer", errcode_ret, [&](cl_mem &out) {
    cl_int status = CL_SUCCESS;
    out = createBuffer(context, nullptr, flags, size, host_ptr, status);
    return status;
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context context,
                                                             const cl_mem_properties *properties,
                                                             cl_mem_flags flags, size_t size,
                                                             void *host_ptr, cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateBufferWithProperties", errcode_ret, [&](cl_mem &out) {
    cl_int status = CL_SUCCESS;
    out = createBuffer(context, properties, flags, size, host_ptr, status);
    return status;
  });
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem buffer, cl_mem_flags flags,
                                                  cl_buffer_create_type buffer_create_type,
                                                  const void *buffer_create_info,
                                                  cl_int *errcode_ret) {
  return api::guardObject<cl_mem>("clCreateSubBuffer", errcode_ret, [&](cl_mem &out) -> cl_int {
    std::shared_ptr<Mem> parent = lookup<Mem>(buffer);
    if (!parent || parent->parent() || parent->isImage()) return CL_INVALID_MEM_OBJECT;
    // OpenCL API §5.2.1: no host-pointer flags; access flags may only narrow the parent's.
    cl_mem_flags own = flags;
    if (!api::viewFlags(parent->flags(), own)) return CL_INVALID_VALUE;
    if (buffer_create_type != CL_BUFFER_CREATE_TYPE_REGION || !buffer_create_info)
      return CL_INVALID_VALUE;
    cl_buffer_region region;
    std::memcpy(&region, buffer_create_info, sizeof region);
    if (region.size == 0) return CL_INVALID_BUFFER_SIZE;
    if (region.origin > parent->size() || region.size > parent->size() - region.origin)
      return CL_INVALID_VALUE;
    if (region.origin % parent->context().device().baseAddressAlignBytes())
      return CL_MISALIGNED_SUB_BUFFER_OFFSET;
    out = publish(Mem::subBuffer(parent, own, region.origin, region.size));
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem memobj) {
  return Registry::instance().retain(memobj, ObjectKind::Mem) ? CL_SUCCESS : CL_INVALID_MEM_OBJECT;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem memobj) {
  return api::guard("clReleaseMemObject", [&] {
    return Registry::instance().release(memobj, ObjectKind::Mem) ? CL_SUCCESS
                                                                 : CL_INVALID_MEM_OBJECT;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem memobj, cl_mem_info param_name,
                                                   size_t param_value_size, void *param_value,
                                                   size_t *param_value_size_ret) {
  return api::guard("clGetMemObjectInfo", [&]() -> cl_int {
    std::shared_ptr<Mem> m = lookup<Mem>(memobj);
    if (!m) return CL_INVALID_MEM_OBJECT;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_MEM_TYPE:
      return api::returnValue<cl_mem_object_type>(size, value, ret, m->type());
    case CL_MEM_FLAGS:
      return api::returnValue<cl_mem_flags>(size, value, ret, m->flags());
    case CL_MEM_SIZE:
      return api::returnValue<size_t>(size, value, ret, m->size());
    case CL_MEM_HOST_PTR:
      return api::returnValue<void *>(size, value, ret,
                                      (m->flags() & CL_MEM_USE_HOST_PTR) ? m->hostPtr() : nullptr);
    case CL_MEM_MAP_COUNT:
      return api::returnValue<cl_uint>(size, value, ret, m->mapCount());
    case CL_MEM_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(memobj));
    case CL_MEM_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &m->context());
    case CL_MEM_ASSOCIATED_MEMOBJECT:
      // A sub-buffer's buffer, or the buffer an image was made from.
      return api::returnValue<cl_mem>(size, value, ret,
                                      m->parent() ? m->parent().get() : m->imageBuffer().get());
    case CL_MEM_OFFSET:
      return api::returnValue<size_t>(size, value, ret, m->origin());
    case CL_MEM_USES_SVM_POINTER:
      return api::returnValue<cl_bool>(size, value, ret, m->usesSvmPointer() ? CL_TRUE : CL_FALSE);
    case CL_MEM_PROPERTIES:
      return api::returnVector(size, value, ret, m->properties());
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem memobj,
                                                                 MemDestructor pfn_notify,
                                                                 void *user_data) {
  return api::guard("clSetMemObjectDestructorCallback", [&]() -> cl_int {
    std::shared_ptr<Mem> m = lookup<Mem>(memobj);
    if (!m) return CL_INVALID_MEM_OBJECT;
    if (!pfn_notify) return CL_INVALID_VALUE;
    m->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}
