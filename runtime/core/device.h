// Platform and Device: spvsim's one OpenCL platform and its one device. The
// device's capabilities come from the validator's DeviceDescription — the
// same description every program is validated against, images included; its
// limits from the interpreter
// (kMaxWorkGroupSize, the warp width) and the host (memory, threads).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "core/cl.h"
#include "core/config.h"
#include "core/object.h"
#include "spvsim/validator/device.h"

namespace spvsim::runtime {

/// A (name, version) pair of CL_*_WITH_VERSION queries.
struct NamedVersion {
  std::string name;
  cl_version version;
};

class Device : public _cl_device_id {
public:
  static constexpr ObjectKind kKind = ObjectKind::Device;
  explicit Device(const Config &config);

  /// The description programs are validated against.
  const DeviceDescription &description() const { return description_; }
  const Config &config() const { return config_; }

  cl_device_type type() const { return config_.deviceType; }
  uint32_t computeUnits() const { return computeUnits_; }
  /// SPVSIM_MAX_MEMORY: the bytes the process's buffers may take in all.
  uint64_t globalMemSize() const { return globalMemSize_; }
  uint64_t maxAllocSize() const { return maxAllocSize_; }
  uint64_t localMemSize() const { return 64 * 1024; }
  /// CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE (OpenCL API §4.2, at least 64 KB), enforced when a
  /// program is built: 64 MiB, at most the largest allocation. A program that sizes an
  /// array by it (the conformance suite's progvar_prog_scope_misc) stays small; PoCL 3.1
  /// reports 0 (no program-scope variables).
  uint64_t maxGlobalVariableSize() const {
    return std::min<uint64_t>(uint64_t(64) << 20, maxAllocSize_);
  }
  size_t maxWorkGroupSize() const;
  /// Sub-buffer origins must be multiples of this many bytes (CL_DEVICE_MEM_BASE_ADDR_ALIGN / 8).
  uint32_t baseAddressAlignBytes() const { return 128; }
  uint32_t subGroupSize() const { return config_.warpWidth; }
  uint64_t printfBufferSize() const;
  bool compilerAvailable() const;
  bool linkerAvailable() const;

  /// Counts `bytes` of a new buffer against globalMemSize() (every context's buffers
  /// together, as `spvsim run --max-memory` counts a run's): false when they do not fit.
  bool reserveMemory(uint64_t bytes);
  /// A buffer counted by reserveMemory is gone.
  void returnMemory(uint64_t bytes);

  /// Extensions in CL_DEVICE_EXTENSIONS order.
  const std::vector<NamedVersion> &extensions() const { return extensions_; }
  std::string extensionString() const;
  bool hasExtension(const std::string &name) const;
  /// SPIR-V versions accepted by clCreateProgramWithIL ("SPIR-V", 1.0 ... max).
  std::vector<NamedVersion> ils() const;
  std::string ilVersionString() const;
  /// OpenCL C versions and optional features the compiler supports.
  std::vector<NamedVersion> openclCVersions() const;
  std::vector<NamedVersion> openclCFeatures() const;

private:
  const Config &config_;
  DeviceDescription description_;
  std::vector<NamedVersion> extensions_;
  uint32_t computeUnits_ = 1;
  uint64_t globalMemSize_ = 0;
  uint64_t maxAllocSize_ = 0;
  std::atomic<uint64_t> memoryInUse_{0};
};

class Platform : public _cl_platform_id {
public:
  static constexpr ObjectKind kKind = ObjectKind::Platform;
  /// The one platform (created, with its device, on first use).
  static Platform &get();
  Platform(); ///< use get()

  Device &device() { return device_; }
  const std::vector<NamedVersion> &extensions() const { return device_.extensions(); }
  std::string extensionString() const { return device_.extensionString(); }

private:
  Device device_;
};

/// The version text of CL_PLATFORM_VERSION / CL_DEVICE_VERSION.
inline constexpr const char *kVersionString = "OpenCL 3.0 spvsim 0.1.0";
inline constexpr const char *kDriverVersion = "0.1.0";
/// Nanoseconds of the clock profiling, clGetHostTimer and clGetDeviceAndHostTimer share.
uint64_t nowNanoseconds();

} // namespace spvsim::runtime
