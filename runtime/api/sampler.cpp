// Sampler objects (OpenCL API §5.7): clCreateSamplerWithProperties, the 1.2
// clCreateSampler, retain/release and clGetSamplerInfo.
#include "core/sampler.h"
#include "api/api.h"

using namespace spvsim;
using namespace spvsim::runtime;

namespace {

/// `record`: CL_SAMPLER_PROPERTIES reports the properties (not for clCreateSampler).
cl_sampler createSampler(cl_context context, const cl_sampler_properties *properties, bool record,
                         cl_int &status) {
  auto fail = [&](cl_int e) -> cl_sampler {
    status = e;
    return nullptr;
  };
  std::shared_ptr<Context> c = lookup<Context>(context);
  if (!c) return fail(CL_INVALID_CONTEXT);
  // OpenCL API §5.7.1: each property at most once; the defaults are normalized
  // coordinates, CL_ADDRESS_CLAMP and CL_FILTER_NEAREST.
  bool normalized = true;
  cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode filter = CL_FILTER_NEAREST;
  std::vector<cl_sampler_properties> list;
  if (properties) {
    bool seen[3] = {false, false, false};
    const cl_sampler_properties *p = properties;
    for (; *p != 0; p += 2) {
      const cl_sampler_properties name = p[0], value = p[1];
      int which = -1;
      switch (name) {
      case CL_SAMPLER_NORMALIZED_COORDS:
        which = 0;
        if (value != CL_TRUE && value != CL_FALSE) return fail(CL_INVALID_VALUE);
        normalized = value == CL_TRUE;
        break;
      case CL_SAMPLER_ADDRESSING_MODE:
        which = 1;
        if (!validAddressingMode(cl_addressing_mode(value))) return fail(CL_INVALID_VALUE);
        addressing = cl_addressing_mode(value);
        break;
      case CL_SAMPLER_FILTER_MODE:
        which = 2;
        if (!validFilterMode(cl_filter_mode(value))) return fail(CL_INVALID_VALUE);
        filter = cl_filter_mode(value);
        break;
      default:
        return fail(CL_INVALID_VALUE);
      }
      if (seen[which]) return fail(CL_INVALID_VALUE);
      seen[which] = true;
    }
    if (record) list.assign(properties, p + 1);
  }
  status = CL_SUCCESS;
  return publish(makeObject<Sampler>(c, normalized, addressing, filter, std::move(list)));
}

} // namespace

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSamplerWithProperties(
    cl_context context, const cl_sampler_properties *sampler_properties, cl_int *errcode_ret) {
  return api::guardObject<cl_sampler>(
      "clCreateSamplerWithProperties", errcode_ret, [&](cl_sampler &out) {
        cl_int status = CL_SUCCESS;
        out = createSampler(context, sampler_properties, true, status);
        return status;
      });
}

CL_API_ENTRY cl_sampler CL_API_CALL clCreateSampler(cl_context context, cl_bool normalized_coords,
                                                    cl_addressing_mode addressing_mode,
                                                    cl_filter_mode filter_mode,
                                                    cl_int *errcode_ret) {
  return api::guardObject<cl_sampler>("clCreateSampler", errcode_ret, [&](cl_sampler &out) {
    const cl_sampler_properties properties[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                                normalized_coords,
                                                CL_SAMPLER_ADDRESSING_MODE,
                                                addressing_mode,
                                                CL_SAMPLER_FILTER_MODE,
                                                filter_mode,
                                                0};
    cl_int status = CL_SUCCESS;
    // §5.7.2: a sampler made by clCreateSampler has no properties to report.
    out = createSampler(context, properties, false, status);
    return status;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clRetainSampler(cl_sampler sampler) {
  return Registry::instance().retain(sampler, ObjectKind::Sampler) ? CL_SUCCESS
                                                                   : CL_INVALID_SAMPLER;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseSampler(cl_sampler sampler) {
  return api::guard("clReleaseSampler", [&] {
    return Registry::instance().release(sampler, ObjectKind::Sampler) ? CL_SUCCESS
                                                                      : CL_INVALID_SAMPLER;
  });
}

CL_API_ENTRY cl_int CL_API_CALL clGetSamplerInfo(cl_sampler sampler, cl_sampler_info param_name,
                                                 size_t param_value_size, void *param_value,
                                                 size_t *param_value_size_ret) {
  return api::guard("clGetSamplerInfo", [&]() -> cl_int {
    std::shared_ptr<Sampler> s = lookup<Sampler>(sampler);
    if (!s) return CL_INVALID_SAMPLER;
    const size_t size = param_value_size;
    void *value = param_value;
    size_t *ret = param_value_size_ret;
    switch (param_name) {
    case CL_SAMPLER_REFERENCE_COUNT:
      return api::returnValue<cl_uint>(size, value, ret,
                                       Registry::instance().referenceCount(sampler));
    case CL_SAMPLER_CONTEXT:
      return api::returnValue<cl_context>(size, value, ret, &s->context());
    case CL_SAMPLER_NORMALIZED_COORDS:
      return api::returnValue<cl_bool>(size, value, ret,
                                       s->normalizedCoords() ? CL_TRUE : CL_FALSE);
    case CL_SAMPLER_ADDRESSING_MODE:
      return api::returnValue<cl_addressing_mode>(size, value, ret, s->addressingMode());
    case CL_SAMPLER_FILTER_MODE:
      return api::returnValue<cl_filter_mode>(size, value, ret, s->filterMode());
    case CL_SAMPLER_PROPERTIES:
      return api::returnVector(size, value, ret, s->properties());
    default:
      return CL_INVALID_VALUE;
    }
  });
}
