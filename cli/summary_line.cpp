// The summary line (cli/summary_line.h).
#include "summary_line.h"

#include <cstdio>

namespace spvsim::cli {

std::string summaryLine(size_t launches, const std::map<std::string, uint64_t> &kinds,
                        uint64_t suppressed, std::optional<uint64_t> instructions, double seconds) {
  std::string text =
      "spvsim: " + std::to_string(launches) + (launches == 1 ? " launch, " : " launches, ");
  uint64_t findings = 0;
  for (const auto &[kind, count] : kinds) findings += count;
  if (kinds.empty()) {
    text += "no findings";
  } else {
    text += std::to_string(findings) + (findings == 1 ? " finding (" : " findings (");
    bool first = true;
    for (const auto &[kind, count] : kinds) {
      text += (first ? "" : ", ") + kind + " " + std::to_string(count);
      first = false;
    }
    text += ")";
  }
  if (suppressed) text += ", " + std::to_string(suppressed) + " suppressed";
  if (instructions)
    text += ", " + std::to_string(*instructions) +
            (*instructions == 1 ? " instruction" : " instructions");
  char time[32];
  std::snprintf(time, sizeof time, ", %.2f s", seconds);
  return text + time;
}

std::map<std::string, uint64_t> findingKinds(const nlohmann::json &findings) {
  std::map<std::string, uint64_t> kinds;
  for (const nlohmann::json &f : findings)
    if (f.is_object() && f.contains("kind") && f["kind"].is_string())
      ++kinds[f["kind"].get<std::string>()];
  return kinds;
}

} // namespace spvsim::cli
