// DeviceDescription: spvsim's own device and the devices named by
// --target-env. A target environment describes the most capable device its
// OpenCL version and profile allow (every optional Khronos extension that
// applies); callers narrow it with an explicit extension list.
#include "spvsim/validator/device.h"

#include <algorithm>
#include <iterator>

namespace spvsim {

namespace {

/// Extensions spvsim implements, available from OpenCL 1.2 on.
const char *const kBaseExtensions[] = {
    "cl_khr_fp64",
    "cl_khr_fp16",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_byte_addressable_store",
    "cl_khr_3d_image_writes",
};

DeviceDescription describe(OpenCLVersion version, Profile profile) {
  DeviceDescription d;
  d.version = version;
  d.profile = profile;
  d.addressBits = 64;
  d.images = true;
  for (const char *e : kBaseExtensions) d.extensions.insert(e);
  // OpenCL API §4.2: pipes and device-side enqueue are required of OpenCL 2.x devices
  // and optional on OpenCL 3.0, where spvsim's device has neither (CL_DEVICE_PIPE_SUPPORT
  // is CL_FALSE, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES 0).
  d.pipes = d.deviceEnqueue = version != OpenCLVersion::CL1_2 && version != OpenCLVersion::CL3_0;
  // cl_khr_subgroups needs OpenCL 2.0; SPIR-V integer-wrap decorations need 2.1.
  if (version != OpenCLVersion::CL1_2) {
    d.extensions.insert("cl_khr_subgroups");
    // The cl_khr_subgroup_* extensions (OpGroupNonUniform*, SPIR-V 1.3).
    for (const char *e : {"cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
                          "cl_khr_subgroup_ballot", "cl_khr_subgroup_non_uniform_arithmetic",
                          "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative",
                          "cl_khr_subgroup_clustered_reduce"})
      d.extensions.insert(e);
  }
  if (version != OpenCLVersion::CL1_2 && version != OpenCLVersion::CL2_0)
    d.extensions.insert("cl_khr_spirv_no_integer_wrap_decoration");
  // OpenCL 3.0 extensions for SPIR-V extensions (OpenCL-Env §5.2.22 SPV_KHR_linkonce_odr,
  // §5.2.25 SPV_KHR_expect_assume, numbered as in the newest environment specification).
  if (version == OpenCLVersion::CL3_0) {
    d.extensions.insert("cl_khr_spirv_linkonce_odr");
    d.extensions.insert("cl_khr_expect_assume");
  }
  // OpenCL-Env §5.3.1: 64-bit integers on the embedded profile.
  if (profile == Profile::Embedded) d.extensions.insert("cles_khr_int64");
  // OpenCL-Env §2.1: SPIR-V 1.0 through cl_khr_il_program (OpenCL 1.2, 2.0) and on
  // OpenCL 2.1; 1.0 to 1.2 on OpenCL 2.2; OpenCL 3.0 as spvsim's own device, up to 1.6.
  switch (version) {
  case OpenCLVersion::CL1_2:
  case OpenCLVersion::CL2_0:
  case OpenCLVersion::CL2_1:
    d.maxSpirvVersion = 0x00010000;
    break;
  case OpenCLVersion::CL2_2:
    d.maxSpirvVersion = 0x00010200;
    break;
  case OpenCLVersion::CL3_0:
    d.maxSpirvVersion = 0x00010600;
    break;
  }
  return d;
}

} // namespace

namespace {
/// Every OpenCL extension of OpenCL-Env §5 and those implied by OpenCL C's atomics, sorted.
constexpr std::string_view kKnownExtensions[] = {
    "cl_khr_3d_image_writes",
    "cl_khr_byte_addressable_store",
    "cl_khr_depth_images",
    "cl_khr_device_enqueue_local_arg_types",
    "cl_khr_expect_assume",
    "cl_khr_fp16",
    "cl_khr_fp64",
    "cl_khr_gl_depth_images",
    "cl_khr_gl_msaa_sharing",
    "cl_khr_global_int32_base_atomics",
    "cl_khr_global_int32_extended_atomics",
    "cl_khr_int64_base_atomics",
    "cl_khr_int64_extended_atomics",
    "cl_khr_local_int32_base_atomics",
    "cl_khr_local_int32_extended_atomics",
    "cl_khr_mipmap_image",
    "cl_khr_mipmap_image_writes",
    "cl_khr_spirv_linkonce_odr",
    "cl_khr_spirv_no_integer_wrap_decoration",
    "cl_khr_subgroup_ballot",
    "cl_khr_subgroup_clustered_reduce",
    "cl_khr_subgroup_extended_types",
    "cl_khr_subgroup_named_barrier",
    "cl_khr_subgroup_non_uniform_arithmetic",
    "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_shuffle",
    "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroups",
    "cles_khr_int64",
};
} // namespace

std::span<const std::string_view> DeviceDescription::knownExtensions() {
  return kKnownExtensions;
}

bool DeviceDescription::isKnownExtension(std::string_view name) {
  return std::binary_search(std::begin(kKnownExtensions), std::end(kKnownExtensions), name);
}

DeviceDescription DeviceDescription::spvsim() {
  DeviceDescription d = describe(OpenCLVersion::CL3_0, Profile::Full);
  // 2D depth images, which OpenCL 2.0 made core and OpenCL 3.0 an extension again, run
  // (OpenCL-Env §5.2.2).
  d.extensions.insert("cl_khr_depth_images");
  return d;
}

std::optional<DeviceDescription> DeviceDescription::fromTargetEnv(std::string_view name) {
  if (name == "opencl1.2") return describe(OpenCLVersion::CL1_2, Profile::Full);
  if (name == "opencl1.2embedded") return describe(OpenCLVersion::CL1_2, Profile::Embedded);
  if (name == "opencl2.0") return describe(OpenCLVersion::CL2_0, Profile::Full);
  if (name == "opencl2.1") return describe(OpenCLVersion::CL2_1, Profile::Full);
  if (name == "opencl2.2") return describe(OpenCLVersion::CL2_2, Profile::Full);
  if (name == "opencl3.0") return describe(OpenCLVersion::CL3_0, Profile::Full);
  return std::nullopt;
}

const char *versionName(OpenCLVersion v) {
  switch (v) {
  case OpenCLVersion::CL1_2:
    return "OpenCL 1.2";
  case OpenCLVersion::CL2_0:
    return "OpenCL 2.0";
  case OpenCLVersion::CL2_1:
    return "OpenCL 2.1";
  case OpenCLVersion::CL2_2:
    return "OpenCL 2.2";
  case OpenCLVersion::CL3_0:
    return "OpenCL 3.0";
  }
  return "OpenCL";
}

} // namespace spvsim
