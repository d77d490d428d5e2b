// What the OpenCL C compiler is told of a device: its optional OpenCL C 3.0 features, the
// clang options naming its extensions and features, and the prelude that undefines the
// feature macros clang defines whatever the options say. One description for every
// compile: `spvsim run` and `spvsim init` of OpenCL C and the runtime's clBuildProgram
// compile alike because both take it from here.
#pragma once

#include <string>
#include <vector>

#include "spvsim/validator/device.h"

namespace spvsim {

/// The optional OpenCL C 3.0 features the device's compiler supports
/// (CL_DEVICE_OPENCL_C_FEATURES; OpenCL C §6.2.1), in that query's order.
std::vector<std::string> openclCFeatures(const DeviceDescription &device);

/// clang driver options that make the compiler's extension and feature macros match
/// the device: {"-Xclang", "-cl-ext=-all,+cl_khr_fp64,…,+__opencl_c_images,…"}.
std::vector<std::string> compilerExtensionOptions(const DeviceDescription &device);

/// Source included after clang's OpenCL header: #undef of the feature macros clang
/// defines for SPIR targets regardless of the options (and of __IMAGE_SUPPORT__) where
/// the device lacks them, and the device's __OPENCL_VERSION__.
std::string compilerFeaturePrelude(const DeviceDescription &device);

} // namespace spvsim
