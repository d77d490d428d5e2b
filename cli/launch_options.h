// LaunchOptions: the options `spvsim run` and `spvsim exec` share — how
// launches run (warp width, threads, checks) and the limits that bound them
// (docs/robustness.md) — declared once so that both commands spell, check and
// explain them alike. exec passes them to the runtime as SPVSIM_* variables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "spvsim/interpreter/limits.h"

namespace spvsim::cli {

struct LaunchOptions {
  uint32_t warpWidth = 32;
  uint32_t threads = 0;
  double timeout = 0;
  double runTimeout = 0;
  double maxInstructions = 0; ///< a double, so that 1e9 can be written
  uint64_t maxMemory = 0;     ///< set to the default by addLaunchOptions
  uint64_t printfBufferSize = kDefaultPrintfBufferSize;
  std::string checks = "all"; ///< as given; valid (checkListProblem)

  /// --max-instructions as a count: NaN passes CLI::Range and means no limit, like 0.
  uint64_t instructionLimit() const {
    return maxInstructions >= 1 ? static_cast<uint64_t>(maxInstructions) : 0;
  }
};

/// Adds the options to `command`. `runTimeoutHelp` says what --run-timeout bounds for it.
void addLaunchOptions(CLI::App &command, LaunchOptions &options, const std::string &runTimeoutHelp);

/// The options that accept findings, --suppress and --suppressions, as run and exec
/// take them (common/suppressions.h).
struct SuppressionOptions {
  std::vector<std::string> rules; ///< --suppress
  std::vector<std::string> files; ///< --suppressions
};
void addSuppressionOptions(CLI::App &command, SuppressionOptions &options);

/// --report-format: json, sarif or html. `jsonHelp` says what the JSON report holds for
/// the command.
void addReportFormatOption(CLI::App &command, std::string &format, const std::string &jsonHelp);

/// Whether a --report file's name asks for the HTML page (.html, .htm): the format when
/// --report-format is not given.
bool reportFileIsHtml(const std::string &file);

/// The --global and --local validator of run and init: empty when `word` is a whole
/// number of work-items, at least 1, else what is wrong with it.
std::string workSizeProblem(const std::string &word);

/// The --checks validator of run and exec: empty when `list` names known checks, else
/// what is wrong with it.
std::string checkListProblem(const std::string &list);

} // namespace spvsim::cli
