// DeviceDescription: what an OpenCL device accepts (version, profile,
// address bits, extensions, images), against which modules are validated.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>

namespace spvsim {

enum class OpenCLVersion { CL1_2, CL2_0, CL2_1, CL2_2, CL3_0 };
enum class Profile { Full, Embedded };

struct DeviceDescription {
  OpenCLVersion version = OpenCLVersion::CL3_0;
  Profile profile = Profile::Full;
  uint32_t addressBits = 64;
  bool images = true;
  /// CL_DEVICE_PIPE_SUPPORT: required of OpenCL 2.x, optional on OpenCL 3.0 (OpenCL-Env
  /// §3.1: the Pipes capability only where it is CL_TRUE).
  bool pipes = false;
  /// CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES is not 0: required of OpenCL 2.x, optional on
  /// OpenCL 3.0 (OpenCL-Env §3.1: the DeviceEnqueue capability only then).
  bool deviceEnqueue = false;
  std::set<std::string> extensions; ///< cl_khr_fp64, cl_khr_fp16, ...
  /// The newest SPIR-V version the device accepts (CL_DEVICE_IL_VERSION), encoded as
  /// the module header's version word (0x00010200 for 1.2); every version from 1.0 up
  /// to it is accepted (OpenCL-Env §2.1).
  uint32_t maxSpirvVersion = 0x00010600;

  bool hasExtension(std::string_view e) const { return extensions.count(std::string(e)) != 0; }

  /// The OpenCL extensions whose effect on a module the validator knows (OpenCL-Env §5),
  /// sorted: the names a device description may list.
  static std::span<const std::string_view> knownExtensions();
  /// Whether `name` is one of knownExtensions().
  static bool isKnownExtension(std::string_view name);
  /// spvsim's own device: OpenCL 3.0, full profile, 64-bit, every extension it supports
  /// (2D depth images among them); no pipes and no device-side enqueue.
  static DeviceDescription spvsim();
  /// The device a --target-env name describes (opencl1.2, opencl1.2embedded, opencl2.0,
  /// opencl2.1, opencl2.2, opencl3.0); nullopt for an unknown name. OpenCL 3.0's optional
  /// pipes and device-side enqueue are off, as on spvsim's device.
  static std::optional<DeviceDescription> fromTargetEnv(std::string_view name);
};

const char *versionName(OpenCLVersion v);

} // namespace spvsim
