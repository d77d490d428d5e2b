// ProfileSummary: a kernel's KernelProfile summed up per source line and per opcode
// family, with lane utilisation, memory traffic, atomics and barriers — the figures
// `spvsim run --profile` and `spvsim exec --profile` print (docs/profiling.md) — and
// its JSON form, both ways: the runtime writes it into its report, `spvsim exec` reads
// it back to print it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "spvsim/interpreter/profile.h"
#include "spvsim/validator/module.h"

namespace spvsim {

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
  std::vector<ProfileSite> sites; ///< source lines, by file and line
  /// Instructions without line information, each its own site (file "", line: its word
  /// offset), by word offset. The text and the page show them as one entry
  /// (withoutLineTotal); no instruction is charged to a line it does not carry.
  std::vector<ProfileSite> withoutLine;
  std::vector<ProfileSite> branches; ///< per site, its OpBranchConditional and OpSwitch
  std::map<std::string, Traffic> bySpace;
  std::map<std::string, Traffic> byBuffer;
  uint64_t atomics = 0;
  uint64_t barriers = 0;
  /// The text of source files held in memory rather than read from the file system
  /// (a program the host gave as text, "input.cl"), by the name its lines give.
  std::map<std::string, std::string> sources;
};

/// The sites of `sites` that have no source line summed as one: their counts added, its
/// runs the most of theirs. Zero counts when every site has a line.
ProfileSite withoutLineTotal(const std::vector<ProfileSite> &sites);

ProfileSummary summarizeProfile(const Module &module, const std::string &kernel,
                                const KernelProfile &profile);

/// Adds the counts of `more` to `sum` (the launches too).
void addProfile(KernelProfile &sum, const KernelProfile &more);

/// The profile as JSON (docs/profiling.md, "As JSON").
nlohmann::json profileJson(const ProfileSummary &profile);

/// The profile read back from profileJson's form: nothing when `json` is not an object
/// with a kernel; keys missing or of the wrong type read as zero. A count of lane slots
/// is not in the JSON: it is recovered from the lane utilisation.
std::optional<ProfileSummary> profileFromJson(const nlohmann::json &json);

/// Active lanes per lane slot, 0 when nothing ran.
double laneUtilisation(const InstructionCounts &counts);

} // namespace spvsim
