// Names of the extended instruction sets that carry only debug or
// non-semantic information: a module means the same with them removed.
#pragma once

#include <string_view>

namespace spvsim::detail {

inline constexpr std::string_view kShaderDebugInfoSet = "NonSemantic.Shader.DebugInfo.100";

/// OpenCL.DebugInfo.100, the older DebugInfo set, and every NonSemantic.* set.
inline bool isDebugInfoSet(std::string_view name) {
  return name == "OpenCL.DebugInfo.100" || name == "DebugInfo" || name.starts_with("NonSemantic.");
}

} // namespace spvsim::detail
