// Context entry points (OpenCL API §4.4).
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// Checks context properties (OpenCL API §4.4, Context Properties table).
cl_int checkProperties(const cl_context_properties *properties,
                       std::vector<cl_context_properties> &out) {
  if (!properties) return CL_SUCCESS;
  std::vector<cl_context_properties> seen;
  for (const cl_context_properties *p = properties; *p; p += 2) {
    const cl_context_properties name = p[0], value = p[1];
    for (cl_context_properties s : seen)
      if (s == name) return CL_INVALID_PROPERTY;
    seen.push_back(name);
    switch (name) {
    case CL_CONTEXT_PLATFORM:
      if (reinterpret_cast<cl_platform_id>(value) != &Platform::get()) return CL_INVALID_PLATFORM;
      break;
    case CL_CONTEXT_INTEROP_USER_SYNC:
      if (value != CL_TRUE && value != CL_FALSE) return CL_INVALID_PROPERTY;
      break;
    default:
      // OpenGL, EGL and Direct3D sharing are not supported.
      return CL_INVALID_PROPERTY;
    }
    out.push_back(name);
    out.push_back(value);
  }
  out.push_back(0);
  return CL_SUCCESS;
}

cl_context createContext(const cl_context_properties *properties, ContextNotify notify,
                         void *userData, cl_int &status) {
  std::vector<cl_context_properties> list;
  status = checkProperties(properties, list);
  if (status != CL_SUCCESS) return nullptr;
  auto context = makeObject<Context>(Platform::get().device(), std::move(list), notify, userData);
  return publish(std::move(context));
}

} // namespace

CL_API_ENTRY cl_context CL_API_CALL clCreateContext(const cl_context_properties *properties,
                                                    cl_uint num_devices,
                                                    const cl_device_id *devices,
                                                    ContextNotify pfn_notify, void *user_data,
                                                    cl_int *errcode_ret) {
  return api::guardObject<cl_context>("clCreateContext", errcode_ret, [&](cl_context &out) {
    if (!devices || num_devices == 0) return CL_INVALID_VALUE;
    if (!pfn_notify && user_data) return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < num_devices; ++i)
      if (!api::findDevice(devices[i])) return CL_INVALID_DEVICE;
    cl_int status = CL_SUCCESS;
    out = createContext(properties, pfn_notify, user_data, status);
    return status;
  });
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *properties,
                                                            cl_device_type device_type,
                                                            ContextNotify pfn_notify,
                                                            void *user_data, cl_int *errcode_ret) {
  return api::guardObject<cl_context>("clCreateContextFromType", errcode_ret, [&](cl_context &out) {
    if (!pfn_notify && user_data) return CL_INVALID_VALUE;
    cl_uint count = 0;
    cl_int status = clGetDeviceIDs(nullptr, device_type, 0, nullptr, &count);
    if (status == CL_INVALID_PLATFORM || status == CL_INVALID_VALUE)
      status = CL_INVALID_DEVICE_TYPE;
    if (status != CL_SUCCESS) return status;
    out = createContext(properties, pfn_notify, user_data, status);
    return status;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context context) {
  return Registry::instance().retain(context, ObjectKind::Context) ? CL_SUCCESS
                                                                   : CL_INVALID_CONTEXT;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context context) {
  return api::guard("clReleaseContext", [&] {
    return Registry::instance().release(context, ObjectKind::Context) ? CL_SUCCESS
                                                                      : CL_INVALID_CONTEXT;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context context, cl_context_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return api::guard("clGetContextInfo", [&]() -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c) return CL_INVALID_CONTEXT;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_CONTEXT_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(context));
    case CL_CONTEXT_NUM_DEVICES:
      return api::returnValue<cl_uint>(size, value, ret, 1);
    case CL_CONTEXT_DEVICES:
      return api::returnValue<cl_device_id>(size, value, ret, &c->device());
    case CL_CONTEXT_PROPERTIES:
      return api::returnVector(size, value, ret, c->properties());
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clSetContextDestructorCallback(cl_context context,
                                                               ContextDestructor pfn_notify,
                                                               void *user_data) {
  return api::guard("clSetContextDestructorCallback", [&]() -> cl_int {
    std::shared_ptr<Context> c = lookup<Context>(context);
    if (!c) return CL_INVALID_CONTEXT;
    if (!pfn_notify) return CL_INVALID_VALUE;
    c->addDestructorCallback(pfn_notify, user_data);
    return CL_SUCCESS;
  });
}
