// Finding: one problem spvsim reports (validator, executor checks, runtime),
// with a stable kind from docs/findings.md, and its text and JSON forms.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace spvsim {

enum class Severity { Error, Warning };

const char *severityName(Severity s);

/// A source position taken from OpLine or debug information.
struct SourceLocation {
  std::string file;
  uint32_t line = 0;
  uint32_t column = 0;
};

/// The ids of the work-item a finding happened in.
struct WorkItemIds {
  uint32_t dims = 1;
  std::array<uint64_t, 3> global{};
  std::array<uint64_t, 3> local{};
  std::array<uint64_t, 3> group{};
};

/// The memory a memory finding is about.
struct MemoryRef {
  std::string space;  ///< global, local, private, constant, generic
  std::string buffer; ///< argument or variable name, or "arg N"
  uint64_t offset = 0;
  uint64_t size = 0; ///< bytes accessed
};

/// The second access of a race finding: the one the reported access conflicts with.
struct OtherAccess {
  std::string access; ///< what it did: "read", "write", "atomic read", "atomic write"
  /// Who did it: "work-item" (workItem holds its ids), or what stands for the
  /// work-item when it was not recorded ("a work-item of work-group (2)", ...).
  std::string by = "work-item";
  std::optional<WorkItemIds> workItem;
  std::string instruction; ///< the SPIR-V instruction as text ("" when not recorded)
  std::optional<uint32_t> wordOffset;
  std::optional<SourceLocation> location;
};

struct Finding {
  std::string kind; ///< stable kind from docs/findings.md, e.g. oob.global.read
  Severity severity = Severity::Error;
  std::string message; ///< one line: what happened
  std::string kernel;
  std::optional<WorkItemIds> workItem;
  std::string instruction; ///< the SPIR-V instruction as text
  std::optional<uint32_t> wordOffset;
  std::optional<SourceLocation> location;
  std::optional<MemoryRef> memory;
  std::optional<OtherAccess> other; ///< race findings: the access this one conflicts with
  /// uninit findings: where the undefined value was loaded, when that is known.
  std::optional<SourceLocation> origin;
  /// Memory findings: the type the instruction accesses, as OpenCL C names it, and its
  /// size in bytes (0: not known); the element index is memory->offset / elementSize.
  std::string elementType;
  uint32_t elementSize = 0;
  std::vector<std::string> notes; ///< further lines
  uint64_t count = 1;             ///< how many identical findings this one stands for
  /// How many instructions at its source location this finding stands for (a line
  /// of an unrolled loop is several instructions): one finding per location and kind.
  uint64_t instructions = 1;
  /// race.*.write-write: both writes stored the same bytes (a "uniform write", which
  /// `--suppress race.global.uniform-write` / `race.local.uniform-write` accepts).
  bool uniformWrite = false;
  /// Identifies the reporting site for deduplication (e.g. an instruction's word offset).
  uint64_t site = 0;
};

class SourceExcerpts;

/// Multi-line text for people: first line "severity[kind]: message", then details. With
/// `excerpts`, each source location is followed by its line and a caret under the column
/// when the file can be read.
std::string formatText(const Finding &f, SourceExcerpts *excerpts = nullptr);

/// "out[64]" (or "out[64] + 2 bytes" inside an element): the element a memory finding
/// is about, "" when the finding has no memory or no element size.
std::string elementText(const Finding &f);

/// The JSON object of docs/run-files.md's report format.
nlohmann::json toJson(const Finding &f);

} // namespace spvsim
