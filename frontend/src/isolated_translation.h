// The SPIR-V translation of a module in a child process: Debian's llvm-spirv 15 ends the
// process on input it cannot handle (exit() on every error it finds, abort() on failed
// assertions, a segmentation fault on inline assembly), and a build must never end the
// application that asked for it.
#pragma once

#include <cstdint>
#include <shared_mutex>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace SPIRV {
class TranslatorOpts;
} // namespace SPIRV

namespace spvsim::frontend {

/// What the translation gave: the module's words, or a log saying why there are none.
struct Translation {
  bool ok = false;
  std::vector<uint32_t> spirv;
  std::string log; ///< the translator's messages (its standard error) and ours
};

/// Translates `module` with llvm::writeSpirv in a forked child that sends the words back
/// through a pipe. When the translator returns an error, calls exit(), aborts or crashes,
/// the result is a failed translation whose log holds what it printed and how it ended;
/// the calling process goes on. A translation that takes longer than `timeoutSeconds` is
/// stopped and fails.
Translation translateIsolated(llvm::Module &module, const SPIRV::TranslatorOpts &options,
                              unsigned timeoutSeconds = 300);

/// Held (shared) by a compile while it runs clang and LLVM in the process, and released
/// before translateIsolated, which holds it exclusively around fork(): a child must not
/// start while another thread is inside LLVM, holding a lock the child could wait for
/// for ever.
std::shared_lock<std::shared_mutex> llvmWorkLock();

} // namespace spvsim::frontend
