// Sampler objects (see sampler.h).
#include "core/sampler.h"

#include "spvsim/interpreter/image.h"

namespace spvsim::runtime {

Sampler::Sampler(std::shared_ptr<Context> context, bool normalized, cl_addressing_mode addressing,
                 cl_filter_mode filter, std::vector<cl_sampler_properties> properties)
    : context_(std::move(context)), normalized_(normalized), addressing_(addressing),
      filter_(filter), properties_(std::move(properties)) {}

uint32_t Sampler::bits() const {
  namespace sb = sampler_bits;
  uint32_t bits = normalized_ ? sb::kNormalized : 0;
  switch (addressing_) {
  case CL_ADDRESS_CLAMP_TO_EDGE:
    bits |= sb::kAddressClampToEdge;
    break;
  case CL_ADDRESS_CLAMP:
    bits |= sb::kAddressClamp;
    break;
  case CL_ADDRESS_REPEAT:
    bits |= sb::kAddressRepeat;
    break;
  case CL_ADDRESS_MIRRORED_REPEAT:
    bits |= sb::kAddressMirroredRepeat;
    break;
  default:
    bits |= sb::kAddressNone;
    break;
  }
  bits |= filter_ == CL_FILTER_LINEAR ? sb::kFilterLinear : sb::kFilterNearest;
  return bits;
}

bool validAddressingMode(cl_addressing_mode mode) {
  return mode == CL_ADDRESS_NONE || mode == CL_ADDRESS_CLAMP_TO_EDGE || mode == CL_ADDRESS_CLAMP ||
         mode == CL_ADDRESS_REPEAT || mode == CL_ADDRESS_MIRRORED_REPEAT;
}

bool validFilterMode(cl_filter_mode mode) {
  return mode == CL_FILTER_NEAREST || mode == CL_FILTER_LINEAR;
}

} // namespace spvsim::runtime
