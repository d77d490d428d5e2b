// FindingSink: deduplicating, capped, thread-safe finding collector.
#include "spvsim/common/finding_sink.h"

#include <algorithm>

namespace spvsim {

FindingSink::Key FindingSink::keyOf(const Finding &f) {
  Key key{f.kind, f.site, f.memory ? f.memory->buffer : std::string(), f.message};
  if (f.site != 0) std::get<3>(key).clear(); // a site identifies the finding by itself
  return key;
}

bool FindingSink::contains(const Finding &f) const {
  std::lock_guard lock(mutex_);
  return index_.count(keyOf(f)) > 0;
}

bool FindingSink::report(Finding f) {
  std::unique_lock lock(mutex_);
  Key key = keyOf(f);
  auto it = index_.find(key);
  if (it != index_.end()) {
    Finding &kept = findings_[it->second];
    kept.count += f.count;
    std::vector<uint32_t> &seen = instructions_[it->second];
    if (f.wordOffset && std::find(seen.begin(), seen.end(), *f.wordOffset) == seen.end()) {
      seen.push_back(*f.wordOffset);
      kept.instructions += f.instructions;
    }
    return false;
  }
  if (findings_.size() >= limit_) {
    ++dropped_;
    return false;
  }
  index_.emplace(std::move(key), findings_.size());
  instructions_.emplace_back();
  if (f.wordOffset) instructions_.back().push_back(*f.wordOffset);
  findings_.push_back(std::move(f));
  if (observer_) {
    const Finding copy = findings_.back();
    lock.unlock();
    observer_(copy);
  }
  return true;
}

void FindingSink::clear() {
  std::lock_guard lock(mutex_);
  findings_.clear();
  index_.clear();
  instructions_.clear();
  dropped_ = 0;
}

std::vector<Finding> FindingSink::findings() const {
  std::lock_guard lock(mutex_);
  return findings_;
}

size_t FindingSink::errorCount() const {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (const auto &f : findings_) n += f.severity == Severity::Error;
  return n;
}

size_t FindingSink::warningCount() const {
  std::lock_guard lock(mutex_);
  size_t n = 0;
  for (const auto &f : findings_) n += f.severity == Severity::Warning;
  return n;
}

size_t FindingSink::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

} // namespace spvsim
