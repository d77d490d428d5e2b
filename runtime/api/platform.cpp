// Platform entry points (OpenCL API §4.1, §5.8.8): spvsim's one platform.
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformIDs(cl_uint num_entries, cl_platform_id *platforms,
                                                 cl_uint *num_platforms) {
  return api::guard("clGetPlatformIDs", [&]() -> cl_int {
    if ((num_entries == 0 && platforms) || (!platforms && !num_platforms)) return CL_INVALID_VALUE;
    if (platforms) platforms[0] = &Platform::get();
    if (num_platforms) *num_platforms = 1;
    return CL_SUCCESS;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetPlatformInfo(cl_platform_id platform,
                                                  cl_platform_info param_name,
                                                  size_t param_value_size, void *param_value,
                                                  size_t *param_value_size_ret) {
  return api::guard("clGetPlatformInfo", [&]() -> cl_int {
    // NULL selects spvsim's platform (OpenCL API §4.1: implementation-defined).
    Platform &p = Platform::get();
    if (platform && platform != &p) return CL_INVALID_PLATFORM;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_PLATFORM_PROFILE:
      return api::returnString(size, value, ret, "FULL_PROFILE");
    case CL_PLATFORM_VERSION:
      return api::returnString(size, value, ret, kVersionString);
    case CL_PLATFORM_NUMERIC_VERSION:
      return api::returnValue<cl_version>(size, value, ret, CL_MAKE_VERSION(3, 0, 0));
    case CL_PLATFORM_NAME:
      return api::returnString(size, value, ret, "spvsim");
    case CL_PLATFORM_VENDOR:
      return api::returnString(size, value, ret, "spvsim");
    case CL_PLATFORM_EXTENSIONS:
      return api::returnString(size, value, ret, p.extensionString());
    case CL_PLATFORM_EXTENSIONS_WITH_VERSION:
      return api::returnNameVersions(size, value, ret, p.extensions());
    case CL_PLATFORM_HOST_TIMER_RESOLUTION:
      return api::returnValue<cl_ulong>(size, value, ret, 1);
    case CL_PLATFORM_ICD_SUFFIX_KHR:
      return api::returnString(size, value, ret, "spvsim");
    default:
      return CL_INVALID_VALUE;
    }
  });
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadPlatformCompiler(cl_platform_id platform) {
  // The compiler is a separate process per build: there is nothing to unload.
  return platform == &Platform::get() ? CL_SUCCESS : CL_INVALID_PLATFORM;
}

CL_API_ENTRY cl_int CL_API_CALL clUnloadCompiler(void) {
  return CL_SUCCESS;
}
