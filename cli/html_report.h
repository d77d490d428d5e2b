// The HTML form of a run's report (`spvsim run --report FILE.html`, `spvsim exec
// --report FILE.html`): one self-contained page — inline CSS, no script, nothing
// fetched — with the launches, the findings as printed (source excerpts
// included), the commands that failed and, with --profile, each kernel's source
// annotated as a heat map of the instructions executed and the lane utilisation
// per line.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "profile_report.h"

namespace spvsim::cli {

/// A finding as the page shows it: its severity and kind, and the text `run` prints.
struct HtmlFinding {
  std::string severity;
  std::string kind;
  std::string text;
};

struct HtmlReportContent {
  std::string version;
  std::string summary;     ///< the terminal summary line
  nlohmann::json launches; ///< the JSON report's launches
  std::vector<HtmlFinding> findings;
  std::vector<std::string> notes; ///< producer quirks accepted, as text
  std::vector<ProfileSummary> profiles;
  std::string command;             ///< what ran, when it is not a run file: "exec -- ./app"
  std::vector<std::string> errors; ///< commands that failed (the runtime's "errors")
};

/// `text` with &, <, >, " and ' as character references.
std::string htmlEscape(const std::string &text);

/// The page. Source lines are taken from the texts a profile holds (ProfileSummary::
/// sources), else read from the files it names (the current folder for relative names);
/// a file that cannot be read shows only its counted lines.
std::string htmlReport(const HtmlReportContent &content);

} // namespace spvsim::cli
