// Shared helpers of the run-file tests: the data folder, parsing a run file's text, and
// the message of the error an action throws.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "spvsim/common/error.h"
#include "spvsim/runfile/run_spec.h"

namespace spvsim::runfile::test {

/// tests/runfile/data: the files run files in the tests name.
inline const std::filesystem::path kData = SPVSIM_RUNFILE_TEST_DATA;

/// The message of the Error `action` throws, or "(no error)".
inline std::string errorOf(const std::function<void()> &action) {
  try {
    action();
  } catch (const Error &e) {
    return e.what();
  }
  return "(no error)";
}

/// `text` parsed as the run file kData/test.json.
inline RunSpec parse(std::string_view text) {
  return parseRunText(text, kData, "test.json");
}

/// The message parsing `text` as a run file gives, or "(no error)".
inline std::string parseError(std::string_view text) {
  return errorOf([&] { parse(text); });
}

} // namespace spvsim::runfile::test
