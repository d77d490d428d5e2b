// The options run and exec share (see launch_options.h).
#include "launch_options.h"

#include <charconv>
#include <filesystem>

#include "spvsim/common/error.h"
#include "spvsim/interpreter/checks.h"
#include "spvsim/interpreter/global_memory.h"

namespace spvsim::cli {

namespace {

/// A size with an optional unit must not be negative (the conversion would wrap it).
const CLI::Validator kNotNegative(
    [](const std::string &value) {
      return value.find('-') == std::string::npos ? std::string() : "must not be negative";
    },
    "NOT NEGATIVE");

} // namespace

void addLaunchOptions(CLI::App &command, LaunchOptions &options,
                      const std::string &runTimeoutHelp) {
  options.maxMemory = defaultMemoryCapacity();
  command
      .add_option("--warp-width", options.warpWidth,
                  "Work-items executed in lockstep (1 to 64; default 32; a smaller "
                  "work-group runs in a warp of its size rounded up to a power of two, "
                  "or several to a warp where the kernel cannot tell)")
      ->check(CLI::Range(1, 64));
  command
      .add_option("--threads", options.threads,
                  "Worker threads per launch, up to 1024 (0: one per hardware thread)")
      ->check(CLI::Range(0, 1024));
  command
      .add_option("--timeout", options.timeout,
                  "Stop a launch that runs longer than this many seconds and report where its "
                  "work-items were (hang.timeout); 0: no limit")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--run-timeout", options.runTimeout, runTimeoutHelp)
      ->check(CLI::NonNegativeNumber);
  command
      .add_option("--max-instructions", options.maxInstructions,
                  "Stop a launch after its work-items executed this many instructions in all and "
                  "report where they were (hang.instruction-limit; 1e9 is accepted); 0: no limit")
      ->check(CLI::Range(0.0, 1.8e19));
  command
      .add_option("--max-memory", options.maxMemory,
                  "Bytes the buffers may take in all (suffixes k, M, G = 1000^n; KiB, MiB, GiB "
                  "= 1024^n); default: half of the physical memory")
      ->check(kNotNegative)
      ->transform(CLI::AsSizeValue(true));
  command
      .add_option("--printf-buffer", options.printfBufferSize,
                  "Bytes of printf output one launch may produce; a printf call that does not "
                  "fit returns -1 and prints nothing (default 256 MiB; 0: no limit)")
      ->check(kNotNegative)
      ->transform(CLI::AsSizeValue(true));
  command
      .add_option("--checks", options.checks,
                  std::string("Comma-separated checks to run: ") + checkNames() +
                      " (default all; bounds checks are always on, `bounds` alone is the "
                      "fastest)")
      ->check(checkListProblem);
}

std::string workSizeProblem(const std::string &word) {
  uint64_t value = 0;
  const char *end = word.data() + word.size();
  const auto [ptr, ec] = std::from_chars(word.data(), end, value);
  if (ec == std::errc::result_out_of_range)
    return "'" + word + "' is too large for a size (at most 2^64 - 1 work-items)";
  if (ec != std::errc() || ptr != end)
    return "'" + word + "' is not a size: a whole number of work-items, at least 1";
  if (value == 0) return "a size of 0 work-items: each dimension has at least 1";
  return {};
}

std::string checkListProblem(const std::string &list) {
  try {
    CheckSet::parse(list);
    return {};
  } catch (const Error &e) {
    return e.what();
  }
}

void addSuppressionOptions(CLI::App &command, SuppressionOptions &options) {
  command
      .add_option("--suppress", options.rules,
                  "Accept findings of KIND (race.* for every race kind), or of KIND at one "
                  "source line (KIND@FILE:LINE): they are not printed, reported or counted")
      ->type_name("KIND[@FILE:LINE]")
      ->allow_extra_args(false);
  command
      .add_option("--suppressions", options.files,
                  "Read --suppress rules from FILE, one per line (# starts a comment)")
      ->type_name("FILE")
      ->allow_extra_args(false);
}

void addReportFormatOption(CLI::App &command, std::string &format, const std::string &jsonHelp) {
  command
      .add_option("--report-format", format,
                  "The format of --report: json (" + jsonHelp +
                      "), sarif (SARIF 2.1.0, findings with source locations, for CI), html (one "
                      "self-contained page: launches, findings with their source lines, and with "
                      "--profile the source as a heat map); default: html for a FILE ending in "
                      ".html, else json")
      ->check(CLI::IsMember({"json", "sarif", "html"}));
}

bool reportFileIsHtml(const std::string &file) {
  const std::string extension = std::filesystem::path(file).extension().string();
  return extension == ".html" || extension == ".htm";
}

} // namespace spvsim::cli
