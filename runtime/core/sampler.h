// Sampler: a sampler object (OpenCL API §5.7) — its context, the properties
// it was created with, and the sampler_t value kernels see
// (spvsim/interpreter/image.h, sampler_bits).
#pragma once

#include <memory>
#include <vector>

#include "core/cl.h"
#include "core/context.h"
#include "core/object.h"

namespace spvsim::runtime {

class Sampler : public _cl_sampler {
public:
  static constexpr ObjectKind kKind = ObjectKind::Sampler;
  Sampler(std::shared_ptr<Context> context, bool normalized, cl_addressing_mode addressing,
          cl_filter_mode filter, std::vector<cl_sampler_properties> properties);

  Context &context() const { return *context_; }
  const std::shared_ptr<Context> &sharedContext() const { return context_; }
  bool normalizedCoords() const { return normalized_; }
  cl_addressing_mode addressingMode() const { return addressing_; }
  cl_filter_mode filterMode() const { return filter_; }
  /// CL_SAMPLER_PROPERTIES: as given, 0-terminated; empty when none were.
  const std::vector<cl_sampler_properties> &properties() const { return properties_; }
  /// The sampler_t value of a kernel argument set to this sampler.
  uint32_t bits() const;

private:
  std::shared_ptr<Context> context_;
  bool normalized_;
  cl_addressing_mode addressing_;
  cl_filter_mode filter_;
  std::vector<cl_sampler_properties> properties_;
};

/// OpenCL API §5.7.1: the addressing and filter modes a sampler may have.
bool validAddressingMode(cl_addressing_mode mode);
bool validFilterMode(cl_filter_mode mode);

} // namespace spvsim::runtime
