// Device descriptions: spvsim's own device and the --target-env devices.
#include <gtest/gtest.h>

#include "spvsim/validator/device.h"

namespace spvsim {
namespace {

TEST(Device, Spvsim) {
  const DeviceDescription d = DeviceDescription::spvsim();
  EXPECT_EQ(d.version, OpenCLVersion::CL3_0);
  EXPECT_EQ(d.profile, Profile::Full);
  EXPECT_EQ(d.addressBits, 64u);
  EXPECT_TRUE(d.images);
  const std::set<std::string> expected = {"cl_khr_fp64",
                                          "cl_khr_fp16",
                                          "cl_khr_int64_base_atomics",
                                          "cl_khr_int64_extended_atomics",
                                          "cl_khr_global_int32_base_atomics",
                                          "cl_khr_global_int32_extended_atomics",
                                          "cl_khr_local_int32_base_atomics",
                                          "cl_khr_local_int32_extended_atomics",
                                          "cl_khr_byte_addressable_store",
                                          "cl_khr_subgroups",
                                          "cl_khr_subgroup_extended_types",
                                          "cl_khr_subgroup_non_uniform_vote",
                                          "cl_khr_subgroup_ballot",
                                          "cl_khr_subgroup_non_uniform_arithmetic",
                                          "cl_khr_subgroup_shuffle",
                                          "cl_khr_subgroup_shuffle_relative",
                                          "cl_khr_subgroup_clustered_reduce",
                                          "cl_khr_spirv_no_integer_wrap_decoration",
                                          "cl_khr_spirv_linkonce_odr",
                                          "cl_khr_expect_assume",
                                          "cl_khr_3d_image_writes",
                                          "cl_khr_depth_images"};
  EXPECT_EQ(d.extensions, expected);
  // OpenCL 3.0 makes pipes and device-side enqueue optional; spvsim's device has neither
  // (OpenCL-Env §3.1), as the opencl3.0 target; OpenCL 2.x devices have both.
  EXPECT_FALSE(d.pipes);
  EXPECT_FALSE(d.deviceEnqueue);
  EXPECT_FALSE(DeviceDescription::fromTargetEnv("opencl3.0")->pipes);
  EXPECT_TRUE(DeviceDescription::fromTargetEnv("opencl2.0")->pipes);
  EXPECT_TRUE(DeviceDescription::fromTargetEnv("opencl2.2")->deviceEnqueue);
  // Every extension a device description lists is one --extensions accepts.
  for (const char *env : {"opencl1.2", "opencl1.2embedded", "opencl2.0", "opencl3.0"}) {
    const DeviceDescription target = *DeviceDescription::fromTargetEnv(env);
    for (const std::string &e : target.extensions)
      EXPECT_TRUE(DeviceDescription::isKnownExtension(e)) << e;
  }
  EXPECT_FALSE(DeviceDescription::isKnownExtension("cl_khr_fp46"));
  EXPECT_TRUE(d.hasExtension("cl_khr_fp16"));
  EXPECT_FALSE(d.hasExtension("cles_khr_int64"));
}

TEST(Device, TargetEnvironments) {
  EXPECT_EQ(DeviceDescription::fromTargetEnv("opencl1.2")->version, OpenCLVersion::CL1_2);
  EXPECT_EQ(DeviceDescription::fromTargetEnv("opencl2.0")->version, OpenCLVersion::CL2_0);
  EXPECT_EQ(DeviceDescription::fromTargetEnv("opencl2.1")->version, OpenCLVersion::CL2_1);
  EXPECT_EQ(DeviceDescription::fromTargetEnv("opencl2.2")->version, OpenCLVersion::CL2_2);
  EXPECT_EQ(DeviceDescription::fromTargetEnv("opencl3.0")->version, OpenCLVersion::CL3_0);
  const auto embedded = DeviceDescription::fromTargetEnv("opencl1.2embedded");
  ASSERT_TRUE(embedded);
  EXPECT_EQ(embedded->version, OpenCLVersion::CL1_2);
  EXPECT_EQ(embedded->profile, Profile::Embedded);
  EXPECT_TRUE(embedded->hasExtension("cles_khr_int64"));
  EXPECT_FALSE(DeviceDescription::fromTargetEnv("opencl1.2")->hasExtension("cl_khr_subgroups"));
  EXPECT_FALSE(DeviceDescription::fromTargetEnv("opencl4.0"));
  EXPECT_FALSE(DeviceDescription::fromTargetEnv("vulkan1.0"));
  EXPECT_STREQ(versionName(OpenCLVersion::CL2_1), "OpenCL 2.1");
}

} // namespace
} // namespace spvsim
