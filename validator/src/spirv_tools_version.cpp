// The SPIRV-Tools version (spirv_tools_version.h), from the library linked in.
#include "spvsim/validator/spirv_tools_version.h"

#include <spirv-tools/libspirv.h>

namespace spvsim {

std::string spirvToolsVersion() {
  return spvSoftwareVersionDetailsString();
}

} // namespace spvsim
