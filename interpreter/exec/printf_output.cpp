// PrintfOutput: group-ordered emission of printf output and the buffer budget.
#include "exec/printf_output.h"

namespace spvsim {

PrintfOutput::PrintfOutput(Sink sink, uint64_t bufferSize)
    : sink_(std::move(sink)), bufferSize_(bufferSize) {}

uint64_t PrintfOutput::remaining() const {
  if (bufferSize_ == 0) return UINT64_MAX;
  const uint64_t used = used_.load(std::memory_order_relaxed);
  return used >= bufferSize_ ? 0 : bufferSize_ - used;
}

bool PrintfOutput::reserve(uint64_t bytes) {
  if (bufferSize_ == 0) return true;
  uint64_t used = used_.load(std::memory_order_relaxed);
  do {
    if (bytes > bufferSize_ - used) return false;
  } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
  return true;
}

void PrintfOutput::completeGroup(uint64_t linearGroup, std::vector<std::string> &byItem) {
  std::string text;
  for (std::string &item : byItem) {
    text += item;
    item.clear();
  }
  std::lock_guard lock(mutex_);
  if (linearGroup == nextGroup_) {
    if (!text.empty() && sink_) sink_(text);
    ++nextGroup_;
    emitReady();
  } else {
    heldBack_.emplace(linearGroup, std::move(text));
  }
}

void PrintfOutput::emitReady() {
  for (auto it = heldBack_.begin(); it != heldBack_.end() && it->first == nextGroup_;) {
    if (!it->second.empty() && sink_) sink_(it->second);
    ++nextGroup_;
    it = heldBack_.erase(it);
  }
}

void PrintfOutput::finish() {
  std::lock_guard lock(mutex_);
  for (auto &[group, text] : heldBack_)
    if (!text.empty() && sink_) sink_(text);
  heldBack_.clear();
}

} // namespace spvsim
