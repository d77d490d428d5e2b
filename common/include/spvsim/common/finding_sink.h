// FindingSink: thread-safe collector that deduplicates findings (same kind,
// site and buffer are counted, not repeated; the distinct instructions a site
// stands for are counted too) and caps how many are kept.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "spvsim/common/finding.h"

namespace spvsim {

class FindingSink {
public:
  explicit FindingSink(size_t limit = 1000) : limit_(limit) {}

  /// Records a finding; an identical one already recorded only gets its count raised
  /// (and its instruction count, when this one is at another instruction of the site).
  /// Returns true when the finding was new.
  bool report(Finding f);
  /// Whether a finding identical to `f` (as report() decides) is recorded already.
  bool contains(const Finding &f) const;

  std::vector<Finding> findings() const;
  /// Forgets every finding (and the dropped count).
  void clear();
  size_t errorCount() const;
  size_t warningCount() const;
  /// Findings that were dropped because the limit was reached.
  size_t dropped() const;
  /// Called with each new finding as it is recorded, on the reporting thread, outside
  /// the sink's lock (the debugger stops there). Set before findings are reported.
  void setObserver(std::function<void(const Finding &)> observer) {
    observer_ = std::move(observer);
  }

private:
  using Key = std::tuple<std::string, uint64_t, std::string, std::string>;
  static Key keyOf(const Finding &f);
  mutable std::mutex mutex_;
  size_t limit_;
  size_t dropped_ = 0;
  std::vector<Finding> findings_;
  std::map<Key, size_t> index_;
  std::function<void(const Finding &)> observer_;
  /// Per finding kept: the word offsets of the instructions merged into it.
  std::vector<std::vector<uint32_t>> instructions_;
};

} // namespace spvsim
