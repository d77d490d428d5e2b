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
  std::vector<std::string> notes;   ///< further lines
  uint64_t count = 1;               ///< how many identical findings this one stands for
  /// Identifies the reporting site for deduplication (e.g. an instruction's word offset).
  uint64_t site = 0;
};

/// Multi-line text for people: first line "severity[kind]: message", then details.
std::string formatText(const Finding &f);

/// The JSON object of docs/run-files.md's report format.
nlohmann::json toJson(const Finding &f);

} // namespace spvsim
