// The SPIR-V translation of a module in a process of its own: Debian's llvm-spirv 15 ends
// the process on input it cannot handle (exit() on every error it finds, abort() on
// failed assertions, a segmentation fault on inline assembly), and a build must never
// end the application that asked for it. The translator process (spvsim-translate,
// translator_main.cpp) is started once and serves every later translation.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace spvsim::frontend {

/// What the translation gave: the module's words, or a log saying why there are none.
struct Translation {
  bool ok = false;
  std::vector<uint32_t> spirv;
  std::string log; ///< the translator's messages (its standard error) and ours
};

/// Translates `module` (allowing SPIR-V up to `maxSpirvVersion`, a SPIRV::VersionNumber)
/// in the translator process: the module goes there as bitcode, the words come back. When
/// the translator returns an error, calls exit(), aborts or crashes, the result is a
/// failed translation whose log holds what it printed and how it ended; the calling
/// process goes on, and the next translation starts a new translator. A translation that
/// takes longer than `timeout` is stopped (the translator with it) and fails.
/// One translation at a time; callers on other threads wait.
Translation translateIsolated(llvm::Module &module, uint32_t maxSpirvVersion,
                              std::chrono::milliseconds timeout = std::chrono::seconds(300));

/// The same for a module given as LLVM bitcode, read into a context that drops the names
/// of values other than globals when `discardValueNames`.
Translation translateBitcode(const std::string &bitcode, uint32_t maxSpirvVersion,
                             bool discardValueNames = true,
                             std::chrono::milliseconds timeout = std::chrono::seconds(300));

/// Starts the translator process when none runs, without waiting for it: it loads its
/// libraries while the caller compiles, and the build's translation finds it started.
/// Returns at once when another thread is translating (a translator runs then). A
/// translator that cannot start is not reported here: the translation reports it.
void startTranslator();

/// The process id of the running translator, or -1 when none runs (for tests).
int translatorProcessId();

} // namespace spvsim::frontend
