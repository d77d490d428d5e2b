// The SPIRV-Tools spvsim was built with, as `spvsim --version` names it: the validator
// checks modules with it first (spirv_tools_check.cpp), so its version says which
// rules SPIRV-Tools itself enforces.
#pragma once

#include <string>

namespace spvsim {

/// SPIRV-Tools' own version string, e.g. "SPIRV-Tools v2023.1 unknown hash, ...".
std::string spirvToolsVersion();

} // namespace spvsim
