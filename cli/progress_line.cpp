// ProgressLine (cli/progress_line.h).
#include "progress_line.h"

#include <cinttypes>

namespace spvsim::cli {

ProgressLine::ProgressLine(std::FILE *out) : out_(out) {
  if (out_) thread_ = std::jthread([this](std::stop_token stop) { run(stop); });
}

ProgressLine::~ProgressLine() {
  if (!out_) return;
  thread_.request_stop();
  wake_.notify_all();
  thread_.join();
  std::lock_guard lock(mutex_);
  eraseLocked();
}

LaunchProgress *ProgressLine::begin(const std::string &what) {
  if (!out_) return nullptr;
  std::lock_guard lock(mutex_);
  counters_.workGroups.store(0, std::memory_order_relaxed);
  counters_.workGroupsDone.store(0, std::memory_order_relaxed);
  what_ = what;
  started_ = std::chrono::steady_clock::now();
  running_ = true;
  wake_.notify_all();
  return &counters_;
}

void ProgressLine::end() {
  if (!out_) return;
  std::lock_guard lock(mutex_);
  running_ = false;
  eraseLocked();
}

void ProgressLine::erase() {
  if (!out_) return;
  std::lock_guard lock(mutex_);
  eraseLocked();
}

void ProgressLine::eraseLocked() {
  if (!shown_) return;
  std::fputs("\r\033[K", out_); // to the line's start, then clear to its end
  std::fflush(out_);
  shown_ = false;
}

void ProgressLine::draw() {
  const uint64_t total = counters_.workGroups.load(std::memory_order_relaxed);
  const uint64_t done = counters_.workGroupsDone.load(std::memory_order_relaxed);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  std::fprintf(out_, "\r\033[Kspvsim: %s: %" PRIu64 " of %" PRIu64 " work-groups (%.1f%%), %.0f/s",
               what_.c_str(), done, total, total ? 100.0 * double(done) / double(total) : 0.0,
               seconds > 0 ? double(done) / seconds : 0.0);
  std::fflush(out_);
  shown_ = true;
}

void ProgressLine::run(std::stop_token stop) {
  std::unique_lock lock(mutex_);
  while (!stop.stop_requested()) {
    if (!running_) {
      wake_.wait(lock, stop, [this] { return running_; });
      continue;
    }
    const auto showFrom = started_ + kDelay;
    if (std::chrono::steady_clock::now() < showFrom) {
      // Woken early by a new launch or by the stop: look again.
      wake_.wait_until(lock, stop, showFrom, [] { return false; });
      continue;
    }
    draw();
    const auto launch = started_;
    wake_.wait_for(lock, stop, kPeriod, [&] { return !running_ || started_ != launch; });
  }
}

} // namespace spvsim::cli
