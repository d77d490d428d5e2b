// SARIF 2.1.0 (OASIS Static Analysis Results Interchange Format) form of a run's
// report, for CI systems that show findings on source lines
// (`spvsim run --report FILE --report-format sarif`).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace spvsim::cli {

/// The SARIF log of one run: one rule per finding kind, one result per finding (the JSON
/// form of finding.h's toJson) with its physical location, the other access of a race
/// and the origin of an uninitialised value as related locations, its count as
/// occurrenceCount.
nlohmann::json sarifReport(const nlohmann::json &findings, const std::string &version);

} // namespace spvsim::cli
