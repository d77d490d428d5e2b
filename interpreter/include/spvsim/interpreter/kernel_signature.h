// KernelSignature: a kernel's parameters as a host binds them (buffer,
// __local, by-value scalar/vector/struct, image, sampler), read from a
// validated module.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "spvsim/interpreter/image.h"
#include "spvsim/validator/validator.h"

namespace spvsim {

enum class ParamKind {
  GlobalBuffer,   ///< __global pointer (CrossWorkgroup)
  ConstantBuffer, ///< __constant pointer (UniformConstant)
  LocalBuffer,    ///< __local pointer (Workgroup)
  Value,          ///< by-value scalar or vector
  ByValStruct,    ///< by-value aggregate, passed as a Function pointer with ByVal
  Image,          ///< image memory object (OpTypeImage)
  Sampler,        ///< sampler_t (OpTypeSampler)
  Unsupported     ///< events, pipes, queues
};

/// The access qualifier of an image parameter (OpTypeImage Access Qualifier).
enum class ImageAccess : uint8_t { ReadOnly, WriteOnly, ReadWrite };

struct KernelParam {
  std::string name; ///< Module::parameterName (OpName or debug information), or ""
  ParamKind kind = ParamKind::Value;
  std::string typeName;       ///< OpenCL-style name: float, uint4, float*, struct, ...
  uint32_t size = 0;          ///< bytes of a Value/ByValStruct (vec3 takes vec4's size)
  bool isFloat = false;       ///< Value: components are floating point
  bool isSigned = false;      ///< Value: integer components are signed (from kernel_arg_type)
  uint32_t componentBits = 0; ///< Value: bits per component (1 for bool)
  uint32_t components = 1;    ///< Value: vector width
  ImageType imageType = ImageType::Image2D;        ///< Image: dimensionality and arrayed
  bool imageDepth = false;                         ///< Image: a depth image (image2d_depth_t)
  ImageAccess imageAccess = ImageAccess::ReadOnly; ///< Image: its access qualifier
};

struct KernelSignature {
  std::string name;
  std::vector<KernelParam> params;
  std::optional<std::array<uint32_t, 3>> requiredLocalSize; ///< reqd_work_group_size
};

/// The name of parameter `index` whose module name is `name`: `name`, or "arg N" when the
/// module names none. Findings, dumps, the run files `spvsim init` writes and launches
/// captured as run files all call an unnamed parameter so.
std::string parameterName(std::string_view name, size_t index);
/// A parameter's name as the stem of the files named after it (the buffers a capture
/// writes, the dumps of `spvsim init`): "arg N" without its space, other names as they are.
std::string parameterFileStem(std::string_view name);

/// The signatures of every kernel entry point in the module.
std::vector<KernelSignature> kernelSignatures(const ValidatedModule &module);
/// The signature of one kernel; throws spvsim::Error when there is none of that name.
KernelSignature kernelSignature(const ValidatedModule &module, const std::string &kernel);

} // namespace spvsim
