// The project's documents (docs/*.md), embedded in the executable when it is configured,
// for `spvsim help TOPIC`: the run-file reference and the finding kinds are at hand
// wherever spvsim is installed.
#pragma once

#include <span>
#include <string_view>

namespace spvsim::cli {

struct HelpTopic {
  std::string_view name; ///< the document's name without .md: "run-files"
  std::string_view text; ///< its Markdown
};

/// Every topic, by name.
std::span<const HelpTopic> helpTopics();

} // namespace spvsim::cli
