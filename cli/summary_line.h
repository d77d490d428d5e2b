// The one line `spvsim run` and `spvsim exec` end with on a terminal:
// "spvsim: 1 launch, 2 findings (oob.global.write 1, race.local.read-write 1), 1 suppressed,
// 81920 instructions, 0.12 s" (docs/findings.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace spvsim::cli {

/// `kinds`: the findings reported, counted by kind; `instructions`: what the launches
/// executed (LaunchStats::instructions, what --max-instructions counts), when known.
std::string summaryLine(size_t launches, const std::map<std::string, uint64_t> &kinds,
                        uint64_t suppressed, std::optional<uint64_t> instructions, double seconds);

/// The findings of a JSON report (finding.h's toJson) counted by kind.
std::map<std::string, uint64_t> findingKinds(const nlohmann::json &findings);

} // namespace spvsim::cli
