// version() (frontend.h): what names the front end's output for the build cache. Apart
// from compile.cpp so that the loader (frontend_module.h), which has no LLVM linked in,
// can key the cache too: LLVM's version comes from its configuration header alone.
#include "spvsim/frontend/frontend.h"

#include <llvm/Config/llvm-config.h>

namespace spvsim::frontend {

namespace {

/// Bumped whenever the legalization or the translation options change what a compile
/// produces from the same input (cached modules of other versions are not used).
constexpr const char *kLegalizationVersion = "10";

} // namespace

std::string version() {
  return std::string("clang and LLVM ") + LLVM_VERSION_STRING + ", llvm-spirv " +
         LLVM_VERSION_STRING + ", legalization " + kLegalizationVersion;
}

} // namespace spvsim::frontend
