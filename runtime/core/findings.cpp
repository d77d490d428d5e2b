// The process's findings (see findings.h).
#include "core/findings.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace spvsim::runtime {

namespace {
constexpr size_t kFindingLimit = 1000;
constexpr size_t kLaunchLimit = 100000;
} // namespace

FindingLog &FindingLog::get() {
  // Never destroyed: the report is written by the exit hook (api/dispatch.cpp).
  static FindingLog *log = std::make_unique<FindingLog>(Config::get()).release();
  return *log;
}

FindingLog::FindingLog(const Config &config) : config_(config) {}

SourceExcerpts &FindingLog::excerptsOf(uint64_t program) {
  auto it = programExcerpts_.find(program);
  return it == programExcerpts_.end() ? excerpts_ : it->second;
}

void FindingLog::add(uint64_t program, const std::vector<Finding> &findings,
                     const std::string *source) {
  std::string text;
  {
    std::lock_guard lock(mutex_);
    if (source && !findings.empty() && !programExcerpts_.contains(program))
      programExcerpts_[program].setText("input.cl", *source);
    for (const Finding &f : findings) {
      Key key{program, f.kind, f.site, f.memory ? f.memory->buffer : std::string(),
              f.site ? std::string() : f.message};
      // Accepted (SPVSIM_SUPPRESS): counted once, as `spvsim run` counts them.
      if (config_.suppressions.matches(f)) {
        dirty_ |= suppressed_.insert(std::move(key)).second;
        continue;
      }
      if (auto it = index_.find(key); it != index_.end()) {
        findings_[it->second].count += f.count;
        dirty_ = true;
        continue;
      }
      if (findings_.size() >= kFindingLimit) {
        if (dropped_++ == 0)
          text += "spvsim: further findings are not shown (limit of " +
                  std::to_string(kFindingLimit) + " reached)\n";
        continue;
      }
      index_.emplace(std::move(key), findings_.size());
      findings_.push_back(f);
      programs_.push_back(program);
      text += formatText(f, &excerptsOf(program));
      dirty_ = true;
    }
    if (dirty_) writeReport();
  }
  if (!text.empty() && !config_.quiet) {
    std::fflush(stdout); // printf output of the launch first
    std::cerr << text << std::flush;
  }
}

void FindingLog::addLaunch(nlohmann::json launch) {
  std::lock_guard lock(mutex_);
  if (launches_.size() < kLaunchLimit)
    launches_.push_back(std::move(launch));
  else
    ++launchesDropped_;
  dirty_ = true;
}

void FindingLog::setProfile(size_t index, nlohmann::json profile) {
  std::lock_guard lock(mutex_);
  if (profiles_.is_null()) profiles_ = nlohmann::json::array();
  if (index < profiles_.size())
    profiles_[index] = std::move(profile);
  else
    profiles_.push_back(std::move(profile));
  dirty_ = true;
}

void FindingLog::addError(const std::string &message) {
  std::cerr << "spvsim: " << message << "\n" << std::flush;
  std::lock_guard lock(mutex_);
  errors_.push_back(message);
  dirty_ = true;
  writeReport();
}

void FindingLog::flush() {
  std::lock_guard lock(mutex_);
  if (dirty_ || (!config_.reportFile.empty() && !std::filesystem::exists(config_.reportFile)))
    writeReport();
}

size_t FindingLog::errorCount() const {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (const Finding &f : findings_) n += f.severity == Severity::Error;
  return n;
}

void FindingLog::writeReport() {
  dirty_ = false;
  if (config_.reportFile.empty()) return;
  nlohmann::json report;
  report["version"] = SPVSIM_VERSION; // as run's report says which spvsim wrote it
  report["findings"] = nlohmann::json::array();
  for (size_t i = 0; i < findings_.size(); ++i) {
    nlohmann::json finding = toJson(findings_[i]);
    finding["text"] = formatText(findings_[i], &excerptsOf(programs_[i])); // counts as now
    report["findings"].push_back(std::move(finding));
  }
  report["launches"] = launches_;
  report["suppressed"] = suppressed_.size();
  // Keys beyond docs/run-files.md's: what the runtime adds.
  if (launchesDropped_) report["launches_not_listed"] = launchesDropped_;
  if (dropped_) report["findings_not_listed"] = dropped_;
  if (!errors_.empty()) report["errors"] = errors_;
  if (!profiles_.is_null()) report["profiles"] = profiles_;
  // Written next to the target and renamed, so a reader never sees half a report.
  const std::string temporary = config_.reportFile + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(temporary, std::ios::binary);
    out << report.dump(2) << "\n";
    if (!out) {
      std::cerr << "spvsim: SPVSIM_REPORT: cannot write '" << config_.reportFile << "'\n";
      return;
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, config_.reportFile, error);
  if (error)
    std::cerr << "spvsim: SPVSIM_REPORT: cannot write '" << config_.reportFile
              << "': " << error.message() << "\n";
}

} // namespace spvsim::runtime
