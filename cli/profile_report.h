// The profile of `spvsim run --profile` (docs/profiling.md): a kernel's KernelProfile
// summed up per source line and per opcode family, with lane utilisation, memory
// traffic, atomics and barriers (ProfileSummary), and written as text or as JSON.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "spvsim/interpreter/profile.h"
#include "spvsim/validator/module.h"

namespace spvsim::cli {

/// The opcode family of a SPIR-V instruction: arithmetic, memory, control, atomics,
/// barriers, conversions, OpenCL.std, composite or other.
std::string opcodeFamily(const Module &module, uint32_t instruction);

/// A source line, or an instruction without one (file "", line: its word offset).
struct ProfileSite {
  std::string file;
  uint32_t line = 0;
  InstructionCounts counts;
  /// The most work-item executions of one instruction of the line: how many times it ran.
  uint64_t runs = 0;
  bool hasSource() const { return !file.empty(); }
  /// "file:line", or "word N" without line information.
  std::string name() const;
};

/// One kernel's profile, ready to print: sites sorted by file and line.
struct ProfileSummary {
  std::string kernel;
  uint64_t launches = 0;
  InstructionCounts total;
  std::map<std::string, InstructionCounts> families;
  std::vector<ProfileSite> sites;
  std::vector<ProfileSite> branches; ///< per site, its OpBranchConditional and OpSwitch
  std::map<std::string, Traffic> bySpace;
  std::map<std::string, Traffic> byBuffer;
  uint64_t atomics = 0;
  uint64_t barriers = 0;
};

ProfileSummary summarizeProfile(const Module &module, const std::string &kernel,
                                const KernelProfile &profile);

/// Writes the profile as text, each source line followed by its text when the file can
/// be read.
void printProfile(std::ostream &out, const ProfileSummary &profile);

/// The profile as JSON (docs/profiling.md, "As JSON").
nlohmann::json profileJson(const ProfileSummary &profile);

/// Active lanes per lane slot, 0 when nothing ran.
double laneUtilisation(const InstructionCounts &counts);

} // namespace spvsim::cli
