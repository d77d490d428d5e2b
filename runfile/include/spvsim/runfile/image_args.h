// Run-file image and sampler arguments (docs/images.md "Run files"): the
// `{"sampler": {...}}` argument form, parsed to the sampler_t value kernels
// see, and written back in the same form.
#pragma once

#include <cstdint>
#include <string>

#include "spvsim/runfile/values.h"

namespace spvsim::runfile {

/// The sampler_bits of a `{"sampler": {...}}` argument's object: `normalized_coords`
/// (default true), `addressing_mode` (none, clamp_to_edge, clamp, repeat,
/// mirrored_repeat; default clamp) and `filter_mode` (nearest, linear; default nearest),
/// the defaults of clCreateSamplerWithProperties. Bad input fails naming the key.
uint32_t parseSamplerArg(const Json &sampler, const std::string &path);
/// The `{"sampler": {...}}` argument that parses to `bits`.
Json samplerArgJson(uint32_t bits);

} // namespace spvsim::runfile
