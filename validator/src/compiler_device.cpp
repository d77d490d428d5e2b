// What the OpenCL C compiler is told of a device (see compiler_device.h).
#include "spvsim/validator/compiler_device.h"

#include <algorithm>

namespace spvsim {

std::vector<std::string> openclCFeatures(const DeviceDescription &device) {
  std::vector<std::string> features{"__opencl_c_int64"};
  if (device.hasExtension("cl_khr_fp64")) features.push_back("__opencl_c_fp64");
  for (const char *f :
       {"__opencl_c_atomic_order_acq_rel", "__opencl_c_atomic_order_seq_cst",
        "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
        "__opencl_c_generic_address_space", "__opencl_c_program_scope_global_variables",
        "__opencl_c_work_group_collective_functions"})
    features.push_back(f);
  if (device.hasExtension("cl_khr_subgroups")) features.push_back("__opencl_c_subgroups");
  if (device.images) {
    features.push_back("__opencl_c_images");
    features.push_back("__opencl_c_read_write_images");
    if (device.hasExtension("cl_khr_3d_image_writes"))
      features.push_back("__opencl_c_3d_image_writes");
  }
  if (device.pipes) features.push_back("__opencl_c_pipes");
  if (device.deviceEnqueue) features.push_back("__opencl_c_device_enqueue");
  return features;
}

std::vector<std::string> compilerExtensionOptions(const DeviceDescription &device) {
  // clang enables every extension and feature for SPIR targets; the device's own list
  // makes `#ifdef cl_khr_fp64` and `__opencl_c_images` tell the truth. Extensions that
  // are API only (cl_khr_icd, ...) are not the compiler's business.
  std::string list = "-cl-ext=-all";
  for (const std::string &e : device.extensions)
    if (e.rfind("cl_khr_", 0) == 0 || e.rfind("cles_", 0) == 0) list += ",+" + e;
  for (const std::string &f : openclCFeatures(device)) list += ",+" + f;
  return {"-Xclang", list};
}

std::string compilerFeaturePrelude(const DeviceDescription &device) {
  // clang 15's opencl-c-base.h defines these under OpenCL C 3.0 for every SPIR target
  // ("all features are supported"), after and regardless of -cl-ext.
  static constexpr const char *kHeaderDefined[] = {
      "__opencl_c_work_group_collective_functions", "__opencl_c_atomic_order_seq_cst",
      "__opencl_c_atomic_scope_device", "__opencl_c_atomic_scope_all_devices",
      "__opencl_c_read_write_images"};
  const std::vector<std::string> features = openclCFeatures(device);
  std::string text;
  for (const char *name : kHeaderDefined)
    if (std::find(features.begin(), features.end(), name) == features.end())
      text += std::string("#undef ") + name + "\n";
  // clang predefines this for SPIR targets too (OpenCL C §6.13.10: only where
  // CL_DEVICE_IMAGE_SUPPORT is CL_TRUE).
  if (!device.images) text += "#undef __IMAGE_SUPPORT__\n";
  // The device's OpenCL version (CL_DEVICE_NUMERIC_VERSION 3.0; OpenCL 1.0 §6.9,
  // "Preprocessor Directives and Macros"), which clang leaves undefined for SPIR targets.
  text += "#ifndef __OPENCL_VERSION__\n#define __OPENCL_VERSION__ 300\n#endif\n";
  return text;
}

} // namespace spvsim
