// The process's findings (see findings.h).
#include "core/findings.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <unistd.h>

namespace spvsim::runtime {

namespace {
constexpr size_t kFindingLimit = 1000;
constexpr size_t kLaunchLimit = 100000;
/// The most launches a nondeterminism finding lists by their NDRange command.
constexpr size_t kLaunchesListed = 10;

/// What tells findings apart beyond kind, site and buffer: for a finding without a site,
/// its message — except a schedule exploration's, which names the kernel instead, so that
/// every launch of a kernel whose result depends on the schedule counts in one finding
/// however its values differ (mergeLaunch names the launches).
std::string findingDetail(const Finding &f) {
  if (f.site) return std::string();
  if (f.kind.starts_with("nondeterminism.")) return "kernel " + f.kernel;
  return f.message;
}

/// The "NDRange command #K" an explored launch's finding names in its notes
/// (explore_launch.cpp), or "".
std::string exploredCommand(const Finding &f) {
  constexpr std::string_view marker = "NDRange command #";
  for (const std::string &note : f.notes)
    if (const size_t at = note.find(marker); at != std::string::npos) {
      const size_t start = at + marker.size();
      return "#" + note.substr(start, note.find_first_not_of("0123456789", start) - start);
    }
  return std::string();
}

/// Counts `f`, a schedule exploration's finding of another launch, in `into`: a note
/// lists the launches that differ (the first kLaunchesListed of them).
void mergeLaunch(Finding &into, const Finding &f) {
  const uint64_t count = into.count + f.count;
  const std::string command = exploredCommand(f);
  constexpr std::string_view prefix = "launches that differ: ";
  auto note = std::find_if(into.notes.begin(), into.notes.end(),
                           [&](const std::string &n) { return n.starts_with(prefix); });
  if (note == into.notes.end()) {
    const std::string first = exploredCommand(into);
    into.notes.push_back(std::string(prefix) + "NDRange commands " +
                         (first.empty() ? std::string("?") : first));
    note = into.notes.end() - 1;
  }
  const size_t more = note->find(" and ");
  std::string list = more == std::string::npos ? *note : note->substr(0, more);
  if (into.count < kLaunchesListed) list += ", " + (command.empty() ? std::string("?") : command);
  if (count > kLaunchesListed) list += " and " + std::to_string(count - kLaunchesListed) + " more";
  *note = list;
  into.count = count;
}
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
    bool news = false; ///< a finding or suppression not in the report yet
    if (source && !findings.empty() && !programExcerpts_.contains(program))
      programExcerpts_[program].setText("input.cl", *source);
    for (const Finding &f : findings) {
      Key key{program, f.kind, f.site, f.memory ? f.memory->buffer : std::string(),
              findingDetail(f)};
      // Accepted (SPVSIM_SUPPRESS): counted once, as `spvsim run` counts them.
      if (config_.suppressions.matches(f)) {
        if (suppressed_.insert(std::move(key)).second) dirty_ = news = true;
        continue;
      }
      if (auto it = index_.find(key); it != index_.end()) {
        if (f.kind.starts_with("nondeterminism.") && !f.site)
          mergeLaunch(findings_[it->second], f);
        else
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
      dirty_ = news = true;
    }
    // A new finding is written at once; counts, launches and profiles alone only when
    // the launches have doubled since the last write (every launch would make the
    // writes quadratic in the launches), and at exit (flush).
    if (news || (dirty_ && launches_.size() + launchesDropped_ >= nextLaunchWrite_)) writeReport();
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
  nextLaunchWrite_ = 2 * (launches_.size() + launchesDropped_) + 1;
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
