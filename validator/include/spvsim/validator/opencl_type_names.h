// The OpenCL C names of SPIR-V types, as kernel signatures, run files and findings
// spell them.
#pragma once

#include <string_view>

#include "spvsim/validator/module.h"

namespace spvsim {

/// The OpenCL C name of a scalar type: bool, half/float/double, and an integer by its
/// width as the unsigned type (SPIR-V records no signedness); "" for any other kind.
inline std::string_view openclScalarName(const Type &t) {
  switch (t.kind) {
  case TypeKind::Bool:
    return "bool";
  case TypeKind::Float:
    return t.width == 16 ? "half" : t.width == 32 ? "float" : "double";
  case TypeKind::Int:
    return t.width == 8 ? "uchar" : t.width == 16 ? "ushort" : t.width == 32 ? "uint" : "ulong";
  default:
    return "";
  }
}

} // namespace spvsim
