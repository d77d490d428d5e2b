// FindingLog: every finding of the process — from kernels and from programs
// that failed validation — deduplicated across launches (the same kind at
// the same instruction of the same program is counted, not repeated),
// printed to standard error as `spvsim run` prints them, and written as the
// JSON report of docs/run-files.md to SPVSIM_REPORT (rewritten whenever a new
// finding or error is recorded, so that a program that crashes still leaves it
// behind; launches, profiles and counts of known findings when the launches have
// doubled since the last write, and at exit), each finding with its printed text
// ("text") for `spvsim exec --report FILE.html`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config.h"
#include "spvsim/common/finding.h"
#include "spvsim/common/source_excerpt.h"

namespace spvsim::runtime {

class FindingLog {
public:
  static FindingLog &get();
  explicit FindingLog(const Config &config);

  /// Records findings of `program` (a number that identifies the module they are about).
  /// `source`: the program's OpenCL C when the host gave it as text; the findings'
  /// lines in "input.cl" are taken from it (never from a file of that name).
  void add(uint64_t program, const std::vector<Finding> &findings,
           const std::string *source = nullptr);
  /// Records a launch for the report's "launches" list.
  void addLaunch(nlohmann::json launch);
  /// Sets entry `index` of the report's "profiles" (core/profiles.h: one object per
  /// kernel), or adds it when `index` is their count.
  void setProfile(size_t index, nlohmann::json profile);
  /// Records an error that stopped a command (also printed).
  void addError(const std::string &message);
  /// Writes the report once more (at process exit).
  void flush();

  size_t errorCount() const;

private:
  void writeReport(); ///< with mutex_ held

  const Config &config_;
  mutable std::mutex mutex_;
  using Key = std::tuple<uint64_t, std::string, uint64_t, std::string, std::string>;
  std::map<Key, size_t> index_;
  std::set<Key> suppressed_; ///< findings a suppression accepted
  std::vector<Finding> findings_;
  std::vector<uint64_t> programs_; ///< per finding, its program
  size_t dropped_ = 0;
  nlohmann::json launches_ = nlohmann::json::array();
  size_t launchesDropped_ = 0;
  std::vector<std::string> errors_;
  nlohmann::json profiles_; ///< null until a launch was profiled, then an array
  /// The source lines findings name, read once per file; a program given as text has
  /// its own, holding that text as "input.cl".
  SourceExcerpts excerpts_;
  std::map<uint64_t, SourceExcerpts> programExcerpts_;
  SourceExcerpts &excerptsOf(uint64_t program);
  bool dirty_ = false;
  /// The launch count (listed and dropped) at which a launch alone rewrites the report:
  /// twice the count of the last write, so that the writes stay linear in the launches.
  size_t nextLaunchWrite_ = 1;
};

} // namespace spvsim::runtime
