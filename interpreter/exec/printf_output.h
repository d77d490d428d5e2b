// PrintfOutput: the printf output of one launch. Work-items append to their
// own text while their group runs; a finished group's text is emitted in
// work-item order, and groups in group order, whichever thread ran them — so
// the output does not depend on threads or warp width (DESIGN.md
// "Determinism"). Also keeps the launch's printf buffer budget.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace spvsim {

class PrintfOutput {
public:
  using Sink = std::function<void(std::string_view)>;
  /// `bufferSize`: bytes the launch may print in all (0: no limit).
  PrintfOutput(Sink sink, uint64_t bufferSize);

  /// Bytes left in the launch's buffer.
  uint64_t remaining() const;
  /// Takes `bytes` from the buffer; false (and nothing taken) when they do not fit.
  bool reserve(uint64_t bytes);
  /// Counts a call that printed nothing because the buffer was full.
  void dropCall() { droppedCalls_.fetch_add(1, std::memory_order_relaxed); }
  uint64_t droppedCalls() const { return droppedCalls_.load(std::memory_order_relaxed); }
  /// The output of group `linearGroup`, by local linear id (its strings are
  /// cleared, their capacity kept). Emitted once every earlier group's is.
  void completeGroup(uint64_t linearGroup, std::vector<std::string> &byItem);
  /// Emits the completed groups still held back (after a launch that stopped early).
  void finish();

private:
  void emitReady(); ///< with mutex_ held
  Sink sink_;
  uint64_t bufferSize_;
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> droppedCalls_{0};
  std::mutex mutex_;
  uint64_t nextGroup_ = 0;
  std::map<uint64_t, std::string> heldBack_; ///< completed groups after a gap
};

} // namespace spvsim
