// The platform and device (see device.h).
#include "core/device.h"
#include "core/interrupt.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "core/tools.h"
#include "spvsim/interpreter/launch.h"
#include "spvsim/validator/compiler_device.h"

namespace spvsim::runtime {

namespace {

/// Extensions the runtime adds to the validator's list (they are API and compiler, not
/// kernel language). cl_ext_cxx_for_opencl: clBuildProgram and clCompileProgram take
/// -cl-std=CLC++ (and CLC++1.0, CLC++2021) through the same front end as OpenCL C, and
/// CL_DEVICE_CXX_FOR_OPENCL_NUMERIC_VERSION_EXT names the version -cl-std=CLC++ gives.
const char *const kRuntimeExtensions[] = {"cl_khr_icd", "cl_khr_il_program",
                                          "cl_khr_extended_versioning",
                                          "cl_khr_image2d_from_buffer", "cl_ext_cxx_for_opencl"};

} // namespace

uint64_t nowNanoseconds() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}

Device::Device(const Config &config) : config_(config), description_(DeviceDescription::spvsim()) {
  std::vector<std::string> names(description_.extensions.begin(), description_.extensions.end());
  for (const char *e : kRuntimeExtensions) names.push_back(e);
  std::sort(names.begin(), names.end());
  for (const std::string &n : names) extensions_.push_back({n, CL_MAKE_VERSION(1, 0, 0)});
  computeUnits_ =
      config.threads ? config.threads : std::max(1u, std::thread::hardware_concurrency());
  globalMemSize_ = config.maxMemory;
  // OpenCL API §4.2 (CL_DEVICE_MAX_MEM_ALLOC_SIZE): at least max(min(1 GiB, 1/4 of the
  // global memory), 32 MiB) — unless SPVSIM_MAX_MEMORY is smaller; buffer offsets are 40
  // bits (memory/tagged_pointer.h).
  maxAllocSize_ = std::min<uint64_t>(
      {std::max<uint64_t>(globalMemSize_ / 4, 32u << 20), uint64_t{1} << 40, globalMemSize_});
}

bool Device::reserveMemory(uint64_t bytes) {
  uint64_t used = memoryInUse_.load();
  do {
    if (bytes > globalMemSize_ - std::min(used, globalMemSize_)) return false;
  } while (!memoryInUse_.compare_exchange_weak(used, used + bytes));
  return true;
}

void Device::returnMemory(uint64_t bytes) {
  memoryInUse_ -= bytes;
}

size_t Device::maxWorkGroupSize() const {
  return static_cast<size_t>(kMaxWorkGroupSize);
}

uint64_t Device::printfBufferSize() const {
  // Without a limit printf output is never lost; report the full profile's minimum.
  return config_.printfBufferSize ? config_.printfBufferSize : uint64_t{1} << 20;
}

bool Device::compilerAvailable() const {
  return true; // the OpenCL C front end is part of the runtime (frontend/)
}

bool Device::linkerAvailable() const {
  return Toolchain::get().canLink();
}

std::string Device::extensionString() const {
  std::string s;
  for (const NamedVersion &e : extensions_) s += (s.empty() ? "" : " ") + e.name;
  return s;
}

bool Device::hasExtension(const std::string &name) const {
  return std::any_of(extensions_.begin(), extensions_.end(),
                     [&](const NamedVersion &e) { return e.name == name; });
}

std::vector<NamedVersion> Device::ils() const {
  std::vector<NamedVersion> out;
  const uint32_t maxMinor = (description_.maxSpirvVersion >> 8) & 0xff;
  for (uint32_t minor = 0; minor <= maxMinor; ++minor)
    out.push_back({"SPIR-V", CL_MAKE_VERSION(1, minor, 0)});
  return out;
}

std::string Device::ilVersionString() const {
  std::string s;
  for (const NamedVersion &il : ils())
    s += (s.empty() ? "" : " ") + il.name + "_" + std::to_string(CL_VERSION_MAJOR(il.version)) +
         "." + std::to_string(CL_VERSION_MINOR(il.version));
  return s;
}

std::vector<NamedVersion> Device::openclCVersions() const {
  if (!compilerAvailable()) return {};
  // OpenCL API §4.2 (CL_DEVICE_OPENCL_C_ALL_VERSIONS): 1.0, 1.1, 1.2 and 3.0 for an
  // OpenCL 3.0 device; 2.0 would need every 2.0 feature (pipes, device-side enqueue).
  return {{"OpenCL C", CL_MAKE_VERSION(1, 0, 0)},
          {"OpenCL C", CL_MAKE_VERSION(1, 1, 0)},
          {"OpenCL C", CL_MAKE_VERSION(1, 2, 0)},
          {"OpenCL C", CL_MAKE_VERSION(3, 0, 0)}};
}

std::vector<NamedVersion> Device::openclCFeatures() const {
  if (!compilerAvailable()) return {};
  // What the compiler is told (spvsim/validator/compiler_device.h), as `spvsim run` tells it.
  std::vector<NamedVersion> features;
  for (const std::string &name : spvsim::openclCFeatures(description_))
    features.push_back({name, CL_MAKE_VERSION(3, 0, 0)});
  return features;
}

Platform::Platform() : device_(Config::get()) {}

Platform &Platform::get() {
  // Never destroyed, like the registry: handles to it stay valid while the process exits.
  static Platform *platform = [] {
    Platform *p = std::make_unique<Platform>().release();
    Registry::instance().publishForever(p);
    Registry::instance().publishForever(&p->device_);
    // From the program's first look at the platform, Ctrl-C under `spvsim exec` is the
    // runtime's (core/interrupt.h).
    takeInterrupts();
    return p;
  }();
  return *platform;
}

} // namespace spvsim::runtime
